import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentThread as CommentThreadData } from '../../../../../../common/src/api/comments.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import {
  commentFixture,
  discussionFixture,
} from '../../../discussions/components/page/test-fixtures.ts';
import { CommentThread } from '../CommentThread.tsx';

// The rich editor is the editor helper's; nothing here types into it.
vi.mock('../CommentEditor.tsx', () => ({ CommentEditor: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const authors = ['kai', 'lena', 'milo'];

function flatThread(): CommentThreadData {
  return {
    threadStructure: [1, 2, 3].map((commentID) => ({
      type: 'comment' as const,
      commentID,
      parentCommentID: null,
      depth: 1,
      path: String(commentID),
      children: [],
    })),
    commentsByID: Object.fromEntries(
      [1, 2, 3].map((commentID) => {
        const name = authors[commentID - 1] ?? 'kai';
        return [
          String(commentID),
          commentFixture(commentID, {
            insertUserID: 20 + commentID,
            insertUser: { userID: 20 + commentID, name, photoUrl: '' },
          }),
        ];
      }),
    ),
  };
}

const paging = { page: 1, limit: 50, total: 1 };
const moderator = permissionSet(['session.valid', 'community.moderate', 'discussions.add']);

function renderThread(permissions = moderator) {
  return renderWithApp(
    <CommentThread discussion={discussionFixture()} thread={flatThread()} paging={paging} />,
    { bootstrap: { me: member, permissions } },
  );
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A fetch stand-in: answers by path and records each call. */
function stubFetch(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const categories = [
  { categoryID: 3, name: 'Campfire', displayAs: 'discussions' },
  { categoryID: 5, name: 'Trail Reports', displayAs: 'discussions' },
];

function answerCategoriesOr(other: (call: Call) => Response) {
  return (call: Call) =>
    call.url.startsWith('/api/v2/categories/search') ? jsonResponse(200, categories) : other(call);
}

async function selectComments(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const name of names) {
    await user.click(screen.getByRole('checkbox', { name: `Select comment by ${name}` }));
  }
}

describe('comment bulk actions on the discussion page', () => {
  it('offers no comment checkboxes to a member who cannot moderate the discussion', () => {
    stubFetch(() => jsonResponse(200, {}));
    renderThread(permissionSet(['session.valid', 'comments.add']));
    expect(screen.getByText('Comment number 1')).toBeDefined();
    expect(screen.queryByRole('checkbox', { name: /Select comment by/ })).toBeNull();
  });

  it('counts the selected comments (plural aware) and clears the selection', async () => {
    stubFetch(() => jsonResponse(200, {}));
    const user = userEvent.setup();
    renderThread();
    expect(screen.queryByRole('region', { name: 'Comment bulk actions' })).toBeNull();
    await selectComments(user, ['kai']);
    const bar = screen.getByRole('region', { name: 'Comment bulk actions' });
    expect(within(bar).getByText('1 comment selected')).toBeDefined();
    await selectComments(user, ['milo']);
    expect(within(bar).getByText('2 comments selected')).toBeDefined();
    // The checkbox is reachable from the keyboard: Space toggles it.
    const lena = screen.getByRole('checkbox', { name: 'Select comment by lena' });
    lena.focus();
    await user.keyboard(' ');
    expect(within(bar).getByText('3 comments selected')).toBeDefined();
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Comment bulk actions' })).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Select comment by kai' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('splits the selected comments into a new discussion and links to it', async () => {
    const calls = stubFetch(
      answerCategoriesOr((call) =>
        call.url.startsWith('/api/v2/discussions/split')
          ? jsonResponse(200, {
              progress: { successIDs: [1, 3], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
              newPostUrl: 'https://forum.example/discussion/40/wet-wood',
            })
          : jsonResponse(200, flatThread()),
      ),
    );
    const user = userEvent.setup();
    renderThread();
    await selectComments(user, ['kai', 'milo']);
    await user.click(screen.getByRole('button', { name: 'Split' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split Comments' });
    const submit = within(dialog).getByRole('button', { name: 'Split' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/New Discussion Title/), 'Wet wood');
    await user.click(await within(dialog).findByRole('radio', { name: /Trail Reports/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'System' }));
    await user.click(submit);

    const toast = await screen.findByText('2 comments split into a new discussion.');
    const link = within(toast).getByRole('link', { name: 'Go to the new discussion' });
    expect(link.getAttribute('href')).toBe('https://forum.example/discussion/40/wet-wood');
    const split = calls.find((call) => call.url.startsWith('/api/v2/discussions/split'));
    expect(split?.method).toBe('POST');
    expect(split?.body).toEqual({
      newPost: { name: 'Wet wood', categoryID: 5, authorType: 'system', postType: 'discussion' },
      commentIDs: [1, 3],
    });
    expect(screen.queryByRole('dialog', { name: 'Split Comments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Comment bulk actions' })).toBeNull();
  });

  it('shows the server refusal of a split under the field it names and keeps the dialog open', async () => {
    stubFetch(
      answerCategoriesOr(() =>
        jsonResponse(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [{ field: 'newPost.name', code: 'invalid', message: 'name is too long.' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderThread();
    await selectComments(user, ['lena']);
    await user.click(screen.getByRole('button', { name: 'Split' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split Comments' });
    const title = within(dialog).getByLabelText(/New Discussion Title/);
    await user.type(title, 'Wet wood');
    await user.click(await within(dialog).findByRole('radio', { name: /Campfire/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Split' }));

    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = title.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('name is too long.');
    expect(screen.getByRole('dialog', { name: 'Split Comments' })).toBeDefined();
  });

  it('deletes the selected comments after confirmation through DELETE /comments/list', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/v2/comments/list')
        ? jsonResponse(200, {
            progress: { successIDs: [2], failedIDs: [], exceptionsByID: {}, countTotalIDs: 1 },
          })
        : jsonResponse(200, {}),
    );
    const user = userEvent.setup();
    renderThread();
    await selectComments(user, ['lena']);
    await user.click(
      within(screen.getByRole('region', { name: 'Comment bulk actions' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Comments' });
    expect(within(dialog).getByText('Are you sure you want to delete 1 comment?')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('1 comment deleted.')).toBeDefined();
    await waitFor(() => expect(screen.queryByText('Comment number 2')).toBeNull());
    expect(screen.getByText('Comment number 1')).toBeDefined();
    const request = calls.find((call) => call.url.startsWith('/api/v2/comments/list'));
    expect(request?.method).toBe('DELETE');
    expect(request?.url).toContain('longRunnerMode=sync');
    expect(request?.body).toEqual({ commentIDs: [2], deleteMethod: 'tombstone' });
  });
});
