import { useState } from 'react';
import type { ReportRecordType } from '../../../../../common/src/api/reports.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useCreateReportMutation, useReportReasonsQuery } from '../api/reports.queries.ts';
import styles from './ReportModal.module.css';

export interface ReportModalProps {
  recordType: ReportRecordType;
  recordID: number;
  onClose: () => void;
}

/**
 * The report dialog (spec 000 §2 Modals "report"; api-contract §27.1): the reasons open to the
 * member, from `GET /report-reasons`, and an optional note (plain text), sent with `POST /reports`.
 */
export function ReportModal({ recordType, recordID, onClose }: ReportModalProps) {
  const reasons = useReportReasonsQuery();
  const create = useCreateReportMutation();
  const { addToast } = useToasts();
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const toggle = (reportReasonID: string) =>
    setChosen((current) =>
      current.includes(reportReasonID) ? current.filter((id) => id !== reportReasonID) : [...current, reportReasonID],
    );
  const handleSubmit = () => {
    create.mutate(
      {
        recordType,
        recordID,
        reportReasonIDs: chosen,
        ...(note.trim() === '' ? {} : { noteBody: note, noteFormat: 'text' }),
      },
      {
        onSuccess: () => {
          addToast({ body: t('Thanks. A moderator will look at it.'), autoDismiss: true });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      title={t('Report')}
      submitLabel={t('Send Report')}
      canSubmit={chosen.length > 0}
      isBusy={create.isPending}
      error={create.error?.message ?? reasons.error?.message ?? null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      {reasons.data === undefined ? (
        reasons.isError ? null : <Loader />
      ) : (
        <fieldset className={styles.reasons}>
          <legend>{t('Why are you reporting this?')}</legend>
          {reasons.data.map((reason) => {
            const id = `report-reason-${recordType}-${String(recordID)}-${reason.reportReasonID}`;
            return (
              <div key={reason.reportReasonID} className={styles.reason}>
                <input
                  id={id}
                  type="checkbox"
                  aria-describedby={`${id}-description`}
                  checked={chosen.includes(reason.reportReasonID)}
                  onChange={() => toggle(reason.reportReasonID)}
                />
                <div>
                  <label htmlFor={id} className={styles.name}>
                    {reason.name}
                  </label>
                  <span id={`${id}-description`} className={styles.description}>
                    {reason.description}
                  </span>
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
      <label className={styles.noteLabel} htmlFor={`report-note-${recordType}-${String(recordID)}`}>
        {t('Note (optional)')}
      </label>
      <textarea
        id={`report-note-${recordType}-${String(recordID)}`}
        className={styles.note}
        value={note}
        maxLength={10_000}
        rows={4}
        onChange={(event) => setNote(event.target.value)}
      />
    </FormModal>
  );
}
