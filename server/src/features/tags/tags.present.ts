import type { Tag, TagFragment } from '../../../../common/src/api/tags.ts';
import type { DiscussionTagRow, TagRow } from './tags.repo.ts';

/** spec 000 §2: tag links go to `/discussions?tagID={tagID}`, absolute like every API URL. */
export function tagUrl(baseUrl: string, tagID: number): string {
  return `${baseUrl}/discussions?tagID=${String(tagID)}`;
}

/** A tag (api-contract §11), with the duplicate `urlCode` old clients read. */
export function presentTag(row: TagRow, baseUrl: string): Tag {
  return {
    tagID: row.tagID,
    name: row.name,
    urlcode: row.urlcode,
    urlCode: row.urlcode,
    type: row.type,
    url: tagUrl(baseUrl, row.tagID),
    parentTagID: row.parentTagID,
    countDiscussions: row.countDiscussions,
  };
}

/** A TagFragment (api-contract §1.14) of a discussion's tag. */
export function presentTagFragment(row: DiscussionTagRow | TagRow): TagFragment {
  return { tagID: row.tagID, name: row.name, urlcode: row.urlcode, type: row.type };
}
