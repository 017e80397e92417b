import type { CreateDraftInput, Draft } from '../../../../../common/src/api/drafts.ts';
import { isRich2Empty } from '../../editor/rich2-text.ts';
import { fetchDraft, fetchDrafts } from '../api/drafts.api.ts';
import { useDraftAutosave, type DraftAutosave } from './useDraftAutosave.ts';
import { useSavedDraftToast } from './useSavedDraftToast.tsx';

/** What a discussion draft holds of the form (spec 000 §3 "Draft": draftMeta name, categoryID…). */
export interface DiscussionDraftFields {
  name: string;
  body: string;
  format: string;
  categoryID: number | null;
}

export interface UseDiscussionDraftAutosaveOptions {
  storageKey: string;
  fields: DiscussionDraftFields;
  setFields: (fields: DiscussionDraftFields) => void;
  enabled: boolean;
  /** A server draft to open (`/post/editdiscussion/{recordID}/{draftID}`). */
  draftID?: number | undefined;
  /** The discussion being edited: the draft is an update of it. */
  recordID?: number | undefined;
  editorElementID: string;
}

function parseFields(value: string): DiscussionDraftFields {
  try {
    const parsed = JSON.parse(value) as Partial<DiscussionDraftFields>;
    return {
      name: typeof parsed.name === 'string' ? parsed.name : '',
      body: typeof parsed.body === 'string' ? parsed.body : '',
      format: typeof parsed.format === 'string' ? parsed.format : 'rich2',
      categoryID: typeof parsed.categoryID === 'number' ? parsed.categoryID : null,
    };
  } catch {
    return { name: '', body: '', format: 'rich2', categoryID: null };
  }
}

/** The form's fields as one string: the autosave keeps and compares one value. */
export function serializeDiscussionFields(fields: DiscussionDraftFields): string {
  return JSON.stringify({ name: fields.name, body: fields.body, format: fields.format, categoryID: fields.categoryID });
}

/** A discussion draft's fields, from its attributes (draftMeta first, as the spec's client stores them). */
export function discussionFieldsOf(draft: Pick<Draft, 'attributes' | 'parentRecordType' | 'parentRecordID'>): DiscussionDraftFields {
  const attributes = draft.attributes;
  const meta = (typeof attributes.draftMeta === 'object' && attributes.draftMeta !== null ? attributes.draftMeta : {}) as Record<string, unknown>;
  const metaCategory = typeof meta.categoryID === 'number' ? meta.categoryID : null;
  return {
    name: typeof meta.name === 'string' ? meta.name : typeof attributes.name === 'string' ? attributes.name : '',
    body: typeof attributes.body === 'string' ? attributes.body : '',
    format: typeof attributes.format === 'string' ? attributes.format : 'rich2',
    categoryID: metaCategory ?? (draft.parentRecordType === 'category' ? (draft.parentRecordID ?? null) : null),
  };
}

/** The server draft of the form's fields (api-contract §23 discussion draftMeta). */
export function discussionDraftInput(fields: DiscussionDraftFields, recordID?: number): CreateDraftInput {
  return {
    recordType: 'discussion',
    ...(recordID === undefined ? {} : { recordID }),
    parentRecordType: 'category',
    parentRecordID: fields.categoryID,
    attributes: {
      body: fields.body,
      format: fields.format,
      draftType: 'discussion',
      name: fields.name,
      draftMeta: { name: fields.name, categoryID: fields.categoryID, postTypeID: 'discussion' },
    },
  };
}

/**
 * A saved draft of an edit of this discussion (another tab or device), when the page was opened
 * without its draftID. `GET /drafts` has no recordID filter: the member's discussion drafts.
 */
async function findEditDraft(recordID: number): Promise<Draft | null> {
  const page = await fetchDrafts({ draftStatus: 'draft', recordType: 'discussion', limit: 100 });
  return page.drafts.find((draft) => draft.recordID === recordID) ?? null;
}

/** Autosave of the discussion form (new or an edit): name, body and category as one discussion draft. */
export function useDiscussionDraftAutosave(options: UseDiscussionDraftAutosaveOptions): DraftAutosave {
  const showToast = useSavedDraftToast(options.editorElementID);
  const { draftID, recordID } = options;
  return useDraftAutosave({
    storageKey: options.storageKey,
    value: serializeDiscussionFields(options.fields),
    setValue: (value) => options.setFields(parseFields(value)),
    enabled: options.enabled,
    isEmpty: (value) => {
      const fields = parseFields(value);
      return fields.name.trim() === '' && (fields.body === '' || isRich2Empty(fields.body));
    },
    toDraft: (value) => discussionDraftInput(parseFields(value), recordID),
    bodyOf: (draft) => serializeDiscussionFields(discussionFieldsOf(draft)),
    ...(draftID !== undefined
      ? { findServerDraft: () => fetchDraft(draftID) }
      : recordID !== undefined
        ? { findServerDraft: () => findEditDraft(recordID) }
        : {}),
    onRestored: showToast,
  });
}
