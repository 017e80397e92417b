import {
  categoryPreferenceKeys,
  emailPreferenceKeys,
  type CategoryPreferenceKey,
  type CategoryPreferences,
  type CategoryPreferencesPatch,
  type CategoryRef,
  type FollowedCategoryPreferences,
} from '../../../../common/src/api/categories.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import { notFound, permissionError } from '../../platform/errors.ts';
import { getSettings, type SiteSettings } from '../config/config.service.ts';
import { isLiveUser } from '../users/users.service.ts';
import { authorizeActingOnUser } from '../users/users.rank.ts';
import {
  canFollowCategories,
  canManagePreferencesOf,
  canReceiveCategoryEmail,
  canViewCategory,
  preferencesPermission,
  viewableScope,
} from './categories.policy.ts';
import { presentFollowedCategory, presentPreferences } from './categories.present.ts';
import { refreshFollowerCount } from './categories.counts.repo.ts';
import { ensureCategoryTree, resolveCategory } from './categories.lookup.ts';
import type { CategoryRow } from './categories.repo.ts';
import {
  findFollowedCategories,
  findUserCategories,
  upsertUserCategory,
  type UserCategoryRow,
} from './user-categories.repo.ts';

/** A user in a preferences path. */
export type PreferencesUserRef = '$me' | number;

const noPreferences: Record<string, boolean> = Object.fromEntries(
  categoryPreferenceKeys.filter((key) => key !== 'preferences.followed').map((key) => [key, false]),
);

/** The preferences a follow starts with: the configured defaults, e-mail keys only for `email.view` holders. */
function followDefaults(settings: SiteSettings, canEmail: boolean): Record<string, boolean> {
  const defaults = settings['preferences.categoryFollowed.defaults'];
  const preferences: Record<string, boolean> = { ...noPreferences };
  for (const key of categoryPreferenceKeys) {
    if (key === 'preferences.followed') continue;
    const isEmail = (emailPreferenceKeys as readonly string[]).includes(key);
    if (isEmail && !canEmail) continue;
    if (key === 'preferences.email.digest' && !settings['emails.digest']) continue;
    preferences[key] = defaults[key];
  }
  return preferences;
}

/**
 * `PUT /categories/{id}/follow` (api-contract §7, spec 000 §4): the current user follows (with the
 * default preferences) or unfollows (every preference off) a category.
 * @throws AppError 403 for guests and without `discussions.view` on the category, 404.
 */
export async function followCategory(
  ctx: RequestContext,
  ref: CategoryRef,
  followed: boolean,
): Promise<{ followed: boolean }> {
  authorize(canFollowCategories(ctx.permissions), { permissions: 'session.valid' });
  const category = await resolveCategory(ctx.db, ref);
  authorize(canViewCategory(ctx.permissions, category), { permissions: 'discussions.view' });
  const settings = await getSettings(ctx.db);
  const userID = ctx.actor.userID;
  await ctx.db.transaction().execute(async (trx) => {
    const [existing] = await findUserCategories(trx, userID, [category.categoryID]);
    if ((existing?.followed ?? false) === followed) return;
    await upsertUserCategory(trx, {
      userID,
      categoryID: category.categoryID,
      followed,
      dateFollowed: followed ? nowIso(ctx.clock) : null,
      preferences: followed
        ? followDefaults(settings, canReceiveCategoryEmail(ctx.permissions))
        : { ...noPreferences },
    });
    await refreshFollowerCount(trx, category.categoryID);
  });
  return { followed };
}

function resolvePreferencesUser(ctx: RequestContext, ref: PreferencesUserRef): number {
  return ref === '$me' ? ctx.actor.userID : ref;
}

async function authorizePreferences(ctx: RequestContext, userID: number): Promise<void> {
  authorize(canManagePreferencesOf(ctx.permissions, ctx.actor.userID, userID), {
    permissions: preferencesPermission(ctx.actor.userID, userID),
  });
  if (userID !== ctx.actor.userID && !(await isLiveUser(ctx.db, userID))) throw notFound('User');
  // Issue 11 item 7: another user's preferences also need a higher rank.
  await authorizeActingOnUser(ctx, userID, 'users.edit');
}

async function viewableCategoryFor(ctx: RequestContext, ref: CategoryRef): Promise<CategoryRow> {
  const category = await resolveCategory(ctx.db, ref);
  authorize(canViewCategory(ctx.permissions, category), { permissions: 'discussions.view' });
  return category;
}

