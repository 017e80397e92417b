import type { Db } from '../../platform/db/db.ts';
import { getSettings } from '../config/config.service.ts';

/** The site settings (api-contract §14 keys, defaults in common/src/api/config.ts) the account calls read. */
export interface AuthSettings {
  /** `registration.method`, default `basic`. */
  registrationMethod: string;
  /** `registration.confirmEmail`, default true: new users start unconfirmed and get a confirmation e-mail. */
  confirmEmail: boolean;
  /** `password.minLength`, default 8. */
  passwordMinLength: number;
  /** `garden.title`, default `Hearth`: the site name in e-mails. */
  siteTitle: string;
}

/** Reads the account settings through the config feature (cached a few seconds per process). */
export async function loadAuthSettings(db: Db): Promise<AuthSettings> {
  const settings = await getSettings(db);
  const title = settings['garden.title'].trim();
  return {
    registrationMethod: settings['registration.method'],
    confirmEmail: settings['registration.confirmEmail'],
    passwordMinLength: settings['password.minLength'],
    siteTitle: title === '' ? 'Hearth' : title,
  };
}
