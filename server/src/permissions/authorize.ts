import type { PermissionName } from '../../../common/src/permissions/names.ts';
import { permissionError } from '../platform/errors.ts';

/** What a refused check names in its 403 body (api-contract §1.10). */
export interface AuthorizeDetails {
  /** The permission(s) that would have allowed the action; several mean "one of". */
  permissions: PermissionName | readonly PermissionName[];
  /** Records refused by a bulk action, listed by the client by name. */
  recordIDs?: readonly number[];
}

/**
 * Throws the contract's 403 "Permission Problem" unless `allowed` (a `has()` or policy result).
 * @throws AppError 403 with `description`, `permissions` and, for bulk actions, `recordIDs`.
 */
export function authorize(allowed: boolean, details: AuthorizeDetails): void {
  if (allowed) return;
  const permissions =
    typeof details.permissions === 'string' ? [details.permissions] : [...details.permissions];
  throw permissionError(
    permissions,
    details.recordIDs === undefined ? {} : { recordIDs: [...details.recordIDs] },
  );
}
