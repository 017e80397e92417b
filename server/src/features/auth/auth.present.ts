import type { Session } from '../../../../common/src/api/auth.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { toApiDate } from '../../platform/dates.ts';
import { presentUserFragment } from '../users/users.present.ts';
import type { AccountRow } from './auth.repo.ts';
import type { SessionListRow } from './sessions.repo.ts';

/** The UserFragment (api-contract §1.14) answered by a successful sign-in, as the user sees themselves. */
export function presentSignedInUser(account: AccountRow, baseUrl: string): UserFragment {
  return presentUserFragment(
    { ...account, banned: account.banned ? 1 : 0 },
    { baseUrl, viewerID: account.userID, canViewPersonalInfo: true },
  );
}

/** One row of `GET /sessions` (api-contract §2). */
export function presentSession(row: SessionListRow): Session {
  return {
    sessionID: row.sessionID,
    userID: row.userID,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    dateExpires: toApiDate(row.dateExpires),
  };
}
