import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftListItem } from '../../../../../common/src/api/drafts.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { DraftsPage } from './DraftsPage.tsx';

function listItem(overrides: Partial<DraftListItem> = {}): DraftListItem {
  return {
    draftID: 31,
    recordType: 'discussion',
    parentRecordType: 'category',
    parentRecordID: 2,
    attributes: { body: '[{"type":"p","children":[{"text":"Seed list"}]}]', format: 'rich2', draftMeta: { name: 'Spring plans', categoryID: 2 } },
    insertUserID: member.userID,
    dateInserted: '2030-01-01T10:00:00+00:00',
    updateUserID: null,
    dateUpdated: '2030-01-01T10:00:00+00:00',
    draftStatus: 'draft',
    dateScheduled: null,
    name: 'Spring plans',
    excerpt: 'Seed list',
    editUrl: 'http://hearth.test/post/editdiscussion/0/31',
    breadCrumbs: [
      { name: 'Home', url: 'http://hearth.test/' },
      { name: 'Gardening', url: 'http://hearth.test/categories/gardening' },
    ],
    permaLink: null,
    failedReason: null,
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };

function stubApi(respond: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
      calls.push(call);
      return respond(call) ?? jsonResponse(404, { message: 'Not found.', status: 404 });
    }),
  );
  return calls;
}

const scheduler = { me: member, permissions: permissionSet(['session.valid', 'schedule.allow']) };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DraftsPage', () => {
  it('lists the member’s drafts with their place, excerpt and actions; tabs per status', async () => {
    const calls = stubApi((call) => (call.url.startsWith('/api/v2/drafts?') ? jsonResponse(200, [listItem()], { 'x-app-page-result-count': '1' }) : undefined));
    renderWithApp(<DraftsPage />, { bootstrap: scheduler, route: '/drafts' });
    const item = await screen.findByRole('article', { name: 'Spring plans' });
    expect(within(item).getByText('Home › Gardening')).toBeDefined();
    expect(within(item).getByText('Seed list')).toBeDefined();
    expect(within(item).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/post/editdiscussion/0/31');
    expect(within(item).getByRole('button', { name: 'Publish now' })).toBeDefined();
    expect(within(item).getByRole('button', { name: 'Schedule…' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Scheduled' }).getAttribute('href')).toBe('/drafts?draftStatus=scheduled');
    expect(calls[0]?.url).toBe('/api/v2/drafts?draftStatus=draft&page=1&limit=30');
  });

  it('links a draft of a comment edit to the comment’s page with its edit open', async () => {
    stubApi(() =>
      jsonResponse(200, [
        listItem({
          draftID: 40,
          recordType: 'comment',
          recordID: 7,
          parentRecordType: 'discussion',
          parentRecordID: 5,
          attributes: { body: '[{"type":"p","children":[{"text":"Better words"}]}]', format: 'rich2' },
          name: 'Tea time',
          excerpt: 'Better words',
          editUrl: 'http://hearth.test/discussion/comment/7?editComment=7#Comment_7',
          permaLink: 'http://hearth.test/discussion/comment/7#Comment_7',
        }),
      ]),
    );
    renderWithApp(<DraftsPage />, { bootstrap: scheduler, route: '/drafts' });
    const item = await screen.findByRole('article', { name: 'Edit of your comment in Tea time' });
    expect(within(item).getByRole('link', { name: 'Edit of your comment in Tea time' }).getAttribute('href')).toBe(
      '/discussion/comment/7?editComment=7#Comment_7',
    );
    expect(within(item).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/discussion/comment/7?editComment=7#Comment_7');
  });

  it('shows why a post was not published', async () => {
    stubApi(() => jsonResponse(200, [listItem({ draftStatus: 'error', failedReason: 'The category of this post no longer exists.' })]));
    renderWithApp(<DraftsPage />, { bootstrap: scheduler, route: '/drafts?draftStatus=error' });
    expect(await screen.findByText('The category of this post no longer exists.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Back to drafts' })).toBeDefined();
  });

  it('deletes a draft after confirming', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse(200, [listItem()]);
    });
    renderWithApp(<DraftsPage />, { bootstrap: scheduler, route: '/drafts' });
    const item = await screen.findByRole('article', { name: 'Spring plans' });
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = within(item).getByRole('group', { name: 'Delete this draft?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v2/drafts/31')).toBe(true));
  });

  it('publishes a discussion draft with draftID, so the server deletes the draft', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.url === '/api/v2/discussions')
        return jsonResponse(201, { discussionID: 5, name: 'Spring plans', url: 'http://hearth.test/discussion/5/spring-plans' });
      return jsonResponse(200, [listItem()]);
    });
    renderWithApp(<DraftsPage />, { bootstrap: scheduler, route: '/drafts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Spring plans',
      body: '[{"type":"p","children":[{"text":"Seed list"}]}]',
      format: 'rich2',
      categoryID: 2,
      draftID: 31,
    });
  });

  it('schedules a draft and shows the server’s reason when it refuses', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'PATCH')
        return jsonResponse(400, {
          message: 'Validation Failed',
          status: 400,
          errors: [{ field: 'dateScheduled', code: 'invalid', message: 'The scheduled date and time must be at least 15 minutes in the future.', status: 400 }],
        });
      return jsonResponse(200, [listItem()]);
    });
    renderWithApp(<DraftsPage />, { bootstrap: scheduler, route: '/drafts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule…' }));
    fireEvent.change(screen.getByLabelText('Publish on'), { target: { value: '2030-01-01T10:05' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Schedule' })).getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The scheduled date and time must be at least 15 minutes in the future.');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/v2/drafts/31');
    expect(patch?.body).toMatchObject({ draftStatus: 'scheduled', dateScheduled: new Date('2030-01-01T10:05').toISOString() });
  });

  it('offers no scheduling without schedule.allow; guests see the permission page', async () => {
    stubApi(() => jsonResponse(200, [listItem()]));
    const view = renderWithApp(<DraftsPage />, { bootstrap: { me: member, permissions: permissionSet(['session.valid']) }, route: '/drafts' });
    await screen.findByRole('article', { name: 'Spring plans' });
    expect(screen.queryByRole('button', { name: 'Schedule…' })).toBeNull();
    view.unmount();
    renderWithApp(<DraftsPage />, { route: '/drafts' });
    expect(screen.queryByRole('heading', { name: 'Drafts' })).toBeNull();
  });
});
