import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { roleTypes, type Role } from '../../../../../common/src/api/roles.ts';
import { dashboardRolesPath } from '../../../app/paths.ts';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { FieldErrors, TextField } from '../../../components/form/TextField.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { PermissionGrid } from '../../admin/components/PermissionGrid.tsx';
import { useFocusFirstInvalid } from '../../admin/hooks/useFocusFirstInvalid.ts';
import adminStyles from '../../admin/components/AdminForm.module.css';
import { useRoleMutations } from '../api/roles.queries.ts';
import {
  isRoleType,
  roleTypeLabels,
  toCreateRoleBody,
  toPatchRoleBody,
  type RoleFormValues,
} from '../role-permissions.ts';
import { DeleteRoleDialog } from './DeleteRoleDialog.tsx';
import { GlobalPermissionsFields } from './GlobalPermissionsFields.tsx';
import styles from './RoleForm.module.css';

const shownFields = ['name', 'description', 'type', 'canSession', 'personalInfo'] as const;

export interface RoleFormProps {
  /** null for a new role. */
  role: Role | null;
  initial: RoleFormValues;
  /** Names of the categories with custom permissions, by ID (the rows after the defaults). */
  categoryNames: ReadonlyMap<number, string>;
}

/**
 * A role's fields, its global permissions grouped as Vanilla's role editor shows them, and its
 * category permissions: the defaults and each category with custom permissions.
 */
