import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  categoryDisplayAs,
  discussionTypes,
  type CategoryTreeNode,
} from '../../../../../common/src/api/categories.ts';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { ErrorMessage, NotFoundPage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { dashboardCategoriesPath } from '../../../app/paths.ts';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useFocusFirstInvalid } from '../hooks/useFocusFirstInvalid.ts';
import {
  useCategoryEditQuery,
  useCategoryMutations,
  useCategoryTreeQuery,
  useRolesQuery,
} from '../api/admin.queries.ts';
import {
  categoryFormFromEdit,
  defaultGrants,
  discussionTypeLabels,
  displayAsLabels,
  emptyCategoryForm,
  suggestUrlcode,
  toCreateBody,
  toPatchBody,
  type CategoryFormValues,
} from '../categories/category-form.ts';
import { flattenCategoryTree, inheritedFrom, subtreeIDs } from '../categories/category-tree.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { DeleteCategoryDialog } from './DeleteCategoryDialog.tsx';
import { PermissionGrid } from './PermissionGrid.tsx';
import styles from './AdminForm.module.css';
import pageStyles from './CategoryFormPage.module.css';

/** API fields the form shows next to an input; the rest appear above the form. */
const shownFields = [
  'name',
  'urlcode',
  'description',
  'parentCategoryID',
  'displayAs',
  'allowedDiscussionTypes',
  'iconUrl',
  'isArchived',
  'customPermissions',
  'permissions',
] as const;

function parseID(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * `/dashboard/categories/add` and `/dashboard/categories/{id}/edit` (`site.manage`): a category's
 * fields and, with custom permissions, its role × permission grid.
 */
export function CategoryFormPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const canEdit = usePermission('site.manage');
  const isNew = params.categoryID === undefined;
  const categoryID = isNew ? null : parseID(params.categoryID);
  const tree = useCategoryTreeQuery();
  const edit = useCategoryEditQuery(categoryID, canEdit);
  const roles = useRolesQuery(canEdit);
  const title = isNew ? t('New Category') : t('Edit Category');
  usePageMeta({ title });

  if (!canEdit) {
    return <PermissionErrorPage />;
  }
  if (
    !isNew &&
    (categoryID === null || (edit.error instanceof ApiError && edit.error.status === 404))
  ) {
    return <NotFoundPage type="Category" />;
  }
  const failed = tree.error ?? edit.error ?? roles.error;
  const isLoading =
    tree.data === undefined || roles.data === undefined || (!isNew && edit.data === undefined);
  return (
    <DashboardLayout title={title}>
      {failed !== null ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{failed.message}</p>}
        />
      ) : isLoading ? (
        <Loader />
      ) : (
        <CategoryForm
          key={categoryID ?? 'new'}
          categoryID={categoryID}
          tree={tree.data ?? []}
          roles={roles.data ?? []}
          initial={
            edit.data === undefined
              ? emptyCategoryForm(parseID(searchParams.get('parentID') ?? undefined))
              : categoryFormFromEdit(edit.data)
          }
        />
      )}
    </DashboardLayout>
  );
}

interface CategoryFormProps {
  /** null for a new category. */
  categoryID: number | null;
  tree: readonly CategoryTreeNode[];
  roles: readonly Role[];
  initial: CategoryFormValues;
}

