import type { Kysely } from 'kysely';
import type { ReactionClass } from '../../../../common/src/api/reactions.ts';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

// `reactionTypes`: the kinds of reaction (Like, Spam…), their class, points and state.

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A reaction type, booleans converted. */
export interface ReactionTypeRow {
  tagID: number;
  urlcode: string;
  name: string;
  description: string;
  class: ReactionClass;
  points: number;
  reactionValue: number;
  sort: number;
  active: boolean;
  hidden: boolean;
  /** A permission needed on top of the class's (Promote: curation.manage). */
  permission: string | null;
}

const typeColumns = [
  'reactionTypes.tagID',
  'reactionTypes.urlcode',
  'reactionTypes.name',
  'reactionTypes.description',
  'reactionTypes.class',
  'reactionTypes.points',
  'reactionTypes.reactionValue',
  'reactionTypes.sort',
  'reactionTypes.active',
  'reactionTypes.hidden',
  'reactionTypes.permission',
] as const;

interface RawType {
  tagID: number;
  urlcode: string;
  name: string;
  description: string;
  class: string;
  points: number;
  reactionValue: number;
  sort: number;
  active: boolean | number;
  hidden: boolean | number;
  permission: string | null;
}

function toClass(value: string): ReactionClass {
  return value === 'Negative' || value === 'Flag' ? value : 'Positive';
}

function toTypeRow(row: RawType): ReactionTypeRow {
  return {
    ...row,
    class: toClass(row.class),
    active: toBool(row.active),
    hidden: toBool(row.hidden),
  };
}

/** Every reaction type, in display order. */
export async function findReactionTypes(db: Executor): Promise<ReactionTypeRow[]> {
  const rows = await db
    .selectFrom('reactionTypes')
    .select(typeColumns)
    .orderBy('reactionTypes.sort')
    .orderBy('reactionTypes.tagID')
    .execute();
  return rows.map(toTypeRow);
}

/** A reaction type by URL code, case-insensitive (`like` finds Like). */
export async function findReactionTypeByUrlcode(
  db: Executor,
  urlcode: string,
): Promise<ReactionTypeRow | undefined> {
  const row = await db
    .selectFrom('reactionTypes')
    .select(typeColumns)
    .where(lowerEquals('reactionTypes.urlcode', urlcode))
    .orderBy('reactionTypes.tagID')
    .executeTakeFirst();
  return row ? toTypeRow(row) : undefined;
}

export interface ReactionTypeChanges {
  name?: string;
  description?: string;
  class?: ReactionClass;
  points?: number;
  active?: boolean;
}

/** Changes a reaction type; a new name is also written to its tag. */
export async function updateReactionType(
  db: Executor,
  tagID: number,
  changes: ReactionTypeChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('reactionTypes').set(changes).where('tagID', '=', tagID).execute();
  if (changes.name !== undefined)
    await db.updateTable('tags').set({ name: changes.name }).where('tagID', '=', tagID).execute();
}
