import {
  discussionTypes,
  type CategoryDisplayAs,
  type CategoryEdit,
  type CategoryRolePermissions,
  type CreateCategoryBody,
  type PatchCategoryBody,
} from '../../../../../common/src/api/categories.ts';
import type { Role } from '../../../../../common/src/api/roles.ts';
import { slugify } from '../../../../../common/src/slug.ts';
import { categoryPermissionNames, type RoleGrants } from './category-permissions.ts';

/** Labels of the display types (English keys for `t()`). */
export const displayAsLabels: Readonly<Record<CategoryDisplayAs, string>> = {
  discussions: 'Discussions',
  categories: 'Nested categories',
  flat: 'Flat categories',
  heading: 'Heading',
};

/** Labels of the discussion types (English keys for `t()`). */
export const discussionTypeLabels: Readonly<Record<(typeof discussionTypes)[number], string>> = {
  discussion: 'Discussion',
  question: 'Question',
  idea: 'Idea',
  poll: 'Poll',
};

/** The category form's values while they are edited. */
export interface CategoryFormValues {
  name: string;
  urlcode: string;
  description: string;
  /** null for the top level. */
  parentCategoryID: number | null;
  displayAs: CategoryDisplayAs;
  allowedDiscussionTypes: string[];
  isArchived: boolean;
  iconUrl: string;
  customPermissions: boolean;
  grants: RoleGrants;
}

/** A new category's values (under `parentCategoryID` when given). */
export function emptyCategoryForm(parentCategoryID: number | null): CategoryFormValues {
  return {
    name: '',
    urlcode: '',
    description: '',
    parentCategoryID,
    displayAs: 'discussions',
    allowedDiscussionTypes: [...discussionTypes],
    isArchived: false,
    iconUrl: '',
    customPermissions: false,
    grants: {},
  };
}

/** The grants of the custom permission entries of `GET /categories/{id}/edit`. */
export function grantsFromEntries(entries: readonly CategoryRolePermissions[]): RoleGrants {
  return Object.fromEntries(entries.map((entry) => [entry.roleID, { ...entry.permissions }]));
}

/**
 * Each role's default category permissions (its `category` entry with `id` 0): what a category
 * starts from when custom permissions are turned on (the server copies the same rows).
 */
export function defaultGrants(roles: readonly Role[]): RoleGrants {
  return Object.fromEntries(
    roles.map((role) => {
      const entry = role.permissions?.find((item) => item.type === 'category' && item.id === 0);
      return [
        role.roleID,
        Object.fromEntries(
          categoryPermissionNames.map((name) => [name, entry?.permissions[name] === true]),
        ),
      ];
    }),
  );
}

/** An existing category's form values. */
export function categoryFormFromEdit(edit: CategoryEdit): CategoryFormValues {
  return {
    name: edit.name,
    urlcode: edit.urlcode,
    description: edit.description,
    parentCategoryID: edit.parentCategoryID,
    displayAs: edit.displayAs,
    allowedDiscussionTypes: [...edit.allowedDiscussionTypes],
    isArchived: edit.isArchived,
    iconUrl: edit.iconUrl ?? '',
    customPermissions: edit.customPermissions,
    grants: grantsFromEntries(edit.permissions ?? []),
  };
}

/** The url code suggested for a name (letters, numbers and dashes; never only digits). */
export function suggestUrlcode(name: string): string {
  const slug = slugify(name);
  return /^\d+$/.test(slug) ? `c-${slug}` : slug;
}

function permissionEntries(grants: RoleGrants): CategoryRolePermissions[] {
  return Object.entries(grants).map(([roleID, permissions]) => ({
    roleID: Number(roleID),
    permissions: Object.fromEntries(
      categoryPermissionNames.map((name) => [name, permissions[name] === true]),
    ),
  }));
}

/** `POST /categories` body of a new category's form. */
export function toCreateBody(values: CategoryFormValues): CreateCategoryBody {
  const body: CreateCategoryBody = {
    name: values.name.trim(),
    urlcode: values.urlcode.trim(),
    description: values.description,
    parentCategoryID: values.parentCategoryID ?? -1,
    displayAs: values.displayAs,
    allowedDiscussionTypes: values.allowedDiscussionTypes,
    isArchived: values.isArchived,
    iconUrl: values.iconUrl.trim() === '' ? null : values.iconUrl.trim(),
    customPermissions: values.customPermissions,
  };
  if (values.customPermissions) body.permissions = permissionEntries(values.grants);
  return body;
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `PATCH /categories/{id}` body: only the changed fields. The permission grid is sent whole when
 * custom permissions are on and it (or the toggle) changed.
 */
export function toPatchBody(
  values: CategoryFormValues,
  initial: CategoryFormValues,
): PatchCategoryBody {
  const body: PatchCategoryBody = {};
  const created = toCreateBody(values);
  const before = toCreateBody(initial);
  if (created.name !== before.name) body.name = created.name;
  if (created.urlcode !== before.urlcode) body.urlcode = created.urlcode;
  if (created.description !== before.description) body.description = created.description;
  if (values.parentCategoryID !== initial.parentCategoryID)
    body.parentCategoryID = created.parentCategoryID;
  if (created.displayAs !== before.displayAs) body.displayAs = created.displayAs;
  if (
    !sameJSON([...values.allowedDiscussionTypes].sort(), [...initial.allowedDiscussionTypes].sort())
  )
    body.allowedDiscussionTypes = created.allowedDiscussionTypes;
  if (created.isArchived !== before.isArchived) body.isArchived = created.isArchived;
  if (created.iconUrl !== before.iconUrl) body.iconUrl = created.iconUrl;
  if (values.customPermissions !== initial.customPermissions)
    body.customPermissions = values.customPermissions;
  if (
    values.customPermissions &&
    (values.customPermissions !== initial.customPermissions ||
      !sameJSON(created.permissions, before.permissions))
  ) {
    body.permissions = created.permissions;
  }
  return body;
}
