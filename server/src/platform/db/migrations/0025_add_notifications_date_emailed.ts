import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 13/18: `notifications.dateEmailed`, set when a notification's e-mail went out. E-mails are
 * sent in batches (one job per 50 notifications); a batch run again after its worker died sends
 * only the e-mails without a date, so none is sent twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await db.schema.alterTable('notifications').addColumn('dateEmailed', c.date).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
