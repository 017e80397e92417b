import {
  preferenceActivityTypes,
  type NotificationMethods,
  type PreferenceActivityType,
} from '../../../../common/src/api/notifications.ts';
import type { Db } from '../../platform/db/db.ts';
import { getSettings } from '../config/config.service.ts';
import { DEFAULTS_USER_ID, findPreferencesRows } from './notification-preferences.repo.ts';

/** Every activity's methods, both present. */
export type PreferenceValues = Record<PreferenceActivityType, { email: boolean; popup: boolean }>;

/** api-contract §6: the activities whose e-mail is on for a new member (off for the rest). */
const EMAIL_BY_DEFAULT = new Set<PreferenceActivityType>(['NewDiscussion', 'NewComment', 'ConversationMessage', 'DigestEnabled']);

/**
 * api-contract §6: a new member's defaults: popup on for every activity; e-mail on for
 * NewDiscussion, NewComment, ConversationMessage and DigestEnabled, off for the rest. The digest
 * has no popup.
 */
export const BUILT_IN_DEFAULTS: PreferenceValues = Object.fromEntries(
  preferenceActivityTypes.map((type) => [
    type,
    {
      email: EMAIL_BY_DEFAULT.has(type),
      popup: type !== 'DigestEnabled',
    },
  ]),
) as PreferenceValues;

/** Stored (partial) preferences merged over a base: unknown keys and non-booleans are ignored. */
export function mergePreferences(base: PreferenceValues, stored: Record<string, unknown>): PreferenceValues {
  const result = {} as PreferenceValues;
  for (const type of preferenceActivityTypes) {
    const value = stored[type] as NotificationMethods | undefined;
    result[type] = {
      email: typeof value?.email === 'boolean' ? value.email : base[type].email,
      popup: typeof value?.popup === 'boolean' ? value.popup : base[type].popup,
    };
  }
  return result;
}

/** The site defaults: the built-in ones with the administrators' changes. */
export async function loadDefaultPreferences(db: Db): Promise<PreferenceValues> {
  const rows = await findPreferencesRows(db, [DEFAULTS_USER_ID]);
  return mergePreferences(BUILT_IN_DEFAULTS, rows.get(DEFAULTS_USER_ID)?.preferences ?? {});
}

/**
 * The effective preferences of several users (the delivering job's one query per page): each
 * user's saved choices over the site defaults.
 */
export async function loadEffectivePreferences(db: Db, userIDs: readonly number[]): Promise<Map<number, PreferenceValues>> {
  const ids = [...new Set(userIDs)].filter((id) => id > 0);
  const rows = await findPreferencesRows(db, [DEFAULTS_USER_ID, ...ids]);
  const defaults = mergePreferences(BUILT_IN_DEFAULTS, rows.get(DEFAULTS_USER_ID)?.preferences ?? {});
  return new Map(ids.map((id) => [id, mergePreferences(defaults, rows.get(id)?.preferences ?? {})]));
}

/**
 * The language of users' e-mails (issue 13): each one's `NotificationLanguage` (api-contract §6),
 * else the site's `garden.locale`.
 */
export async function loadNotificationLanguages(db: Db, userIDs: readonly number[]): Promise<Map<number, string>> {
  const rows = await findPreferencesRows(db, userIDs);
  const siteLocale = (await getSettings(db))['garden.locale'];
  return new Map(userIDs.map((userID) => [userID, rows.get(userID)?.language ?? siteLocale]));
}

/** The language of one user's e-mails (see `loadNotificationLanguages`). */
export async function loadNotificationLanguage(db: Db, userID: number): Promise<string> {
  return (await loadNotificationLanguages(db, [userID])).get(userID) ?? (await getSettings(db))['garden.locale'];
}
