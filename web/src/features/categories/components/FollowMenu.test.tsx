import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryPreferences } from '../../../../../common/src/api/categories.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi, type RecordedCall } from '../../admin/test/fetch-router.ts';
import { FollowMenu } from './FollowMenu.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unfollowed: CategoryPreferences = {
  'preferences.followed': false,
  'preferences.popup.posts': false,
  'preferences.email.posts': false,
  'preferences.popup.comments': false,
  'preferences.email.comments': false,
  'preferences.email.digest': false,
};
const followedDefaults: CategoryPreferences = {
  ...unfollowed,
  'preferences.followed': true,
  'preferences.popup.posts': true,
  'preferences.email.digest': true,
};

const methodsOff = {
  'preferences.popup.posts': false,
  'preferences.email.posts': false,
  'preferences.popup.comments': false,
  'preferences.email.comments': false,
};

const prefsPath = 'GET /categories/5/preferences/$me';
const patchPath = 'PATCH /categories/5/preferences/$me';

/** A server keeping one member's preferences: PUT follow applies the defaults, PATCH merges. */
function stubServer(initial: CategoryPreferences, failPatch = false): RecordedCall[] {
  let saved = initial;
  return stubApi({
    [prefsPath]: () => jsonResponse(200, saved),
    'PUT /categories/5/follow': () => {
      saved = followedDefaults;
      return jsonResponse(200, { followed: true });
    },
    [patchPath]: (call) => {
      if (failPatch) {
        return jsonResponse(403, {
          message: 'Permission Problem',
          status: 403,
          description: 'You need the Garden.Email.View permission to do that.',
        });
      }
      saved = { ...saved, ...(call.body as Partial<CategoryPreferences>) };
      return jsonResponse(200, saved);
    },
  });
}

function renderMenu(names: string[] = ['session.valid'], digest = true) {
  return renderWithApp(<FollowMenu categoryID={5} categoryName="General" url="/categories/general" />, {
    bootstrap: { me: member, permissions: permissionSet(names), config: { 'emails.digest': digest } },
  });
}

const patches = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

function box(name: string): HTMLInputElement {
  return screen.getByRole('checkbox', { name }) as HTMLInputElement;
}

