import type { Kysely } from 'kysely';
import * as m0007 from './0007_extend_comments.ts';
import * as m0008 from './0008_seed_reaction_types.ts';

/**
 * Migrations 0007 and 0008 landed as empty slots (5df612b) and got their content later (16a56ec),
 * so a database created in between recorded both as run without their index, column and reaction
 * types (docs/decisions.md "Migrations are append-only"). Such a database has no
 * `reactionTypes.permission` column (0008 adds it): it gets what both would have done now. Every
 * other database already has it and is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const reactionTypes = tables.find((table) => table.name === 'reactionTypes');
  if (!reactionTypes || reactionTypes.columns.some((column) => column.name === 'permission'))
    return;
  await m0007.up(db);
  await m0008.up(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
