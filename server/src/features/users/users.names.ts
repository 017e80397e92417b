import type { FieldError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  isReservedUserName,
  mixesScripts,
  NAME_IN_USE,
  NAME_MIXES_SCRIPTS,
  userNameKey,
} from './user-names.ts';
import { findUserIDByNameKey } from './users.names.repo.ts';

/**
 * Why a chosen user name (registration, `POST /users`, a rename) is refused, if it is (issue 11
 * item 11): a name the forum reserves, letters mixed from alphabets not written together, or a
 * name that reads the same as another user's after NFKC, case folding and the TR39 skeleton.
 */
export async function userNameErrors(
  db: Db,
  name: string,
  exceptUserID?: number,
): Promise<FieldError[]> {
  const refuse = (message: string): FieldError[] => [
    { field: 'name', code: 'invalid', message, status: 400 },
  ];
  if (isReservedUserName(name)) return refuse(NAME_IN_USE);
  if (mixesScripts(name)) return refuse(NAME_MIXES_SCRIPTS);
  if ((await findUserIDByNameKey(db, userNameKey(name), exceptUserID)) !== undefined)
    return refuse(NAME_IN_USE);
  return [];
}
