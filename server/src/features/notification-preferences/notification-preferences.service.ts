import {
  preferenceActivityTypes,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationPreferencesSchema,
} from '../../../../common/src/api/notifications.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, permissionError } from '../../platform/errors.ts';
import { canManagePreferencesOf, preferencesPermission } from '../categories/categories.policy.ts';
import { getSettings } from '../config/config.service.ts';
import { requireLiveUser } from '../users/users.service.ts';
import { authorizeActingOnUser } from '../users/users.rank.ts';
import { canManageDefaults, canReceiveEmail, canReceiveReports } from './notification-preferences.policy.ts';
import { DEFAULTS_USER_ID, findPreferencesRows, upsertPreferencesRow } from './notification-preferences.repo.ts';
import { buildPreferencesSchema, hasActivity, type PreferencesShape } from './notification-preferences.schema.ts';
import { BUILT_IN_DEFAULTS, loadDefaultPreferences, mergePreferences, type PreferenceValues } from './notification-preferences.values.ts';

/** A user in a preferences path. */
export type PreferencesUserRef = '$me' | number;

function resolveUser(ctx: RequestContext, ref: PreferencesUserRef): number {
  return ref === '$me' ? ctx.actor.userID : ref;
}

function setOf(ctx: RequestContext, userID: number): Promise<PermissionSet> | PermissionSet {
  return userID === ctx.actor.userID ? ctx.permissions : loadPermissionSet(ctx.db, userID);
}

/**
 * Self (signed in) or `users.edit`; the user must exist (404); others also need a higher rank, to
 * read as to write (every call that names another user follows the rank rule, docs/decisions.md
 * "Acting on another user").
 */
async function authorizeUser(ctx: RequestContext, userID: number): Promise<void> {
  authorize(canManagePreferencesOf(ctx.permissions, ctx.actor.userID, userID), {
    permissions: preferencesPermission(ctx.actor.userID, userID),
  });
  await requireLiveUser(ctx.db, userID);
  await authorizeActingOnUser(ctx, userID, 'users.edit');
}

/** The administrators' view of the defaults: every row and column. */
const FULL_SHAPE: PreferencesShape = { withEmail: true, withReports: true };

/** A user's columns and rows, from their permissions (api-contract §6). */
async function shapeOf(ctx: RequestContext, userID: number): Promise<PreferencesShape> {
  const set = await setOf(ctx, userID);
  return { withEmail: canReceiveEmail(set), withReports: canReceiveReports(set) };
}

/**
 * Preferences as the API shows them: the e-mail column only with `email.view`, the digest is
 * e-mail only, `Report` only for moderators.
 */
function present(values: PreferenceValues, shape: PreferencesShape, language?: string | null): NotificationPreferences {
  const result: NotificationPreferences = {};
  for (const type of preferenceActivityTypes) {
    if (!hasActivity(type, shape)) continue;
    if (type === 'DigestEnabled') {
      result.DigestEnabled = { email: values.DigestEnabled.email };
      continue;
    }
    result[type] = shape.withEmail ? { ...values[type] } : { popup: values[type].popup };
  }
  if (language) result.NotificationLanguage = language;
  return result;
}

/** The stored preferences of one user (or the defaults' row) as a plain patchable object. */
async function storedOf(ctx: RequestContext, userID: number): Promise<{ preferences: Record<string, unknown>; language: string | null }> {
  const row = (await findPreferencesRows(ctx.db, [userID])).get(userID);
  return { preferences: row?.preferences ?? {}, language: row?.language ?? null };
}

/** The locales a member may choose: the site's and English (the one the web app ships). */
async function enabledLocales(ctx: RequestContext): Promise<Set<string>> {
  return new Set(['en', (await getSettings(ctx.db))['garden.locale']]);
}

/**
 * `GET /notification-preferences/{userID}` (api-contract §6).
 * @throws AppError 403 (self: signed in; others: `users.edit`), 404 "User not found."
 */
