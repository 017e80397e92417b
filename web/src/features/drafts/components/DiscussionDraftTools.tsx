import { has } from '../../../../../common/src/permissions/has.ts';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { usePermissionSet } from '../../../lib/session.ts';
import { rich2ToPlainText } from '../../editor/rich2-text.ts';
import type { DraftAutosave } from '../hooks/useDraftAutosave.ts';
import {
  discussionDraftInput,
  discussionFieldsOf,
  useDiscussionDraftAutosave,
  type DiscussionDraftFields,
} from '../hooks/useDiscussionDraftAutosave.ts';
import { DraftSaveStatus } from './DraftSaveStatus.tsx';
import { ScheduleDraftControl } from './ScheduleDraftControl.tsx';
import styles from './DiscussionDraftTools.module.css';

/** How a discussion form keeps its draft: the local key, and the server draft it opens (if any). */
export interface DiscussionFormDraft {
  storageKey: string;
  draftID?: number | undefined;
  /** The discussion being edited (the draft is an update of it). */
  recordID?: number | undefined;
}

/** The element the draft toast scrolls to (the form's body field). */
export const discussionFormElementID = 'DiscussionForm';

/**
 * The discussion form's autosave (issue 16); null without `draft` (the hook still runs, disabled,
 * as hooks must run on every render).
 */
export function useDiscussionFormDraft(
  draft: DiscussionFormDraft | undefined,
  fields: DiscussionDraftFields,
  setFields: (fields: DiscussionDraftFields) => void,
): DraftAutosave | null {
  const autosave = useDiscussionDraftAutosave({
    storageKey: draft?.storageKey ?? 'discussion:none',
    fields,
    setFields,
    enabled: draft !== undefined,
    draftID: draft?.draftID,
    recordID: draft?.recordID,
    editorElementID: discussionFormElementID,
  });
  return draft === undefined ? null : autosave;
}

function fieldsText(serialized: string): string {
  try {
    const fields = discussionFieldsOf({ attributes: JSON.parse(serialized) as Record<string, unknown>, parentRecordType: undefined, parentRecordID: undefined });
    return [fields.name, rich2ToPlainText(fields.body)].filter((part) => part !== '').join('\n');
  } catch {
    return '';
  }
}

export interface DiscussionDraftToolsProps {
  autosave: DraftAutosave;
  fields: DiscussionDraftFields;
  recordID?: number | undefined;
  onScheduled: () => void;
}

/** Under the discussion form: the draft's save status (and conflicts), and Schedule for `schedule.allow`. */
export function DiscussionDraftTools({ autosave, fields, recordID, onScheduled }: DiscussionDraftToolsProps) {
  const permissions = usePermissionSet();
  const isSchedulingOn = useConfigValue('featureFlags.DraftScheduling.Enabled', true);
  const canSchedule = isSchedulingOn && has(permissions, 'schedule.allow');
  return (
    <div className={styles.tools}>
      <DraftSaveStatus autosave={autosave} toText={fieldsText} />
      {canSchedule ? (
        <ScheduleDraftControl
          draftID={autosave.draftID}
          draftInput={() => discussionDraftInput(fields, recordID)}
          onScheduled={() => {
            autosave.clear();
            onScheduled();
          }}
        />
      ) : null}
    </div>
  );
}
