import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingDefinitions } from '../../../../../common/src/api/config.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { settingFormKeys } from '../settings/settings-form.ts';
import { stubApi } from '../test/fetch-router.ts';
import { SettingsPage } from './SettingsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = { ...member, userID: 2, name: 'admin', isAdmin: true };

function storedValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...Object.fromEntries(settingFormKeys.map((key) => [key, settingDefinitions[key].default])),
    ...overrides,
  };
}

function renderAsAdmin() {
  return renderWithApp(<SettingsPage />, {
    route: '/dashboard/settings',
    bootstrap: { me: admin, permissions: permissionSet(['session.valid', 'site.manage']) },
  });
}

/** The error text an input points at with aria-describedby. */
function describedErrors(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((element) => element?.tagName === 'UL')
    .map((element) => element?.textContent ?? '')
    .join(' ');
}

describe('SettingsPage', { timeout: 20_000 }, () => {
  it('shows the permission error page without site.manage', () => {
    const calls = stubApi({});
    renderWithApp(<SettingsPage />, {
      route: '/dashboard/settings',
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'community.manage']) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('loads the values, shows them in human units and sends only the changed keys', async () => {
    let stored = storedValues({ 'ui.editContentTimeout': 1800, 'upload.maxSize': 2097152 });
    const calls = stubApi({
      'GET /config': () => jsonResponse(200, stored),
      'PATCH /config': (call) => {
        stored = { ...stored, ...(call.body as Record<string, unknown>) };
        return new Response(null, { status: 200 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAsAdmin();

    const timeout = await screen.findByLabelText('Edit timeout');
    expect(calls[0]?.search.get('select')?.split(',')).toContain('ui.editContentTimeout');
    // 1800 seconds reads as 30 minutes; 2 MiB as 2 MB.
    expect((timeout as HTMLInputElement).value).toBe('30');
    const posting = screen.getByRole('region', { name: 'Posting' });
    expect((within(posting).getAllByLabelText('Unit')[0] as HTMLSelectElement).value).toBe(
      'minutes',
    );
    expect((screen.getByLabelText('Maximum upload size') as HTMLInputElement).value).toBe('2');
    expect(screen.getByText('Seconds an author may edit a post; -1 means no limit.')).toBeDefined();

    await user.clear(timeout);
    await user.type(timeout, '2');
    await user.selectOptions(within(posting).getAllByLabelText('Unit')[0] as HTMLElement, 'hours');
    await user.click(screen.getByLabelText('Enable tagging'));
    await user.clear(screen.getByLabelText('Allowed file extensions'));
    await user.type(screen.getByLabelText('Allowed file extensions'), 'JPG, .png,  pdf');
    expect(screen.getByText('You have unsaved changes')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved.')).toBeDefined();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/config');
    expect(patch?.body).toEqual({
      'ui.editContentTimeout': 7200,
      'tagging.enabled': false,
      'upload.allowedExtensions': ['jpg', 'png', 'pdf'],
    });
    expect(screen.queryByText('You have unsaved changes')).toBeNull();
  });

  it('shows only the settings that do something, by section (issue 11 item 22)', async () => {
    stubApi({ 'GET /config': () => jsonResponse(200, storedValues({ 'registration.method': 'invitation' })) });
    renderAsAdmin();
    await screen.findByLabelText('Edit timeout');
    const shown = Object.fromEntries(
      screen.getAllByRole('region').map((region) => [
        region.getAttribute('aria-label') ?? region.querySelector('h2')?.textContent ?? '',
        Array.from(region.querySelectorAll('label'))
          .map((label) => label.textContent?.trim() ?? '')
          .filter((text) => text !== '' && text !== 'Unit' && text !== 'No limit'),
      ]),
    );
    expect(shown).toEqual({
      General: ['Site title', 'Site description', 'Home page title', 'Default locale', 'Title bar'],
      Posting: [
        'Edit timeout',
        'Enable tagging',
        'Discussions per page',
        'Comments per page',
        'Enable triage',
        'Enable scheduled posts',
        'Shortest scheduling lead (seconds)',
      ],
      Moderation: ['Approve new discussions', 'Approve new comments', 'Banned users’ profiles are private'],
      'Flood control': [
        'Discussions allowed',
        'Discussion window',
        'Discussion lock',
        'Comments allowed',
        'Comment window',
        'Comment lock',
      ],
      Spam: ['First posts held for approval', 'Links allowed until trusted', 'Accepted posts to be trusted'],
      Uploads: ['Maximum upload size', 'Allowed file extensions'],
      Registration: [
        'Registration method',
        'Confirm email addresses',
        'Minimum password length',
        'Users may change their email',
      ],
      Conversations: [
        'Enable private conversations',
        'Moderators may read conversations',
        'Maximum message length',
        'Conversations per page',
      ],
      Email: ['Send email notifications', 'Enable the email digest', 'Digest frequency'],
    });
    for (const hidden of ['Private community', 'Enable reports', 'Enable signatures', 'External search URL']) {
      expect(screen.queryByLabelText(hidden)).toBeNull();
    }
    // Registration offers the methods that work; a stored other method still shows as it is.
    const method = screen.getByLabelText('Registration method') as HTMLSelectElement;
    expect(Array.from(method.options).map((option) => option.value)).toEqual(['basic', 'approval', 'invitation']);
    expect(method.value).toBe('invitation');
  });

  it('the digest frequency is daily or weekly; the choice is saved and a refusal shows at the field', async () => {
    let refuse = true;
    const calls = stubApi({
      'GET /config': () => jsonResponse(200, storedValues({ 'emails.digest': true })),
      'PATCH /config': () =>
        refuse
          ? jsonResponse(422, {
              message: 'Validation Failed',
              status: 422,
              errors: [
                {
                  field: 'emails.digestFrequency',
                  code: 'invalid',
                  message: 'emails.digestFrequency must be one of: daily, weekly.',
                  status: 422,
                },
              ],
            })
          : new Response(null, { status: 200 }),
    });
    const user = userEvent.setup({ delay: null });
    renderAsAdmin();
    const frequency = (await screen.findByLabelText('Digest frequency')) as HTMLSelectElement;
    expect(Array.from(frequency.options).map((option) => [option.value, option.textContent])).toEqual([
      ['daily', 'Daily'],
      ['weekly', 'Weekly, on Mondays'],
    ]);
    expect(frequency.value).toBe('weekly');
    await user.selectOptions(frequency, 'daily');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedErrors(frequency)).toContain('emails.digestFrequency must be one of: daily, weekly.'));
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your changes have been saved.');
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { 'emails.digestFrequency': 'daily' },
      { 'emails.digestFrequency': 'daily' },
    ]);
  });

  it('sends -1 for No limit and says so when nothing changed', async () => {
    const calls = stubApi({
      'GET /config': () => jsonResponse(200, storedValues()),
      'PATCH /config': () => new Response(null, { status: 200 }),
    });
    const user = userEvent.setup({ delay: null });
    renderAsAdmin();
    await screen.findByLabelText('Edit timeout');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There are no changes to save.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(screen.getByLabelText('No limit'));
    expect((screen.getByLabelText('Edit timeout') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your changes have been saved.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      'ui.editContentTimeout': -1,
    });
  });

  it('shows the server’s errors next to their fields, grouped by setting (spec 001 §7.7)', async () => {
    stubApi({
      'GET /config': () => jsonResponse(200, storedValues()),
      'PATCH /config': () =>
        jsonResponse(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [
            {
              field: 'upload.allowedExtensions.1',
              code: 'invalid',
              message:
                'upload.allowedExtensions must hold lower-case extensions without a leading dot.',
              status: 422,
            },
            {
              field: 'floodControl.comments.count',
              code: 'maximum',
              message: 'floodControl.comments.count should not be greater than 1000.',
              status: 422,
            },
          ],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderAsAdmin();
    const extensions = await screen.findByLabelText('Allowed file extensions');
    await user.type(extensions, ', a*b');
    const comments = screen.getByLabelText('Comments allowed');
    await user.clear(comments);
    await user.type(comments, '900');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('floodControl.comments.count should not be greater than 1000.');
    expect(comments.getAttribute('aria-invalid')).toBe('true');
    expect(describedErrors(comments)).toBe(
      'floodControl.comments.count should not be greater than 1000.',
    );
    expect(describedErrors(extensions)).toBe(
      'upload.allowedExtensions must hold lower-case extensions without a leading dot.',
    );
    // Field errors stay by their fields: no form-level alert repeats them.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Your changes have been saved.')).toBeNull();
  });

  it('checks whole numbers and the registry’s bounds before sending', async () => {
    const calls = stubApi({ 'GET /config': () => jsonResponse(200, storedValues()) });
    const user = userEvent.setup({ delay: null });
    renderAsAdmin();
    const window = await screen.findByLabelText('Discussion window');
    await user.clear(window);
    await user.type(window, '0');
    const perPage = screen.getByLabelText('Discussions per page');
    await user.clear(perPage);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedErrors(window)).toBe('Enter a number of at least 1.');
    expect(describedErrors(perPage)).toBe('Enter a whole number.');
    // Focus goes to the first field in error, so its message is read out.
    expect(document.activeElement).toBe(perPage);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('shows a permission refusal above the form', async () => {
    stubApi({
      'GET /config': () => jsonResponse(200, storedValues()),
      'PATCH /config': () =>
        jsonResponse(403, {
          message: 'Permission Problem',
          status: 403,
          description: 'You need the site.manage permission to do that.',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderAsAdmin();
    await user.click(await screen.findByLabelText('Enable tagging'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Permission Problem');
  });
});
