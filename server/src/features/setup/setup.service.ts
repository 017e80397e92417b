import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/db.ts';
import { nowIso } from '../../platform/dates.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { seedDefaultRoles } from '../roles/roles.defaults.ts';
import { countUsers, findRoleIDByType, insertAdministrator, insertDefaultCategory } from './setup.repo.ts';

export interface InstallResult {
  installed: boolean;
  adminName?: string;
  /** Set only when the password was generated (ADMIN_PASSWORD unset): printed once by main.ts. */
  generatedPassword?: string;
}

/**
 * First start on an empty database: the default roles, an administrator from ADMIN_NAME,
 * ADMIN_EMAIL and ADMIN_PASSWORD (generated when unset) and a default category.
 * Does nothing when any user exists.
 */
export async function ensureInstalled(db: Db, config: Config): Promise<InstallResult> {
  if ((await countUsers(db)) > 0) return { installed: false };
  const password = config.adminPassword ?? generatePassword(16);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    // Another process may have installed meanwhile; the transaction makes the check-and-insert atomic enough.
    if ((await countUsers(trx)) > 0) return { installed: false };
    await seedDefaultRoles(trx);
    const adminRoleID = await findRoleIDByType(trx, 'administrator');
    const now = nowIso();
    await insertAdministrator(trx, {
      name: config.adminName,
      email: config.adminEmail,
      passwordHash,
      roleID: adminRoleID,
      now,
    });
    await insertDefaultCategory(trx, now);
    return {
      installed: true,
      adminName: config.adminName,
      ...(config.adminPassword ? {} : { generatedPassword: password }),
    };
  });
}