export function RoleForm({ role, initial: loaded, categoryNames }: RoleFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const { addToast } = useToasts();
  const { create, patch } = useRoleMutations();
  const errors = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors.error);
  const [initial, setInitial] = useState(loaded);
  const [values, setValues] = useState(loaded);
  const [isDeleting, setIsDeleting] = useState(false);

  const update = (changes: Partial<RoleFormValues>) =>
    setValues((previous) => ({ ...previous, ...changes }));

  const handleGlobal = (permission: string, granted: boolean) =>
    setValues((previous) => ({
      ...previous,
      global: { ...previous.global, [permission]: granted },
    }));

  const handleCategory = (categoryID: number, permission: string, granted: boolean) =>
    setValues((previous) => ({
      ...previous,
      categories: {
        ...previous.categories,
        [categoryID]: { ...previous.categories[categoryID], [permission]: granted },
      },
    }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    const onError = (error: unknown) => errors.setError(error);
    if (role === null) {
      create.mutate(toCreateRoleBody(values), {
        onSuccess: (created) => {
          addToast({
            body: t('The role {name} has been created.', { name: created.name }),
            autoDismiss: true,
          });
          void navigate(dashboardRolesPath());
        },
        onError,
      });
      return;
    }
    const body = toPatchRoleBody(values, initial);
    if (Object.keys(body).length === 0) {
      addToast({ body: t('There are no changes to save.'), autoDismiss: true });
      return;
    }
    patch.mutate(
      { roleID: role.roleID, body },
      {
        onSuccess: () => {
          setInitial(values);
          addToast({ body: t('Your changes have been saved.'), autoDismiss: true });
        },
        onError,
      },
    );
  };

  const isSaving = create.isPending || patch.isPending;
  // Errors on permission entries have no input of their own: they show above the form.
  const formMessages = errors.formMessages(shownFields);
  const categoryRows = Object.keys(values.categories)
    .map(Number)
    .sort((a, b) => a - b)
    .map((categoryID) => ({
      id: categoryID,
      name:
        categoryID === 0
          ? t('Default category permissions')
          : (categoryNames.get(categoryID) ?? t('Category {id}', { id: categoryID })),
    }));
  const descriptionErrors = errors.fieldErrors('description');
  const typeErrors = errors.fieldErrors('type');

  return (
    <form ref={formRef} className={adminStyles.form} onSubmit={handleSubmit} noValidate>
      {formMessages.length > 0 ? (
        <FormMessage>
          {formMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </FormMessage>
      ) : null}
      <section className={adminStyles.section} aria-labelledby={`${id}-role`}>
        <h2 id={`${id}-role`} className={adminStyles.sectionTitle}>
          {t('Role')}
        </h2>
        <div className={adminStyles.sectionBody}>
          <div className={styles.columns}>
            <TextField
              label={t('Name')}
              name="name"
              required
              maxLength={100}
              value={values.name}
              onChange={(event) => update({ name: event.target.value })}
              errors={errors.fieldErrors('name')}
            />
            <div className={styles.field}>
              <label htmlFor={`${id}-type`} className={adminStyles.label}>
                {t('Default type')}
              </label>
              <select
                id={`${id}-type`}
                name="type"
                className={`${adminStyles.input} ${adminStyles.select}`}
                value={values.type ?? ''}
                aria-describedby={`${id}-type-description${typeErrors.length > 0 ? ` ${id}-type-errors` : ''}`}
                aria-invalid={typeErrors.length > 0 || undefined}
                onChange={(event) =>
                  update({ type: isRoleType(event.target.value) ? event.target.value : null })
                }
              >
                <option value="">{t('None')}</option>
                {roleTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(roleTypeLabels[type])}
                  </option>
                ))}
              </select>
              <p id={`${id}-type-description`} className={adminStyles.description}>
                {t(
                  'New members get every role of type Member (Unconfirmed until they confirm their email address); guests hold every role of type Guest.',
                )}
              </p>
              <FieldErrors id={`${id}-type-errors`} errors={typeErrors} />
            </div>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-description`} className={adminStyles.label}>
              {t('Description')}
            </label>
            <textarea
              id={`${id}-description`}
              name="description"
              rows={2}
              maxLength={500}
              className={`${adminStyles.input} ${adminStyles.textarea}`}
              value={values.description}
              aria-invalid={descriptionErrors.length > 0 || undefined}
              aria-describedby={
                descriptionErrors.length > 0 ? `${id}-description-errors` : undefined
              }
              onChange={(event) => update({ description: event.target.value })}
            />
            <FieldErrors id={`${id}-description-errors`} errors={descriptionErrors} />
          </div>
          <CheckboxField
            label={t('Members of this role can sign in')}
            description={t(
              'Vanilla’s session flag, kept with the role. Signing in also needs the Sign in permission (session.valid).',
            )}
            name="canSession"
            checked={values.canSession}
            onChange={(event) => update({ canSession: event.target.checked })}
            errors={errors.fieldErrors('canSession')}
          />
          <CheckboxField
            label={t('Personal info')}
            description={t(
              'The role is hidden from people without the permission to view personal info.',
            )}
            name="personalInfo"
            checked={values.personalInfo}
            onChange={(event) => update({ personalInfo: event.target.checked })}
            errors={errors.fieldErrors('personalInfo')}
          />
        </div>
      </section>
      <GlobalPermissionsFields value={values.global} disabled={isSaving} onChange={handleGlobal} />
      <section className={adminStyles.section} aria-labelledby={`${id}-categories`}>
        <h2 id={`${id}-categories`} className={adminStyles.sectionTitle}>
          {t('Category permissions')}
        </h2>
        <div className={adminStyles.sectionBody}>
          <p className={adminStyles.sectionIntro}>
            {t(
              'The defaults apply to every category without custom permissions; each category with custom permissions has its own row.',
            )}
          </p>
          <PermissionGrid
            rows={categoryRows}
            rowHeader={t('Category')}
            label={t('Permissions by category')}
            value={values.categories}
            onChange={handleCategory}
            disabled={isSaving}
          />
        </div>
      </section>
      <div className={adminStyles.actionBar}>
        {role === null || !role.deletable ? null : (
          <Button className={styles.deleteButton} onClick={() => setIsDeleting(true)}>
            {t('Delete')}
          </Button>
        )}
        <Link to={dashboardRolesPath()} className={buttonClassName('standard')}>
          {t('Cancel')}
        </Link>
        <Button type="submit" variant="primary" isLoading={isSaving}>
          {t('Save')}
        </Button>
      </div>
      {isDeleting && role !== null ? (
        <DeleteRoleDialog
          role={role}
          onClose={() => setIsDeleting(false)}
          onDeleted={() => void navigate(dashboardRolesPath())}
        />
      ) : null}
    </form>
  );
}
