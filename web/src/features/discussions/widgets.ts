import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { TagFragment } from '../../../../common/src/api/tags.ts';
import { createElement } from 'react';
import { CreateComment as CreateCommentBox } from '../comments/components/CreateComment.tsx';
import { DiscussionOriginalPost as OriginalPost } from './components/page/DiscussionOriginalPost.tsx';
import { DiscussionTags as TagList } from './components/page/DiscussionTags.tsx';

/** Props the layout hydrates for `DiscussionOriginalPost` (interfaces.md "Layouts"). */
export interface DiscussionOriginalPostProps {
  discussion: Discussion;
}

/** The `DiscussionOriginalPost` widget. */
export function DiscussionOriginalPost(props: DiscussionOriginalPostProps) {
  return createElement(OriginalPost, props);
}

/** Props of `CreateComment`. */
export interface CreateCommentProps {
  discussion: Discussion;
}

/** The `CreateComment` widget. */
export function CreateComment(props: CreateCommentProps) {
  return createElement(CreateCommentBox, props);
}

/** Props of `DiscussionTags`; `discussionID` lets the list follow tag changes made on the page. */
export interface DiscussionTagsProps {
  tags: TagFragment[];
  discussionID?: number;
}

/** The `DiscussionTags` widget. */
export function DiscussionTags(props: DiscussionTagsProps) {
  return createElement(TagList, props);
}
