import type { Token, TokenSummary } from '../../../../common/src/api/tokens.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { AccessTokenRow } from './tokens.repo.ts';

export function presentTokenSummary(row: AccessTokenRow): TokenSummary {
  return {
    accessTokenID: row.accessTokenID,
    name: row.name,
    dateInserted: toApiDate(row.dateInserted),
    dateLastUsed: toApiDate(row.dateLastUsed),
  };
}

export function presentToken(row: AccessTokenRow): Token {
  return { ...presentTokenSummary(row), dateExpires: toApiDate(row.dateExpires) };
}
