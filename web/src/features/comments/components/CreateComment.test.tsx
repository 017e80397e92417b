import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { discussionFixture } from '../../discussions/components/page/test-fixtures.ts';
import { setCreateCommentDraft } from '../hooks/create-comment-draft.ts';
import { CreateComment } from './CreateComment.tsx';

vi.mock('./CommentEditor.tsx', () => ({
  CommentEditor: ({
    value,
    onChange,
    label,
    error,
  }: {
    value: string;
    onChange: (value: string) => void;
    label: string;
    error?: string;
  }) => (
    <label>
      {label}
      <textarea
        value={
          value === ''
            ? ''
            : (JSON.parse(value) as { children: { text: string }[] }[])[0]?.children[0]?.text
        }
        onChange={(event) =>
          onChange(JSON.stringify([{ type: 'p', children: [{ text: event.target.value }] }]))
        }
      />
      {error ? <span role="alert">{error}</span> : null}
    </label>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  setCreateCommentDraft(12, '');
});

const signedIn = { me: member, permissions: permissionSet(['session.valid', 'comments.add']) };

describe('CreateComment', () => {
  it('asks guests to sign in or register, back to this page', () => {
    renderWithApp(<CreateComment discussion={discussionFixture()} />, {
      route: '/discussion/12/kindling',
    });
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/entry/signin?target=%2Fdiscussion%2F12%2Fkindling',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toBeDefined();
    expect(screen.getByText(/to comment\./)).toBeDefined();
  });

  it('says a closed discussion is closed, unless the user may close it', () => {
    const view = renderWithApp(<CreateComment discussion={discussionFixture({ closed: true })} />, {
      bootstrap: signedIn,
    });
    expect(screen.getByText('This discussion has been closed.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Post Comment' })).toBeNull();
    view.unmount();
    renderWithApp(<CreateComment discussion={discussionFixture({ closed: true })} />, {
      bootstrap: {
        me: member,
        permissions: permissionSet(['session.valid', 'comments.add', 'discussions.close']),
      },
    });
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeDefined();
  });

  it('shows the premoderation message and field errors next to the editor', async () => {
    const answers = [
      jsonResponse(422, {
        message: 'Validation Failed',
        status: 422,
        errors: [
          {
            field: 'body',
            code: 'maxLength',
            message: 'body is 12 characters too long.',
            status: 422,
          },
        ],
      }),
      jsonResponse(202, { message: 'Your comment will appear after it is approved.', status: 202 }),
    ];
    vi.stubGlobal(
      'fetch',
      // The box looks for a saved draft on load (issue 16): there is none.
      vi.fn(async (url: string) =>
        String(url).includes('/drafts') ? jsonResponse(200, []) : (answers.shift() ?? jsonResponse(500, {})),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<CreateComment discussion={discussionFixture()} />, { bootstrap: signedIn });
    const post = screen.getByRole('button', { name: 'Post Comment' });
    expect(post.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Comment'), 'A very long comment');
    await user.click(post);
    expect(await screen.findByText('body is 12 characters too long.')).toBeDefined();
    await user.click(post);
    expect(await screen.findByText('Your comment will appear after it is approved.')).toBeDefined();
  });
});
