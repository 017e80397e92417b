import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  discussionTypes,
  type CategoryTreeNode,
} from '../../../../../common/src/api/categories.ts';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { dashboardCategoriesPath } from '../../../app/paths.ts';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useFocusFirstInvalid } from '../hooks/useFocusFirstInvalid.ts';
import { useCategoryMutations } from '../api/admin.queries.ts';
import {
  defaultGrants,
  suggestUrlcode,
  toCreateBody,
  toPatchBody,
  type CategoryFormValues,
} from '../categories/category-form.ts';
import { flattenCategoryTree, inheritedFrom, subtreeIDs } from '../categories/category-tree.ts';
import { CategoryDetailsFields } from './CategoryDetailsFields.tsx';
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
interface CategoryFormProps {
  /** null for a new category. */
  categoryID: number | null;
  tree: readonly CategoryTreeNode[];
  roles: readonly Role[];
  initial: CategoryFormValues;
}

/** A category's fields and, with custom permissions, its role × permission grid; saves and deletes. */
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

  const handleUrlcodeChange = (urlcode: string) => {
    setIsUrlcodeEdited(true);
    update({ urlcode });
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
  const permissionErrors = errors.fieldErrors('permissions', 'customPermissions');

  return (
    <form ref={formRef} className={styles.form} onSubmit={handleSubmit} noValidate>
      {formMessages.length > 0 ? (
        <FormMessage>
          {formMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </FormMessage>
      ) : null}{' '}
      <CategoryDetailsFields
        values={values}
        errors={errors}
        parentOptions={parentOptions}
        onChange={update}
        onNameChange={handleNameChange}
        onUrlcodeChange={handleUrlcodeChange}
        onTypeToggle={toggleType}
      />
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
              rows={roles.map((role) => ({ id: role.roleID, name: role.name }))}
              value={values.grants}
              onChange={handleGrant}
              disabled={isSaving}
              rowErrors={roleErrors}
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