export function CategoryForm({ categoryID, tree, roles, initial: loaded }: CategoryFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const { addToast } = useToasts();
  const { create, patch } = useCategoryMutations();
  const errors = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors.error);
  const [initial, setInitial] = useState(loaded);
  const [values, setValues] = useState(loaded);
  const [isUrlcodeEdited, setIsUrlcodeEdited] = useState(categoryID !== null);
  const [isDeleting, setIsDeleting] = useState(false);
  // The roles of the last sent `permissions`, in order: errors name them by index.
  const [sentRoleIDs, setSentRoleIDs] = useState<readonly number[]>([]);

  const rows = flattenCategoryTree(tree);
  const excluded = categoryID === null ? new Set<number>() : subtreeIDs(tree, categoryID);
  const parentOptions = rows.filter((row) => !excluded.has(row.category.categoryID));
  const inherited = inheritedFrom(rows, values.parentCategoryID);
  const current = rows.find((row) => row.category.categoryID === categoryID)?.category;

  const update = (changes: Partial<CategoryFormValues>) =>
    setValues((previous) => ({ ...previous, ...changes }));

  const handleNameChange = (name: string) => {
    update(isUrlcodeEdited ? { name } : { name, urlcode: suggestUrlcode(name) });
  };

  const handleCustomPermissions = (checked: boolean) => {
    // Turning custom permissions on starts from each role's defaults, as the server does.
    const hasGrants = Object.keys(values.grants).length > 0;
    update({
      customPermissions: checked,
      ...(checked && !hasGrants ? { grants: defaultGrants(roles) } : {}),
    });
  };

  const handleGrant = (roleID: number, permission: string, granted: boolean) => {
    setValues((previous) => ({
      ...previous,
      grants: {
        ...previous.grants,
        [roleID]: { ...previous.grants[roleID], [permission]: granted },
      },
    }));
  };

  const toggleType = (type: string, checked: boolean) => {
    update({
      allowedDiscussionTypes: checked
        ? discussionTypes.filter(
            (item) => item === type || values.allowedDiscussionTypes.includes(item),
          )
        : values.allowedDiscussionTypes.filter((item) => item !== type),
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    const onError = (error: unknown) => errors.setError(error);
    if (categoryID === null) {
      const body = toCreateBody(values);
      setSentRoleIDs(body.permissions?.map((entry) => entry.roleID) ?? []);
      create.mutate(body, {
        onSuccess: (category) => {
          addToast({
            body: t('The category {name} has been created.', { name: category.name }),
            autoDismiss: true,
          });
          void navigate(dashboardCategoriesPath());
        },
        onError,
      });
      return;
    }
    const body = toPatchBody(values, initial);
    if (Object.keys(body).length === 0) {
      addToast({ body: t('There are no changes to save.'), autoDismiss: true });
      return;
    }
    setSentRoleIDs(body.permissions?.map((entry) => entry.roleID) ?? []);
    patch.mutate(
      { categoryID, body },
      {
        onSuccess: () => {
          setInitial(values);
          addToast({ body: t('Your changes have been saved.'), autoDismiss: true });
        },
        onError,
      },
    );
  };

  // Errors on `permissions.{index}.…` belong to the role sent at that index.
  const roleErrors: Record<number, string[]> = {};
  const permissionFields: string[] = [];
  for (const [field, items] of Object.entries(errors.error?.errors ?? {})) {
    const match = /^permissions\.(\d+)/.exec(field);
    if (match === null) continue;
    permissionFields.push(field);
    const roleID = sentRoleIDs[Number(match[1])];
    if (roleID !== undefined) {
      (roleErrors[roleID] ??= []).push(...items.map((item) => item.message));
    }
  }
  const formMessages = errors.formMessages([...shownFields, ...permissionFields]);
  const isSaving = create.isPending || patch.isPending;
  const typeErrors = errors.fieldErrors('allowedDiscussionTypes');
  const descriptionErrors = errors.fieldErrors('description');
  const parentErrors = errors.fieldErrors('parentCategoryID');
  const displayErrors = errors.fieldErrors('displayAs');
  const permissionErrors = errors.fieldErrors('permissions', 'customPermissions');

  return (
    <form ref={formRef} className={styles.form} onSubmit={handleSubmit} noValidate>
      {formMessages.length > 0 ? (
        <FormMessage>
          {formMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </FormMessage>
      ) : null}
      <section className={styles.section} aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`} className={styles.sectionTitle}>
          {t('Category')}
        </h2>
        <div className={styles.sectionBody}>
          <div className={pageStyles.columns}>
            <TextField
              label={t('Name')}
              name="name"
              required
              maxLength={255}
              value={values.name}
              onChange={(event) => handleNameChange(event.target.value)}
              errors={errors.fieldErrors('name')}
            />
            <TextField
              label={t('URL code')}
              name="urlcode"
              required
              maxLength={255}
              value={values.urlcode}
              description={t('The category’s address: /categories/{urlcode}', {
                urlcode: values.urlcode === '' ? '…' : values.urlcode,
              })}
              onChange={(event) => {
                setIsUrlcodeEdited(true);
                update({ urlcode: event.target.value });
              }}
              errors={errors.fieldErrors('urlcode')}
            />
          </div>
          <div className={pageStyles.field}>
            <label htmlFor={`${id}-description`} className={styles.label}>
              {t('Description')}
            </label>
            <textarea
              id={`${id}-description`}
              name="description"
              rows={3}
              maxLength={1000}
              className={`${styles.input} ${styles.textarea}`}
              value={values.description}
              aria-invalid={descriptionErrors.length > 0 || undefined}
              aria-describedby={
                descriptionErrors.length > 0 ? `${id}-description-errors` : undefined
              }
              onChange={(event) => update({ description: event.target.value })}
            />
            <FieldErrorList id={`${id}-description-errors`} errors={descriptionErrors} />
          </div>
          <div className={pageStyles.columns}>
            <div className={pageStyles.field}>
              <label htmlFor={`${id}-parent`} className={styles.label}>
                {t('Parent category')}
              </label>
              <select
                id={`${id}-parent`}
                name="parentCategoryID"
                className={`${styles.input} ${styles.select}`}
                value={values.parentCategoryID ?? ''}
                aria-invalid={parentErrors.length > 0 || undefined}
                aria-describedby={parentErrors.length > 0 ? `${id}-parent-errors` : undefined}
                onChange={(event) =>
                  update({
                    parentCategoryID: event.target.value === '' ? null : Number(event.target.value),
                  })
                }
              >
                <option value="">{t('None (top level)')}</option>
                {parentOptions.map((row) => (
                  <option key={row.category.categoryID} value={row.category.categoryID}>
                    {`${'\u2003'.repeat(row.level)}${row.category.name}`}
                  </option>
                ))}
              </select>
              <FieldErrorList id={`${id}-parent-errors`} errors={parentErrors} />
            </div>
            <div className={pageStyles.field}>
              <label htmlFor={`${id}-display`} className={styles.label}>
                {t('Display as')}
              </label>
              <select
                id={`${id}-display`}
                name="displayAs"
                className={`${styles.input} ${styles.select}`}
                value={values.displayAs}
                aria-invalid={displayErrors.length > 0 || undefined}
                aria-describedby={displayErrors.length > 0 ? `${id}-display-errors` : undefined}
                onChange={(event) =>
                  update({ displayAs: event.target.value as CategoryFormValues['displayAs'] })
                }
              >
                {categoryDisplayAs.map((value) => (
                  <option key={value} value={value}>
                    {t(displayAsLabels[value])}
                  </option>
                ))}
              </select>
              <FieldErrorList id={`${id}-display-errors`} errors={displayErrors} />
            </div>
          </div>
          <fieldset
            className={pageStyles.fieldset}
            aria-describedby={typeErrors.length > 0 ? `${id}-types-errors` : undefined}
          >
            <legend className={styles.label}>{t('Allowed discussion types')}</legend>
            <div className={pageStyles.checkboxes}>
              {discussionTypes.map((type) => (
                <label key={type} className={styles.checkboxLine}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={values.allowedDiscussionTypes.includes(type)}
                    aria-invalid={typeErrors.length > 0 || undefined}
                    onChange={(event) => toggleType(type, event.target.checked)}
                  />
                  {t(discussionTypeLabels[type])}
                </label>
              ))}
            </div>
            <FieldErrorList id={`${id}-types-errors`} errors={typeErrors} />
          </fieldset>
          <TextField
            label={t('Icon URL')}
            name="iconUrl"
            type="url"
            inputMode="url"
            maxLength={2000}
            value={values.iconUrl}
            onChange={(event) => update({ iconUrl: event.target.value })}
            errors={errors.fieldErrors('iconUrl')}
          />
          <CheckboxField
            label={t('Archived')}
            description={t(
              'Archived categories stay readable but are not offered for new discussions.',
            )}
            name="isArchived"
            checked={values.isArchived}
            onChange={(event) => update({ isArchived: event.target.checked })}
            errors={errors.fieldErrors('isArchived')}
          />
        </div>
      </section>

      <section className={styles.section} aria-labelledby={`${id}-permissions`}>
        <h2 id={`${id}-permissions`} className={styles.sectionTitle}>
          {t('Permissions')}
        </h2>
        <div className={styles.sectionBody}>
          <CheckboxField
            label={t('Use custom permissions')}
            description={
              values.customPermissions
                ? t(
                    'These grants apply to this category and to its subcategories that have no custom permissions of their own.',
                  )
                : inherited === null
                  ? t('This category uses each role’s default category permissions.')
                  : t('This category uses the custom permissions of {name}.', {
                      name: inherited.name,
                    })
            }
            name="customPermissions"
            checked={values.customPermissions}
            onChange={(event) => handleCustomPermissions(event.target.checked)}
            errors={permissionErrors}
          />
          {values.customPermissions ? (
            <PermissionGrid
              roles={roles}
              value={values.grants}
              onChange={handleGrant}
              disabled={isSaving}
              roleErrors={roleErrors}
            />
          ) : null}
        </div>
      </section>

      <div className={styles.actionBar}>
        {current === undefined ? null : (
          <Button className={pageStyles.deleteButton} onClick={() => setIsDeleting(true)}>
            {t('Delete')}
          </Button>
        )}
        <Link to={dashboardCategoriesPath()} className={buttonClassName('standard')}>
          {t('Cancel')}
        </Link>
        <Button type="submit" variant="primary" isLoading={isSaving}>
          {t('Save')}
        </Button>
      </div>
      {isDeleting && current !== undefined ? (
        <DeleteCategoryDialog
          category={current}
          rows={rows}
          onClose={() => setIsDeleting(false)}
          onDeleted={() => {
            addToast({
              body: t('The category {name} has been deleted.', { name: current.name }),
              autoDismiss: true,
            });
            void navigate(dashboardCategoriesPath());
          }}
        />
      ) : null}
    </form>
  );
}

function FieldErrorList({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className={styles.errors}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
