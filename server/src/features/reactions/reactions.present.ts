import type {
  ReactionLog,
  ReactionRecordType,
  ReactionSummary,
  ReactionType,
} from '../../../../common/src/api/reactions.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { ReactionTypeRow } from './reaction-types.repo.ts';
import type { ReactionLogRow } from './reactions.repo.ts';

/** One ReactionSummary item (api-contract §1.14). */
export function presentReactionSummary(
  type: ReactionTypeRow,
  count: number,
  hasReacted: boolean,
): ReactionSummary {
  return {
    tagID: type.tagID,
    urlcode: type.urlcode,
    name: type.name,
    class: type.class,
    hasReacted,
    reactionValue: type.reactionValue,
    count,
  };
}

/** One ReactionLog item (api-contract §1.14). */
export function presentReactionLog(
  recordType: ReactionRecordType,
  row: ReactionLogRow,
  type: ReactionTypeRow,
  user: UserFragment,
): ReactionLog {
  return {
    recordType,
    recordID: row.recordID,
    tagID: row.tagID,
    userID: row.userID,
    dateInserted: toApiDate(row.dateInserted),
    user,
    reactionType: {
      tagID: type.tagID,
      urlcode: type.urlcode,
      name: type.name,
      class: type.class,
      reactionValue: type.reactionValue,
    },
  };
}

/** A reaction type (`GET /reactions`, api-contract §10). */
export function presentReactionType(type: ReactionTypeRow): ReactionType {
  return {
    urlCode: type.urlcode,
    urlcode: type.urlcode,
    name: type.name,
    description: type.description,
    points: type.points,
    class: type.class,
    tagID: type.tagID,
    attributes: type.permission === null ? {} : { permission: type.permission },
    sort: type.sort,
    active: type.active,
    custom: false,
    hidden: type.hidden,
    reactionValue: type.reactionValue,
  };
}