export async function getNotificationPreferences(ctx: RequestContext, ref: PreferencesUserRef): Promise<NotificationPreferences> {
  const userID = resolveUser(ctx, ref);
  await authorizeUser(ctx, userID);
  const defaults = await loadDefaultPreferences(ctx.db);
  const stored = await storedOf(ctx, userID);
  return present(mergePreferences(defaults, stored.preferences), await shapeOf(ctx, userID), stored.language);
}

/** Merges a patch's activity keys into stored preferences (keys outside the user's shape are dropped). */
function mergePatch(stored: Record<string, unknown>, patch: NotificationPreferencesPatch, shape: PreferencesShape): Record<string, unknown> {
  const result: Record<string, unknown> = { ...stored };
  for (const type of preferenceActivityTypes) {
    const methods = patch[type];
    if (!methods || !hasActivity(type, shape)) continue;
    const before = (result[type] ?? {}) as Record<string, unknown>;
    result[type] = { ...before, ...methods };
  }
  return result;
}

/**
 * `PATCH /notification-preferences/{userID}` (api-contract §6): merges and answers the full saved
 * preferences. E-mail keys need the user's `email.view` (403, as the category follow menu).
 * @throws AppError 403 (as GET, plus a higher rank for others), 404 "User not found.", 404
 * "Selected language preference not found."
 */
export async function patchNotificationPreferences(
  ctx: RequestContext,
  ref: PreferencesUserRef,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const userID = resolveUser(ctx, ref);
  await authorizeUser(ctx, userID);
  const shape = await shapeOf(ctx, userID);
  if (!shape.withEmail && preferenceActivityTypes.some((type) => patch[type]?.email !== undefined)) {
    throw permissionError(['Garden.Email.View']);
  }
  if (patch.NotificationLanguage !== undefined && !(await enabledLocales(ctx)).has(patch.NotificationLanguage)) {
    throw new AppError(404, 'Selected language preference not found.');
  }
  const stored = await storedOf(ctx, userID);
  const saved = {
    userID,
    preferences: mergePatch(stored.preferences, patch, shape),
    language: patch.NotificationLanguage ?? stored.language,
  };
  await upsertPreferencesRow(ctx.db, saved, nowIso(ctx.clock));
  const defaults = await loadDefaultPreferences(ctx.db);
  return present(mergePreferences(defaults, saved.preferences), shape, saved.language);
}

/** `GET /notification-preferences/defaults` (api-contract §6, `site.manage`). */
export async function getDefaultPreferences(ctx: RequestContext): Promise<NotificationPreferences> {
  authorize(canManageDefaults(ctx.permissions), { permissions: 'site.manage' });
  return present(await loadDefaultPreferences(ctx.db), FULL_SHAPE);
}

/** `PATCH /notification-preferences/defaults` (api-contract §6, `site.manage`): what new members start with. */
export async function patchDefaultPreferences(ctx: RequestContext, patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
  authorize(canManageDefaults(ctx.permissions), { permissions: 'site.manage' });
  const stored = await storedOf(ctx, DEFAULTS_USER_ID);
  const preferences = mergePatch(stored.preferences, patch, FULL_SHAPE);
  await upsertPreferencesRow(ctx.db, { userID: DEFAULTS_USER_ID, preferences, language: null }, nowIso(ctx.clock));
  return present(mergePreferences(BUILT_IN_DEFAULTS, preferences), FULL_SHAPE);
}

/**
 * `GET /notification-preferences/schema` (api-contract §6): `schemaType=user` (default) shaped by
 * the user's `email.view`, with the site defaults; `defaults` needs `site.manage`.
 * @throws AppError 403, 404 "User not found."
 */
export async function getPreferencesSchema(
  ctx: RequestContext,
  query: { userID?: number | undefined; schemaType: 'user' | 'defaults' },
): Promise<NotificationPreferencesSchema> {
  const defaults = await loadDefaultPreferences(ctx.db);
  if (query.schemaType === 'defaults') {
    authorize(canManageDefaults(ctx.permissions), { permissions: 'site.manage' });
    return buildPreferencesSchema(defaults, FULL_SHAPE);
  }
  const userID = query.userID ?? ctx.actor.userID;
  await authorizeUser(ctx, userID);
  return buildPreferencesSchema(defaults, await shapeOf(ctx, userID));
}
