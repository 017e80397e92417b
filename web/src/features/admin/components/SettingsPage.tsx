import { useRef, useState, type FormEvent } from 'react';
import { PermissionErrorPage, ErrorMessage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useFocusFirstInvalid } from '../hooks/useFocusFirstInvalid.ts';
import { useConfigQuery, usePatchConfigMutation } from '../api/admin.queries.ts';
import {
  buildSettingsPatch,
  groupErrorsBySetting,
  settingFormKeys,
  settingSections,
  toSettingsDraft,
  type DraftValue,
  type SettingsDraft,
} from '../settings/settings-form.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { SettingFieldRow } from './SettingFieldRow.tsx';
import styles from './AdminForm.module.css';

/** `/dashboard/settings` (`site.manage`): the site settings form, grouped by section. */
export function SettingsPage() {
  const canManage = usePermission('site.manage');
  const config = useConfigQuery(settingFormKeys, canManage);
  usePageMeta({ title: t('Settings') });
  if (!canManage) {
    return <PermissionErrorPage />;
  }
  return (
    <DashboardLayout title={t('Settings')}>
      {config.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{config.error.message}</p>}
        />
      ) : config.data === undefined ? (
        <Loader />
      ) : (
        <SettingsForm loaded={config.data} />
      )}
    </DashboardLayout>
  );
}

interface SettingsFormProps {
  loaded: Readonly<Record<string, unknown>>;
}

function SettingsForm({ loaded }: SettingsFormProps) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toSettingsDraft(loaded));
  const save = usePatchConfigMutation(settingFormKeys);
  const errors = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors.error);
  const { addToast } = useToasts();

  const pending = buildSettingsPatch(draft, loaded);
  const hasChanges = !pending.ok || Object.keys(pending.patch).length > 0;

  const handleChange = (key: keyof SettingsDraft, value: DraftValue) => {
    setDraft((current) => ({ ...current, [key]: value }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    if (!pending.ok) {
      errors.setError(
        new ApiError(t('Please correct the errors below.'), {
          status: 422,
          errors: pending.errors,
        }),
      );
      return;
    }
    if (Object.keys(pending.patch).length === 0) {
      addToast({ body: t('There are no changes to save.'), autoDismiss: true });
      return;
    }
    save.mutate(pending.patch, {
      onSuccess: () => {
        addToast({ body: t('Your changes have been saved.'), autoDismiss: true });
      },
      onError: (error) => {
        // spec 001 §7.7, §8.3: config patch errors are grouped by field (the setting's key).
        errors.setError(
          error instanceof ApiError
            ? new ApiError(error.message, {
                status: error.status,
                description: error.description,
                errors: groupErrorsBySetting(error.errors),
                body: error.body,
              })
            : error,
        );
      },
    });
  };

  const formMessages = errors.formMessages(settingFormKeys);
  return (
    <form ref={formRef} className={styles.form} onSubmit={handleSubmit} noValidate>
      {formMessages.length > 0 ? (
        <FormMessage>
          {formMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </FormMessage>
      ) : null}
      {settingSections.map((section) => (
        <section
          key={section.id}
          className={styles.section}
          aria-labelledby={`settings-${section.id}`}
        >
          <h2 id={`settings-${section.id}`} className={styles.sectionTitle}>
            {t(section.title)}
          </h2>
          {section.fields.map((field) => {
            const value = draft[field.key];
            return value === undefined ? null : (
              <SettingFieldRow
                key={field.key}
                field={field}
                value={value}
                errors={errors.fieldErrors(field.key)}
                onChange={(next) => handleChange(field.key, next)}
              />
            );
          })}
        </section>
      ))}
      <div className={styles.actionBar}>
        {hasChanges ? (
          <span className={styles.unsaved} role="status">
            {t('You have unsaved changes')}
          </span>
        ) : null}
        <Button type="submit" variant="primary" isLoading={save.isPending}>
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}
