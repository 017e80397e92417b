import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import { EditDiscussionPage } from './EditDiscussionPage.tsx';

vi.mock('../../../editor/LazyRichEditor.tsx', async () => {
  const actual = await vi.importActual<typeof import('../../../editor/LazyRichEditor.tsx')>(
    '../../../editor/LazyRichEditor.tsx',
  );
  return { ...actual, LazyRichEditor: actual.EditorFallback };
});

const tenMinutesAgo = () => new Date(Date.now() - 10 * 60 * 1000).toISOString();

function mockApi(options: {
  format: string;
  body: string;
  insertUserID?: number;
  editStatus?: number;
  /** The member's saved discussion drafts (`GET /drafts`, issue 16). */
  drafts?: unknown[];
}) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    switch (url.pathname) {
      case '/api/v2/discussions/5/edit':
        return options.editStatus === 403
          ? jsonResponse(403, { message: 'Permission Problem', status: 403 })
          : jsonResponse(200, {
              discussionID: 5,
              name: 'Old title',
              body: options.body,
              format: options.format,
              categoryID: 1,
              sink: false,
              closed: false,
              pinned: false,
              pinLocation: null,
              type: 'discussion',
            });
      case '/api/v2/discussions/5':
        if (init?.method === 'PATCH') {
          return jsonResponse(200, { discussionID: 5, name: 'New title' });
        }
        return jsonResponse(200, {
          discussionID: 5,
          name: 'Old title',
          insertUserID: options.insertUserID ?? member.userID,
          dateInserted: tenMinutesAgo(),
          categoryID: 1,
          tags: [{ tagID: 4, name: 'help', type: 'User' }],
        });
      case '/api/v2/categories':
        return jsonResponse(200, [
          {
            categoryID: 1,
            name: 'General',
            depth: 1,
            displayAs: 'discussions',
            allowedDiscussionTypes: ['discussion'],
          },
        ]);
      case '/api/v2/drafts':
        return jsonResponse(200, options.drafts ?? []);
      default:
        return jsonResponse(404, { message: 'Not found.', status: 404 });
    }
  });
  return calls;
}

const bootstrap = {
  me: member,
  permissions: permissionSet(['session.valid', 'discussions.add', 'discussions.view']),
  config: { 'ui.editContentTimeout': 3600, 'tagging.enabled': true },
};

describe('EditDiscussionPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a Markdown post in Markdown mode, shows the time left and saves with PATCH', async () => {
    const calls = mockApi({ format: 'markdown', body: 'Some **text**' });
    renderWithApp(<EditDiscussionPage />, {
      bootstrap,
      route: '/post/editdiscussion/5',
      path: '/post/editdiscussion/:discussionID',
    });
    const body = (await screen.findByLabelText(
      'Body',
      {},
      { timeout: 5000 },
    )) as HTMLTextAreaElement;
    expect(body.value).toBe('Some **text**');
    expect(screen.getByRole('button', { name: 'Markdown' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('timer').textContent).toBe('You can edit this for 50 more minutes.');
    expect(screen.getByText('help')).toBeTruthy();

    const user = userEvent.setup();
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PATCH')).toBe(true), {
      timeout: 5000,
    });
    const patch = calls.find((call) => call.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      name: 'New title',
      body: 'Some **text**',
      format: 'markdown',
      categoryID: 1,
      tagIDs: [4],
    });
  });

  it('restores a saved draft of this edit (another tab or device) with the draft toast; Save sends its draftID', async () => {
    const calls = mockApi({
      format: 'markdown',
      body: 'Some **text**',
      drafts: [
        {
          draftID: 31,
          recordType: 'discussion',
          recordID: 99,
          attributes: { body: 'another discussion', format: 'markdown', draftMeta: { name: 'Not this one', categoryID: 1 } },
          insertUserID: member.userID,
          dateInserted: '2030-01-01T10:00:00+00:00',
          updateUserID: null,
          dateUpdated: '2030-01-01T10:00:00+00:00',
          draftStatus: 'draft',
          dateScheduled: null,
        },
        {
          draftID: 32,
          recordType: 'discussion',
          recordID: 5,
          parentRecordType: 'category',
          parentRecordID: 1,
          attributes: { body: 'Drafted **text**', format: 'markdown', draftMeta: { name: 'Drafted title', categoryID: 1 } },
          insertUserID: member.userID,
          dateInserted: '2030-01-01T10:00:00+00:00',
          updateUserID: null,
          dateUpdated: '2030-01-01T10:00:00+00:00',
          draftStatus: 'draft',
          dateScheduled: null,
        },
      ],
    });
    renderWithApp(<EditDiscussionPage />, {
      bootstrap,
      route: '/post/editdiscussion/5',
      path: '/post/editdiscussion/:discussionID',
    });
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Drafted title'), { timeout: 5000 });
    expect((screen.getByLabelText('Body') as HTMLTextAreaElement).value).toBe('Drafted **text**');
    expect(await screen.findByText('Saved Draft Available.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PATCH')).toBe(true), { timeout: 5000 });
    const patch = calls.find((call) => call.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toMatchObject({ name: 'Drafted title', body: 'Drafted **text**', draftID: 32 });
  });

  it('shows no countdown to someone editing another member’s post', async () => {
    mockApi({
      format: 'rich2',
      body: '[{"type":"p","children":[{"text":"x"}]}]',
      insertUserID: 99,
    });
    renderWithApp(<EditDiscussionPage />, {
      bootstrap,
      route: '/post/editdiscussion/5',
      path: '/post/editdiscussion/:discussionID',
    });
    expect(
      ((await screen.findByLabelText('Body', {}, { timeout: 5000 })) as HTMLTextAreaElement).value,
    ).toBe('x');
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('shows the permission page when the edit call answers 403', async () => {
    mockApi({ format: 'rich2', body: '', editStatus: 403 });
    renderWithApp(<EditDiscussionPage />, {
      bootstrap,
      route: '/post/editdiscussion/5',
      path: '/post/editdiscussion/:discussionID',
    });
    expect(
      await screen.findByRole('heading', { name: 'Permission Problem' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
