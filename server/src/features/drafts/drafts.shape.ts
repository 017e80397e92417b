import type { DraftAttributes, DraftRecordType } from '../../../../common/src/api/drafts.ts';
import type { DraftRow } from './drafts.repo.ts';

/** What the rules read of a draft: its target and its parsed attributes. */
export interface DraftShape {
  recordType: DraftRecordType;
  recordID: number | null;
  parentRecordType: string | null;
  parentRecordID: number | null;
  attributes: DraftAttributes;
}

/** A stored draft's attributes (an unreadable value reads as empty). */
export function attributesOf(row: Pick<DraftRow, 'attributes'>): DraftAttributes {
  try {
    const value: unknown = JSON.parse(row.attributes);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as DraftAttributes) : {};
  } catch {
    return {};
  }
}

/** The category a new discussion draft posts into: `draftMeta.categoryID`, else a category parent. */
export function categoryIDOfDraft(draft: Pick<DraftShape, 'attributes' | 'parentRecordType' | 'parentRecordID'>): number | null {
  const fromMeta = draft.attributes.draftMeta?.categoryID;
  if (typeof fromMeta === 'number') return fromMeta;
  if (draft.parentRecordType === 'category' && draft.parentRecordID !== null) return draft.parentRecordID;
  return null;
}

/** The discussion a comment draft replies in. */
export function discussionIDOfCommentDraft(draft: Pick<DraftShape, 'parentRecordType' | 'parentRecordID'>): number | null {
  return draft.parentRecordType === 'discussion' || draft.parentRecordType === null ? draft.parentRecordID : null;
}
