import { useId, useState } from 'react';
import { slugify } from '../../../../../common/src/slug.ts';
import type { RoleSummary } from '../../../../../common/src/api/roles.ts';
import type { ReportReason } from '../../../../../common/src/api/reports.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { FieldErrors, TextField } from '../../../components/form/TextField.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useReportReasonMutations } from '../api/report-reasons.queries.ts';
import styles from './ReportReasonsPage.module.css';

export interface ReportReasonDialogProps {
  /** null adds a reason. */
  reason: ReportReason | null;
  roles: readonly RoleSummary[];
  onClose: () => void;
}

const shownFields = ['reportReasonID', 'name', 'description', 'roleIDs'];

/**
 * Adds or edits a report reason (api-contract §27.3): its API name (fixed once added), name,
 * description and the roles that may use it (none: everyone).
 */
export function ReportReasonDialog({ reason, roles, onClose }: ReportReasonDialogProps) {
  const id = useId();
  const { addToast } = useToasts();
  const { create, patch } = useReportReasonMutations();
  const errors = useFormErrors();
  const [slug, setSlug] = useState(reason?.reportReasonID ?? '');
  const [isSlugEdited, setIsSlugEdited] = useState(reason !== null);
  const [name, setName] = useState(reason?.name ?? '');
  const [description, setDescription] = useState(reason?.description ?? '');
  const [roleIDs, setRoleIDs] = useState<readonly number[]>(
    // `roles` lists only roles that still exist; a deleted role's ID is not sent back (422).
    reason?.roles?.map((role) => role.roleID) ?? [],
  );

  const handleSubmit = () => {
    errors.clear();
    const body = { name: name.trim(), description: description.trim(), roleIDs: [...roleIDs] };
    const onSuccess = (saved: ReportReason) => {
      addToast({
        body:
          reason === null
            ? t('The reason {name} has been added.', { name: saved.name })
            : t('Your changes have been saved.'),
        autoDismiss: true,
      });
      onClose();
    };
    const onError = (error: unknown) => errors.setError(error);
    if (reason === null) {
      create.mutate({ reportReasonID: slug.trim(), ...body }, { onSuccess, onError });
    } else {
      patch.mutate({ reportReasonID: reason.reportReasonID, body }, { onSuccess, onError });
    }
  };

  const descriptionErrors = errors.fieldErrors('description');
  const formMessages = errors.formMessages(shownFields);
  return (
    <FormModal
      title={reason === null ? t('Add Reason') : t('Edit {name}', { name: reason.name })}
      isBusy={create.isPending || patch.isPending}
      error={formMessages.length > 0 ? formMessages.join(' ') : null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TextField
        label={t('Name')}
        required
        maxLength={255}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          // The API name takes ASCII letters, digits and hyphens only (api-contract §27.3).
          if (!isSlugEdited) setSlug(slugify(event.target.value).replace(/[^a-z0-9-]/g, ''));
        }}
        errors={errors.fieldErrors('name')}
      />
      <TextField
        label={t('API name')}
        required
        maxLength={255}
        value={slug}
        readOnly={reason !== null}
        description={t('Letters, digits and hyphens; it cannot be changed later.')}
        onChange={(event) => {
          setIsSlugEdited(true);
          setSlug(event.target.value);
        }}
        errors={errors.fieldErrors('reportReasonID')}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          {t('Description')}
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        </label>
        <textarea
          id={`${id}-description`}
          className={styles.textarea}
          rows={3}
          maxLength={500}
          required
          value={description}
          aria-invalid={descriptionErrors.length > 0 || undefined}
          aria-describedby={descriptionErrors.length > 0 ? `${id}-description-errors` : undefined}
          onChange={(event) => setDescription(event.target.value)}
        />
        <FieldErrors id={`${id}-description-errors`} errors={descriptionErrors} />
      </div>
      <fieldset className={styles.roles}>
        <legend className={styles.label}>{t('Roles that may use it')}</legend>
        <p className={styles.hint}>{t('None chosen: everyone who may report.')}</p>
        {roles.map((role) => (
          <label key={role.roleID} className={styles.choice}>
            <input
              type="checkbox"
              checked={roleIDs.includes(role.roleID)}
              onChange={(event) =>
                setRoleIDs((previous) =>
                  event.target.checked
                    ? [...previous, role.roleID]
                    : previous.filter((item) => item !== role.roleID),
                )
              }
            />
            {role.name}
          </label>
        ))}
        <FieldErrors id={`${id}-roles-errors`} errors={errors.fieldErrors('roleIDs')} />
      </fieldset>
    </FormModal>
  );
}
