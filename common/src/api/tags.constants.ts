/** Tag types and limits without the schemas (zod-free for the web app); `tags.ts` re-exports them. */

/** The type of ordinary tags that members put on discussions (api-contract §1.14). */
export const USER_TAG_TYPE = 'User';

/** The type of the tags that anchor reaction types; never listed by default, never deleted. */
export const REACTION_TAG_TYPE = 'Reaction';

/** `Vanilla.Tagging.Max`: tags one discussion may carry (api-contract §8 POST /discussions). */
export const MAX_TAGS_PER_DISCUSSION = 5;

/** Longest tag name (api-contract §11 POST /tags). */
export const MAX_TAG_NAME_LENGTH = 100;

/** `GET /tags` default page size (api-contract §11). */
export const DEFAULT_TAG_LIMIT = 20;