describe('FollowMenu', { timeout: 20_000 }, () => {
  it('shows nothing to guests', () => {
    const calls = stubServer(unfollowed);
    const { container } = renderWithApp(
      <FollowMenu categoryID={5} categoryName="General" url="/categories/general" />,
    );
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });

  it('opening the menu follows with the default preferences; the popover has its header and footer', async () => {
    const calls = stubServer(unfollowed);
    renderMenu(['session.valid', 'email.view']);
    const toggle = await screen.findByRole('button', { name: /^Follow/ });
    expect(toggle.textContent).toBe('Follow');
    await userEvent.click(toggle);
    expect(screen.getByRole('heading', { name: /Notification Preferences/ })).toBeDefined();
    await waitFor(() => expect(toggle.textContent).toBe('Following'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ followed: true }]);
    await waitFor(() => expect(box('New posts: Notification popup').checked).toBe(true));
    expect(box('Include in email digest').checked).toBe(true);
    expect(box('New comments: Email').checked).toBe(false);
    const link = screen.getByRole('link', { name: 'View Category' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('/categories/general');
    expect(patches(calls)).toEqual([]);
  });

  it('a failed load shows the server error in the popover', async () => {
    stubApi({
      [prefsPath]: () =>
        jsonResponse(403, {
          message: 'Permission Problem',
          status: 403,
          description: 'You need the discussions.view permission to do that.',
        }),
    });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^Follow/ }));
    expect(
      await screen.findByText('You need the discussions.view permission to do that.'),
    ).toBeDefined();
  });

  it('Escape closes the popover and returns focus to its button', async () => {
    stubServer(followedDefaults);
    renderMenu();
    const toggle = await screen.findByRole('button', { name: /^Follow/ });
    await waitFor(() => expect(toggle.textContent).toBe('Following'));
    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Notify me of new content' })).toBeDefined();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox', { name: 'Notify me of new content' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('shows the e-mail column only to email.view holders, and the digest only with it', async () => {
    stubServer(followedDefaults);
    renderMenu(['session.valid']);
    await userEvent.click(await screen.findByRole('button', { name: /^Follow/ }));
    await screen.findByRole('checkbox', { name: 'New posts: Notification popup' });
    expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Include in email digest' })).toBeNull();
  });

  it('toggling the digest saves it, with the success message', async () => {
    const calls = stubServer(followedDefaults);
    renderMenu(['session.valid', 'email.view']);
    await userEvent.click(await screen.findByRole('button', { name: /^Follow/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Include in email digest' }));
    expect(box('Include in email digest').checked).toBe(false);
    await waitFor(() => expect(patches(calls)).toEqual([{ 'preferences.email.digest': false }]));
    expect(await screen.findByText('Success! Preferences saved.')).toBeDefined();
  });

  it('unchecking "Notify me of new content" resets the methods and hides the table; none chosen shows the rule', async () => {
    const calls = stubServer({ ...followedDefaults, 'preferences.email.digest': false });
    renderMenu(['session.valid', 'email.view']);
    await userEvent.click(await screen.findByRole('button', { name: /^Follow/ }));
    const notify = await screen.findByRole('checkbox', { name: 'Notify me of new content' });
    expect((notify as HTMLInputElement).checked).toBe(true);
    expect(
      screen.queryByText('At least one notification method must be selected to receive notifications'),
    ).toBeNull();
    await userEvent.click(notify);
    expect(screen.queryByRole('table')).toBeNull();
    await waitFor(() =>
      expect(patches(calls)).toEqual([
        methodsOff,
      ]),
    );
    expect(
      screen.getByText('At least one notification method must be selected to receive notifications'),
    ).toBeDefined();
    // Checking it again shows the table without saving anything.
    await userEvent.click(notify);
    expect(screen.getByRole('table')).toBeDefined();
    expect(patches(calls)).toHaveLength(1);
  });

  it('a failed save shows the server error above the form and rolls back', async () => {
    stubServer(followedDefaults, true);
    renderMenu(['session.valid', 'email.view']);
    await userEvent.click(await screen.findByRole('button', { name: /^Follow/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'New comments: Email' }));
    expect(
      await screen.findByText('You need the Garden.Email.View permission to do that.'),
    ).toBeDefined();
    await waitFor(() => expect(box('New comments: Email').checked).toBe(false));
  });

  it('saves at most once per 1250 ms, sending the first change at once and the rest together', async () => {
    const calls = stubServer(followedDefaults);
    renderMenu(['session.valid', 'email.view']);
    await userEvent.click(await screen.findByRole('button', { name: /^Follow/ }));
    await screen.findByRole('checkbox', { name: 'New comments: Email' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(box('New comments: Email'));
    await user.click(box('New comments: Notification popup'));
    await user.click(box('New posts: Email'));
    await waitFor(() => expect(patches(calls)).toEqual([{ 'preferences.email.comments': true }]));
    expect(box('New posts: Email').checked).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1300);
    });
    await waitFor(() =>
      expect(patches(calls)).toEqual([
        { 'preferences.email.comments': true },
        { 'preferences.popup.comments': true, 'preferences.email.posts': true },
      ]),
    );
  });

  it('Unfollow turns everything off, saves and closes', async () => {
    const calls = stubServer(followedDefaults);
    renderMenu(['session.valid', 'email.view']);
    const toggle = await screen.findByRole('button', { name: /^Follow/ });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));
    expect(screen.queryByRole('button', { name: 'Unfollow' })).toBeNull();
    await waitFor(() =>
      expect(patches(calls)).toEqual([
        unfollowed,
      ]),
    );
    await waitFor(() => expect(toggle.textContent).toBe('Follow'));
  });
});