/**
 * `GET /categories/{id}/preferences/{userID}` (api-contract §7): missing keys are false.
 * @throws AppError 403 (self: signed in; others: `users.edit`; the category visible), 404.
 */
export async function getCategoryPreferences(
  ctx: RequestContext,
  ref: CategoryRef,
  userRef: PreferencesUserRef,
): Promise<CategoryPreferences> {
  const userID = resolvePreferencesUser(ctx, userRef);
  await authorizePreferences(ctx, userID);
  const category = await viewableCategoryFor(ctx, ref);
  const [row] = await findUserCategories(ctx.db, userID, [category.categoryID]);
  return presentPreferences(row, (await getSettings(ctx.db))['emails.digest']);
}

/**
 * `PATCH /categories/{id}/preferences/{userID}` (api-contract §7): merges the given keys and
 * answers the saved object. Turning a notification on follows the category; unfollowing turns
 * every preference off. The digest key is ignored while the digest is disabled.
 * @throws AppError 403 (as GET; e-mail keys need the target user's `email.view`, reported as
 * `Garden.Email.View`), 404.
 */
export async function patchCategoryPreferences(
  ctx: RequestContext,
  ref: CategoryRef,
  userRef: PreferencesUserRef,
  input: CategoryPreferencesPatch,
): Promise<CategoryPreferences> {
  const userID = resolvePreferencesUser(ctx, userRef);
  await authorizePreferences(ctx, userID);
  const category = await viewableCategoryFor(ctx, ref);
  const settings = await getSettings(ctx.db);
  const digestEnabled = settings['emails.digest'];
  if (
    emailPreferenceKeys.some(
      (key) => input[key] === true && (key !== 'preferences.email.digest' || digestEnabled),
    )
  ) {
    const targetSet: PermissionSet =
      userID === ctx.actor.userID ? ctx.permissions : await loadPermissionSet(ctx.db, userID);
    // api-contract §7: Vanilla names the legacy permission here.
    if (!canReceiveCategoryEmail(targetSet)) throw permissionError(['Garden.Email.View']);
  }
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const [existing] = await findUserCategories(trx, userID, [category.categoryID]);
    const preferences: Record<string, boolean> = { ...noPreferences, ...existing?.preferences };
    let anyOn = false;
    for (const key of categoryPreferenceKeys) {
      if (key === 'preferences.followed') continue;
      if (key === 'preferences.email.digest' && !digestEnabled) continue;
      const value = input[key as Exclude<CategoryPreferenceKey, 'preferences.followed'>];
      if (value !== undefined) preferences[key] = value;
      if (value === true) anyOn = true;
    }
    const wasFollowed = existing?.followed ?? false;
    const followed = input['preferences.followed'] ?? (anyOn ? true : wasFollowed);
    const row: UserCategoryRow = {
      userID,
      categoryID: category.categoryID,
      followed,
      dateFollowed: followed
        ? wasFollowed
          ? (existing?.dateFollowed ?? nowIso(ctx.clock))
          : nowIso(ctx.clock)
        : null,
      preferences: followed ? preferences : { ...noPreferences },
    };
    await upsertUserCategory(trx, row);
    if (followed !== wasFollowed) await refreshFollowerCount(trx, category.categoryID);
    return row;
  });
  return presentPreferences(saved, digestEnabled);
}

/**
 * `GET /categories/preferences/{userID}` (api-contract §7): the categories the user follows (and
 * may view), with their preferences.
 * @throws AppError 403 (self: signed in; others: `users.edit`), 404 for an unknown user.
 */
export async function listFollowedCategoryPreferences(
  ctx: RequestContext,
  userRef: PreferencesUserRef,
): Promise<FollowedCategoryPreferences[]> {
  const userID = resolvePreferencesUser(ctx, userRef);
  await authorizePreferences(ctx, userID);
  await ensureCategoryTree(ctx.db);
  const set =
    userID === ctx.actor.userID ? ctx.permissions : await loadPermissionSet(ctx.db, userID);
  const digestEnabled = (await getSettings(ctx.db))['emails.digest'];
  const rows = await findFollowedCategories(ctx.db, userID, viewableScope(set));
  return rows.map(({ category, userCategory }) =>
    presentFollowedCategory(category, userCategory, ctx.config.baseUrl, digestEnabled),
  );
}
