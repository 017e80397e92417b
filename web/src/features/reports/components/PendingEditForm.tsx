import { useId, useState, type FormEvent } from 'react';
import type { Report } from '../../../../../common/src/api/reports.ts';
import { Button } from '../../../components/Button.tsx';
import { FieldErrors, TextField } from '../../../components/form/TextField.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useEditAndApproveMutation } from '../api/reports.queries.ts';
import styles from './ReportsPage.module.css';

export interface PendingEditFormProps {
  report: Report;
  onCancel: () => void;
}

/**
 * The approval queue's "Edit and Approve" (api-contract §27.4 `premoderatedRecord`): the moderator
 * rewrites the waiting post (its title for a discussion, its body as HTML, which the server
 * sanitizes) and approves it in one step. Field errors show under their field.
 */
export function PendingEditForm({ report, onCancel }: PendingEditFormProps) {
  const [name, setName] = useState(report.recordName);
  const [body, setBody] = useState(report.recordHtml);
  const save = useEditAndApproveMutation();
  const showError = useErrorToast();
  const bodyID = useId();
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const messagesOf = (field: string) => (errors[`premoderatedRecord.${field}`] ?? []).map((error) => error.message);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        reportID: report.reportID,
        premoderatedRecord: {
          ...(report.recordType === 'discussion' ? { name } : {}),
          body,
          format: 'html',
        },
      },
      {
        onError: (error) => {
          if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) showError(error);
        },
      },
    );
  };
  return (
    <form className={styles.editForm} onSubmit={handleSubmit} aria-label={t('Edit and Approve')}>
      {report.recordType === 'discussion' ? (
        <TextField label={t('Title')} value={name} required onChange={(event) => setName(event.target.value)} errors={messagesOf('name')} />
      ) : null}
      <label htmlFor={bodyID}>{t('Body (HTML)')}</label>
      <textarea
        id={bodyID}
        className={styles.editBody}
        value={body}
        rows={8}
        required
        aria-invalid={messagesOf('body').length > 0 || undefined}
        aria-describedby={`${bodyID}-errors`}
        onChange={(event) => setBody(event.target.value)}
      />
      <FieldErrors id={`${bodyID}-errors`} errors={[...messagesOf('body'), ...messagesOf('format')]} />
      <div className={styles.actions}>
        <Button type="button" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" variant="primary" isLoading={save.isPending}>
          {t('Save and Approve')}
        </Button>
      </div>
    </form>
  );
}
