/** Comment limits without the schemas (zod-free for the web app); `comments.ts` re-exports them. */

/** `GET /comments` page size (`Vanilla.Comments.PerPage`) and its ceiling. */
export const DEFAULT_COMMENTS_LIMIT = 30;
export const MAX_COMMENTS_LIMIT = 100;

/** `GET /comments/thread` defaults (api-contract §9). */
export const DEFAULT_THREAD_LIMIT = 50;
export const MAX_THREAD_LIMIT = 100;
export const DEFAULT_COLLAPSE_CHILD_DEPTH = 3;
export const DEFAULT_COLLAPSE_CHILD_LIMIT = 3;

/** A threaded reply may be at most this deep (the layout's `maxDepth`, api-contract §9). */
export const MAX_COMMENT_DEPTH = 5;

/** `DELETE /comments/list` takes at most this many IDs (api-contract §1.11). */
export const MAX_BULK_COMMENT_IDS = 50;

/** How many users a thread hole names (Vanilla: "the first 5 users"). */
export const HOLE_INSERT_USERS_LIMIT = 5;
