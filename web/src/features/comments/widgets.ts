import type { CommentThread as CommentThreadData } from '../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import { createElement } from 'react';
import { CommentThread } from './components/CommentThread.tsx';

/** Props the layout hydrates for `DiscussionCommentThread` (interfaces.md "Layouts"). */
export interface DiscussionCommentThreadProps {
  discussion: Discussion;
  thread: CommentThreadData;
  paging: { page: number; limit: number; total: number };
  sort?: string;
  focusCommentID?: number | null;
}

/** The `DiscussionCommentThread` widget. */
export function DiscussionCommentThread(props: DiscussionCommentThreadProps) {
  return createElement(CommentThread, props);
}
