import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../dialect.ts';

interface SeedReason {
  reportReasonID: string;
  name: string;
  description: string;
  sort: number;
  isSystem: boolean;
}

// api-contract §27.3: Vanilla's initial reasons, names and descriptions verbatim.
const seedReasons: readonly SeedReason[] = [
  { reportReasonID: 'spam', name: 'Spam / Solicitation', description: 'Ads, Spam or other promotional content disrupting the community.', sort: 0, isSystem: false },
  { reportReasonID: 'abuse', name: 'Abuse', description: 'Threatening, harassing, or intimidating behavior or content.', sort: 1, isSystem: false },
  { reportReasonID: 'inappropriate', name: 'Inappropriate', description: 'Offensive or unsuitable content, including profanity and explicit material.', sort: 2, isSystem: false },
  { reportReasonID: 'deceptive-misleading', name: 'Deceptive / Misleading', description: 'Intentionally false or manipulative content that misleads members.', sort: 3, isSystem: false },
  { reportReasonID: 'rule-breaking', name: 'Breaks Community Rules', description: 'Any content or behavior that violates the community\'s guidelines or rules.', sort: 4, isSystem: false },
  { reportReasonID: 'spam-automation', name: 'Spam Automation', description: 'The content was marked as spam by a spam automation system such as Akismet or StopForumSpam.', sort: 0, isSystem: true },
  { reportReasonID: 'approval-required', name: 'Approval Required', description: 'The user making the post needs moderator approval for posts in this category.', sort: 0, isSystem: true },
  { reportReasonID: 'automation-rule', name: 'Automation Rule Escalated', description: 'The content was marked by existing automation rule.', sort: 0, isSystem: true },
];

/**
 * Issue 17 (api-contract §27.3, §27.4, §27.5, §27.7): report reasons (seeded), reports (user
 * reports and premoderation queue entries), the reasons of each report, and escalations.
 * - `reports.recordHtml`/`recordName` keep the reported (or waiting) version; `pendingName`,
 *   `pendingBody`, `pendingFormat` hold a pending edit's source until it is approved.
 * - `reports.isUserReport` tells user reports (counted in `reportMeta`) from queue entries.
 * - Indexes serve the moderators' list (status, newest first), the per-record lookups
 *   (`reportMeta`, settling other reports of a record) and the per-category scope.
 * `discussions`/`comments` already hold `moderationStatus` and `countReports` (migration 0005).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('reportReasons')
    .addColumn('reportReasonID', c.text, (col) => col.primaryKey())
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('description', c.text, (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('roleIDs', c.text)
    .addColumn('isSystem', c.bool, c.defaultFalse)
    .addColumn('deleted', c.bool, c.defaultFalse)
    .addColumn('insertUserID', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateUpdated', c.date)
    .execute();
  const now = new Date().toISOString();
  const isPostgres = dialectOf(db) === 'postgres';
  const table = db as unknown as Kysely<{ reportReasons: Record<string, unknown> }>;
  await table
    .insertInto('reportReasons')
    .values(
      seedReasons.map((reason) => ({
        ...reason,
        isSystem: isPostgres ? reason.isSystem : reason.isSystem ? 1 : 0,
        deleted: isPostgres ? false : 0,
        insertUserID: 0,
        dateInserted: now,
      })),
    )
    .execute();

  await c
    .id(db.schema.createTable('reports'), 'reportID')
    .addColumn('status', c.text, (col) => col.notNull().defaultTo('new'))
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('recordName', c.text, (col) => col.notNull())
    .addColumn('recordHtml', c.text, (col) => col.notNull())
    .addColumn('recordFormat', c.text, (col) => col.notNull())
    .addColumn('recordUserID', 'integer', (col) => col.notNull())
    .addColumn('recordDateInserted', c.date, (col) => col.notNull())
    .addColumn('recordDateUpdated', c.date)
    .addColumn('placeRecordID', 'integer', (col) => col.notNull())
    .addColumn('noteHtml', c.text)
    .addColumn('isUserReport', c.bool, c.defaultTrue)
    .addColumn('isPending', c.bool, c.defaultFalse)
    .addColumn('isPendingUpdate', c.bool, c.defaultFalse)
    .addColumn('pendingName', c.text)
    .addColumn('pendingBody', c.text)
    .addColumn('pendingFormat', c.text)
    .addColumn('escalationID', 'integer')
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateUpdated', c.date)
    .execute();
  await db.schema.createIndex('reports_status_latest').on('reports').columns(['status', 'reportID']).execute();
  await db.schema
    .createIndex('reports_record')
    .on('reports')
    .columns(['recordType', 'recordID', 'status'])
    .execute();
  await db.schema.createIndex('reports_place').on('reports').columns(['placeRecordID', 'status']).execute();
  await db.schema
    .createTable('reportReasonLinks')
    .addColumn('reportID', 'integer', (col) => col.notNull())
    .addColumn('reportReasonID', c.text, (col) => col.notNull())
    .addPrimaryKeyConstraint('reportReasonLinks_pk', ['reportID', 'reportReasonID'])
    .execute();
  await db.schema
    .createIndex('reportReasonLinks_reason')
    .on('reportReasonLinks')
    .columns(['reportReasonID', 'reportID'])
    .execute();

  await c
    .id(db.schema.createTable('escalations'), 'escalationID')
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('status', c.text, (col) => col.notNull().defaultTo('open'))
    .addColumn('assignedUserID', 'integer')
    .addColumn('dateAssigned', c.date)
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('placeRecordID', 'integer', (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateUpdated', c.date)
    .execute();
  await db.schema
    .createIndex('escalations_record')
    .on('escalations')
    .columns(['recordType', 'recordID', 'status'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
