import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import type { CommentThread as CommentThreadData } from '../../../../../common/src/api/comments.ts';
import {
  commentFixture,
  discussionFixture,
} from '../../discussions/components/page/test-fixtures.ts';
import { setCreateCommentDraft } from '../hooks/create-comment-draft.ts';
import { CommentThread } from './CommentThread.tsx';

// The rich editor is the editor helper's; a labelled textarea stands in for it here.
vi.mock('./CommentEditor.tsx', () => ({
  CommentEditor: ({
    value,
    onChange,
    label,
  }: {
    value: string;
    onChange: (value: string) => void;
    label: string;
  }) => (
    <label>
      {label}
      <textarea
        value={value}
        onChange={(event) =>
          onChange(JSON.stringify([{ type: 'p', children: [{ text: event.target.value }] }]))
        }
      />
    </label>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  setCreateCommentDraft(12, '');
});

const hole = {
  type: 'hole' as const,
  holeID: 'hole1',
  parentCommentID: 1,
  depth: 2,
  path: '1.hole1',
  offset: 1,
  countAllComments: 4,
  countAllInsertUsers: 2,
  insertUsers: [{ userID: 9, name: 'kai', photoUrl: '' }],
  apiUrl:
    'http://forum.example/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=12&parentCommentID=1&offset=1',
};

function threadWithHole(): CommentThreadData {
  return {
    threadStructure: [
      {
        type: 'comment',
        commentID: 1,
        parentCommentID: null,
        depth: 1,
        path: '1',
        children: [
          {
            type: 'comment',
            commentID: 2,
            parentCommentID: 1,
            depth: 2,
            path: '1.2',
            children: [
              {
                type: 'comment',
                commentID: 3,
                parentCommentID: 2,
                depth: 3,
                path: '1.2.3',
                children: [],
              },
            ],
          },
          hole,
        ],
      },
    ],
    commentsByID: {
      '1': commentFixture(1),
      '2': commentFixture(2, { parentCommentID: 1, depth: 2, displayType: 'tombstone', body: '' }),
      '3': commentFixture(3, { parentCommentID: 2, depth: 3 }),
    },
  };
}

const paging = { page: 1, limit: 50, total: 1 };

describe('CommentThread', () => {
  it('nests replies, keeps replies under a deleted comment and loads a hole', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      jsonResponse(200, {
        threadStructure: [
          { type: 'comment', commentID: 4, parentCommentID: 1, depth: 2, children: [] },
          { type: 'comment', commentID: 5, parentCommentID: 1, depth: 2, children: [] },
        ],
        commentsByID: {
          '4': commentFixture(4, { parentCommentID: 1, depth: 2 }),
          '5': commentFixture(5, { parentCommentID: 1, depth: 2 }),
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(
      <CommentThread discussion={discussionFixture()} thread={threadWithHole()} paging={paging} />,
    );
    expect(screen.getByRole('heading', { name: '3 Comments' })).toBeDefined();
    const first = document.getElementById('Comment_1');
    const tombstone = document.getElementById('Comment_2');
    expect(first).not.toBeNull();
    expect(
      within(tombstone as HTMLElement).getByText('This comment has been deleted.'),
    ).toBeDefined();
    // The reply of the deleted comment stays, nested under it.
    expect(tombstone?.querySelector('#Comment_3')).not.toBeNull();
    expect(within(first as HTMLElement).getByText('Comment number 3')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Show 4 more replies' }));
    expect(await screen.findByText('Comment number 5')).toBeDefined();
    expect(screen.queryByRole('button', { name: /more replies/ })).toBeNull();
    const [url] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(
      '/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=12&parentCommentID=1&offset=1',
    );
    // Loaded replies join the branch of their parent.
    expect(first?.querySelector('#Comment_5')).not.toBeNull();
  });

  it('asks before a reply discards an unposted draft, then posts the reply under its comment', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { parentCommentID: number };
      return jsonResponse(
        201,
        commentFixture(8, {
          parentCommentID: body.parentCommentID,
          depth: 4,
          insertUserID: 7,
          insertUser: { userID: 7, name: 'ember', photoUrl: '' },
          body: '<p>Birch bark works</p>',
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    setCreateCommentDraft(
      12,
      JSON.stringify([{ type: 'p', children: [{ text: 'half a thought' }] }]),
    );
    const user = userEvent.setup();
    // The server's map for this member: they may reply, not edit or delete others' comments.
    const thread = threadWithHole();
    thread.commentsByID['3'] = commentFixture(3, {
      parentCommentID: 2,
      depth: 3,
      permissions: { 'comments.add': true, 'comments.edit': false, 'comments.delete': false },
    });
    renderWithApp(
      <CommentThread discussion={discussionFixture()} thread={thread} paging={paging} />,
      {
        bootstrap: { me: member, permissions: permissionSet(['session.valid', 'comments.add']) },
      },
    );
    const reply = within(document.getElementById('Comment_3') as HTMLElement).getByRole('button', {
      name: 'Reply',
    });
    await user.click(reply);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'You have an unposted draft, replying to this comment will discard your draft. Are you sure you want to discard it?',
      ),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await user.type(screen.getByLabelText('Reply to kai'), 'Birch bark works');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(document.querySelector('#Comment_3 #Comment_8')).not.toBeNull());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/comments');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      parentRecordType: 'discussion',
      parentRecordID: 12,
      parentCommentID: 3,
      format: 'rich2',
    });
  });

  it('a link with ?editComment={id} (a draft of an edit, from the drafts page) opens that comment’s edit with the draft', async () => {
    const saved = JSON.stringify([{ type: 'p', children: [{ text: 'the saved edit' }] }]);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/api/v2/comments/3/edit') {
          return Promise.resolve(jsonResponse(200, { body: JSON.stringify([{ type: 'p', children: [{ text: 'as published' }] }]), format: 'rich2' }));
        }
        if (path === '/api/v2/drafts') {
          return Promise.resolve(
            jsonResponse(200, [
              {
                draftID: 40,
                recordType: 'comment',
                recordID: 3,
                parentRecordType: 'discussion',
                parentRecordID: 12,
                attributes: { body: saved, format: 'rich2' },
                insertUserID: member.userID,
                dateInserted: '2030-01-01T10:00:00+00:00',
                updateUserID: null,
                dateUpdated: '2030-01-01T10:00:00+00:00',
                draftStatus: 'draft',
                dateScheduled: null,
              },
            ]),
          );
        }
        return Promise.resolve(jsonResponse(404, { message: 'Not found.', status: 404 }));
      }),
    );
    const thread = threadWithHole();
    const mayEdit = { 'comments.add': true, 'comments.edit': true, 'comments.delete': false };
    thread.commentsByID['1'] = commentFixture(1, { permissions: mayEdit });
    thread.commentsByID['3'] = commentFixture(3, { parentCommentID: 2, depth: 3, permissions: mayEdit });
    renderWithApp(<CommentThread discussion={discussionFixture()} thread={thread} paging={paging} />, {
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'comments.add']) },
      route: '/discussion/comment/3?editComment=3',
    });
    const editor = (await screen.findByLabelText('Edit comment')) as HTMLTextAreaElement;
    expect(document.getElementById('EditComment_3')).not.toBeNull();
    await waitFor(() => expect(editor.value).toBe(saved));
    expect(await screen.findByText('Saved Draft Available.')).toBeDefined();
    // Only the linked comment opens.
    expect(screen.getAllByLabelText('Edit comment')).toHaveLength(1);
  });

  it('deletes a comment the server lets the viewer delete: it leaves the thread', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`);
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    const thread = threadWithHole();
    thread.commentsByID['3'] = commentFixture(3, {
      parentCommentID: 2,
      depth: 3,
      permissions: { 'comments.add': true, 'comments.edit': true, 'comments.delete': true },
    });
    const user = userEvent.setup();
    renderWithApp(
      <CommentThread discussion={discussionFixture()} thread={thread} paging={paging} />,
      { bootstrap: { me: member, permissions: permissionSet(['session.valid']) } },
    );
    const comment = document.getElementById('Comment_3') as HTMLElement;
    await user.click(within(comment).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.getElementById('Comment_3')).toBeNull());
    expect(calls).toContain('DELETE /api/v2/comments/3');
  });

  it('shows the report count to moderators only', () => {
    const thread: CommentThreadData = {
      threadStructure: [
        {
          type: 'comment',
          commentID: 1,
          parentCommentID: null,
          depth: 1,
          path: '1',
          children: [],
        },
      ],
      commentsByID: { '1': commentFixture(1, {
        reportMeta: {
          countReports: 2,
          countReportUsers: 2,
          dateLastReport: null,
          reportReasonIDs: [],
          reportReasons: [],
          reportUserIDs: [],
          reportUsers: [],
        },
      }) },
    };
    const view = renderWithApp(
      <CommentThread discussion={discussionFixture()} thread={thread} paging={paging} />,
      {
        bootstrap: {
          me: member,
          permissions: permissionSet(['session.valid', 'community.moderate']),
        },
      },
    );
    expect(screen.getByRole('link', { name: '2 reports' }).getAttribute('href')).toBe(
      '/dashboard/content/reports?statuses=none&recordType=comment&recordID=1',
    );
    view.unmount();
    renderWithApp(
      <CommentThread discussion={discussionFixture()} thread={thread} paging={paging} />,
      {
        bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
      },
    );
    expect(screen.queryByRole('link', { name: '2 reports' })).toBeNull();
  });
});
