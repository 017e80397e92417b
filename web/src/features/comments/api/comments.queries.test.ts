import { describe, expect, it } from 'vitest';
import type { Comment, CommentThread } from '../../../../../common/src/api/comments.ts';
import { addComment } from './comments.queries.ts';

const comment = { commentID: 7, parentCommentID: null, depth: 1, body: '<p>First</p>' } as Comment;

describe('addComment', () => {
  it('adds a comment once: the live stream and the poster’s own answer may both bring it', () => {
    const empty: CommentThread = { threadStructure: [], commentsByID: {} };
    const once = addComment(empty, comment);
    const twice = addComment(once, { ...comment, body: '<p>First (saved)</p>' });
    expect(twice.threadStructure).toHaveLength(1);
    expect(twice.commentsByID['7']?.body).toBe('<p>First (saved)</p>');
  });

  it('a reply joins its parent’s children, once', () => {
    const parent = addComment({ threadStructure: [], commentsByID: {} }, comment);
    const reply = { commentID: 8, parentCommentID: 7, depth: 2, body: '<p>Reply</p>' } as Comment;
    const thread = addComment(addComment(parent, reply), reply);
    const root = thread.threadStructure[0];
    expect(root?.type === 'comment' ? root.children.map((child) => child.type === 'comment' && child.path) : []).toEqual(['7.8']);
  });
});
