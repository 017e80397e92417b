/**
 * Discussion limits, types and messages without the schemas: zod-free, so the web app can use them
 * without loading Zod. `discussions.ts` re-exports them.
 */

/** `Vanilla.Discussion.Title.MaxLength`: the longest discussion title (api-contract §8). */
export const DISCUSSION_NAME_MAX_LENGTH = 250;

/** Types a discussion may be created or changed to (the redirect type is made by moves and merges). */
export const postableDiscussionTypes = ['discussion', 'question', 'idea', 'poll'] as const;

export type PostableDiscussionType = (typeof postableDiscussionTypes)[number];

/** The spec's bulk refusal texts (spec 000 §5, spec 001 §8.2), verbatim. */
export const bulkMessages = {
  edit: 'You don’t have the edit permission on the following discussions:',
  close: "You don't have the close permission on the following discussions:",
  delete: 'You don’t have the delete permission on the following discussions:',
  mergeTooFew: 'You must select at least 2 discussions to merge.',
  alreadyClosed: 'Selected discussions are already closed.',
} as const;
