import type { Breadcrumb } from '../../../../common/src/api/categories.ts';
import type { Draft, DraftEdit, DraftListItem } from '../../../../common/src/api/drafts.ts';
import { draftRecordTypes, type DraftRecordType } from '../../../../common/src/api/drafts.ts';
import { toApiDate } from '../../platform/dates.ts';
import { excerptOf } from '../../platform/content/render.ts';
import type { DraftRow } from './drafts.repo.ts';
import { attributesOf } from './drafts.shape.ts';

/** Characters of a draft's listing excerpt. */
const DRAFT_EXCERPT_LENGTH = 160;

function recordTypeOf(row: DraftRow): DraftRecordType {
  return draftRecordTypes.find((type) => type === row.recordType) ?? 'discussion';
}

/** A stored status as the API names it: a draft being published is still scheduled. */
function statusOf(row: DraftRow): Draft['draftStatus'] {
  return row.draftStatus === 'publishing' ? 'scheduled' : row.draftStatus;
}

function target(row: DraftRow) {
  return {
    ...(row.recordID === null ? {} : { recordID: row.recordID }),
    ...(row.parentRecordType === null ? {} : { parentRecordType: row.parentRecordType }),
    ...(row.parentRecordID === null ? {} : { parentRecordID: row.parentRecordID }),
  };
}

/** The Draft object (api-contract §23). */
export function presentDraft(row: DraftRow): Draft {
  return {
    draftID: row.draftID,
    recordType: recordTypeOf(row),
    ...target(row),
    attributes: attributesOf(row),
    insertUserID: row.insertUserID,
    dateInserted: toApiDate(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: toApiDate(row.dateUpdated),
    draftStatus: statusOf(row),
    dateScheduled: toApiDate(row.dateScheduled),
  };
}

/** `GET /drafts/{id}/edit` (api-contract §23). */
export function presentDraftEdit(row: DraftRow): DraftEdit {
  return {
    draftID: row.draftID,
    recordType: recordTypeOf(row),
    ...target(row),
    attributes: attributesOf(row),
    draftStatus: statusOf(row),
    dateScheduled: toApiDate(row.dateScheduled),
  };
}

function collectText(value: unknown, into: string[]): void {
  if (typeof value === 'string') return;
  if (Array.isArray(value)) {
    for (const item of value) collectText(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  if (typeof record.text === 'string') into.push(record.text);
  if (typeof record.insert === 'string') into.push(record.insert);
  if (Array.isArray(record.children)) {
    collectText(record.children, into);
    // Blocks end a line, so words of two paragraphs do not run together.
    if (typeof record.type === 'string') into.push('\n');
  }
}

/** The plain text of a draft's source, without rendering it (rich JSON: its text; HTML: tags dropped). */
export function draftPlainText(body: string, format: string | undefined): string {
  const lower = (format ?? 'rich2').toLowerCase();
  if (lower === 'rich2' || lower === 'rich') {
    try {
      const parts: string[] = [];
      collectText(JSON.parse(body) as unknown, parts);
      return parts.join('');
    } catch {
      return '';
    }
  }
  if (lower === 'html' || lower === 'wysiwyg') return body.replace(/<[^>]*>/g, ' ');
  return body;
}

/** What the listing shows of a draft's target, as the viewer may see it. */
export interface DraftListing {
  name: string | null;
  editUrl: string | null;
  breadCrumbs: Breadcrumb[] | null;
  permaLink: string | null;
}

/** A draft of `GET /drafts`: the object plus its name, excerpt, links and failure reason. */
export function presentDraftListItem(row: DraftRow, listing: DraftListing): DraftListItem {
  const draft = presentDraft(row);
  const body = typeof draft.attributes.body === 'string' ? draft.attributes.body : '';
  const format = typeof draft.attributes.format === 'string' ? draft.attributes.format : undefined;
  const text = excerptOf(draftPlainText(body, format), DRAFT_EXCERPT_LENGTH);
  return {
    ...draft,
    name: listing.name,
    excerpt: text === '' ? null : text,
    editUrl: listing.editUrl,
    breadCrumbs: listing.breadCrumbs,
    permaLink: listing.permaLink,
    failedReason: row.failedReason,
  };
}
