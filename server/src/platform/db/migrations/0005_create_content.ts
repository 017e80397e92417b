import { sql, type Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * The forum's reading and writing loop: discussions, comments, per-user discussion state
 * (bookmarks, views, mutes, dismissals), tags and reactions. Counters shown in lists are columns
 * here, kept right by the services in the same transaction as each write (ARCHITECTURE "Storage").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);

  await c
    .id(db.schema.createTable('discussions'), 'discussionID')
    .addColumn('type', c.text, (col) => col.notNull().defaultTo('discussion'))
    .addColumn('categoryID', 'integer', (col) => col.notNull().references('categories.categoryID'))
    .addColumn('name', c.text, (col) => col.notNull())
    // The source as written, and its rendering (sanitized HTML, plain text) made once on write.
    .addColumn('body', c.text, (col) => col.notNull())
    .addColumn('format', c.text, (col) => col.notNull())
    .addColumn('bodyHtml', c.text, (col) => col.notNull())
    .addColumn('bodyPlainText', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('lastCommentID', 'integer')
    .addColumn('lastCommentUserID', 'integer')
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date)
    // Equals dateInserted until the first comment, so the default sort needs no coalesce.
    .addColumn('dateLastComment', c.date, (col) => col.notNull())
    .addColumn('countComments', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countViews', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countReports', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('score', 'integer', (col) => col.notNull().defaultTo(0))
    // `-hot` sort key (score + activity), recomputed on each comment, vote and bump.
    .addColumn('hot', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('pinned', c.bool, c.defaultFalse)
    .addColumn('pinLocation', c.text)
    .addColumn('closed', c.bool, c.defaultFalse)
    .addColumn('sink', c.bool, c.defaultFalse)
    .addColumn('resolved', c.bool, c.defaultFalse)
    .addColumn('resolvedUserID', 'integer')
    .addColumn('statusID', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('internalStatusID', 'integer', (col) => col.notNull().defaultTo(0))
    // accepted | pending (premoderation queue) | rejected; lists show accepted only.
    .addColumn('moderationStatus', c.text, (col) => col.notNull().defaultTo('accepted'))
    .addColumn('attributes', c.text, (col) => col.notNull().defaultTo('{}'))
    .execute();
  // Lists: whole forum and per category, by each sort; the author's posts; announcements.
  await db.schema.createIndex('discussions_lastComment').on('discussions').columns(['dateLastComment', 'discussionID']).execute();
  await db.schema.createIndex('discussions_category_lastComment').on('discussions').columns(['categoryID', 'dateLastComment', 'discussionID']).execute();
  await db.schema.createIndex('discussions_inserted').on('discussions').columns(['dateInserted', 'discussionID']).execute();
  await db.schema.createIndex('discussions_category_inserted').on('discussions').columns(['categoryID', 'dateInserted', 'discussionID']).execute();
  await db.schema.createIndex('discussions_score').on('discussions').columns(['score', 'discussionID']).execute();
  await db.schema.createIndex('discussions_category_score').on('discussions').columns(['categoryID', 'score', 'discussionID']).execute();
  await db.schema.createIndex('discussions_hot').on('discussions').columns(['hot', 'discussionID']).execute();
  await db.schema.createIndex('discussions_category_hot').on('discussions').columns(['categoryID', 'hot', 'discussionID']).execute();
  await db.schema.createIndex('discussions_user').on('discussions').columns(['insertUserID', 'dateInserted']).execute();
  await db.schema.createIndex('discussions_pinned').on('discussions').columns(['pinned', 'categoryID']).execute();

  await c
    .id(db.schema.createTable('comments'), 'commentID')
    .addColumn('discussionID', 'integer', (col) => col.notNull().references('discussions.discussionID').onDelete('cascade'))
    // Threaded replies: the parent comment and the depth (1 = top level).
    .addColumn('parentCommentID', 'integer')
    .addColumn('depth', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('countChildComments', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('scoreChildComments', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('body', c.text, (col) => col.notNull())
    .addColumn('format', c.text, (col) => col.notNull())
    .addColumn('bodyHtml', c.text, (col) => col.notNull())
    .addColumn('bodyPlainText', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date)
    .addColumn('score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countReports', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('moderationStatus', c.text, (col) => col.notNull().defaultTo('accepted'))
    // full | tombstone (deleted, kept because it has replies).
    .addColumn('displayType', c.text, (col) => col.notNull().defaultTo('full'))
    .addColumn('attributes', c.text, (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('comments_discussion').on('comments').columns(['discussionID', 'dateInserted', 'commentID']).execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parentCommentID', 'dateInserted']).execute();
  await db.schema.createIndex('comments_user').on('comments').columns(['insertUserID', 'dateInserted']).execute();

  // One row per user and discussion they touched: bookmark, mute, dismissal, read position.
  await db.schema
    .createTable('userDiscussions')
    .addColumn('userID', 'integer', (col) => col.notNull().references('users.userID').onDelete('cascade'))
    .addColumn('discussionID', 'integer', (col) => col.notNull().references('discussions.discussionID').onDelete('cascade'))
    .addColumn('bookmarked', c.bool, c.defaultFalse)
    .addColumn('muted', c.bool, c.defaultFalse)
    .addColumn('dismissed', c.bool, c.defaultFalse)
    .addColumn('participated', c.bool, c.defaultFalse)
    .addColumn('dateLastViewed', c.date)
    // Comments read so far: countUnread = discussions.countComments - countCommentsRead.
    .addColumn('countCommentsRead', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dateBookmarked', c.date)
    .addPrimaryKeyConstraint('userDiscussions_pk', ['userID', 'discussionID'])
    .execute();
  await db.schema.createIndex('userDiscussions_bookmarked').on('userDiscussions').columns(['userID', 'bookmarked', 'dateBookmarked']).execute();
  await db.schema.createIndex('userDiscussions_discussion').on('userDiscussions').columns(['discussionID']).execute();

  // Tags: ordinary user tags (type 'User') and the reaction types (type 'Reaction'), one ID space
  // as in Vanilla, so a reaction's tagID never collides with a tag's.
  await c
    .id(db.schema.createTable('tags'), 'tagID')
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('urlcode', c.text, (col) => col.notNull())
    .addColumn('type', c.text, (col) => col.notNull().defaultTo('User'))
    .addColumn('parentTagID', 'integer')
    .addColumn('countDiscussions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('insertUserID', 'integer')
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .execute();
  await sql`create unique index "tags_urlcode" on "tags" (lower("urlcode"))`.execute(db);
  await sql`create index "tags_name_lower" on "tags" (lower("name"))`.execute(db);
  await db.schema.createIndex('tags_type').on('tags').columns(['type', 'countDiscussions']).execute();

  await db.schema
    .createTable('discussionTags')
    .addColumn('discussionID', 'integer', (col) => col.notNull().references('discussions.discussionID').onDelete('cascade'))
    .addColumn('tagID', 'integer', (col) => col.notNull().references('tags.tagID').onDelete('cascade'))
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addPrimaryKeyConstraint('discussionTags_pk', ['discussionID', 'tagID'])
    .execute();
  await db.schema.createIndex('discussionTags_tag').on('discussionTags').columns(['tagID', 'discussionID']).execute();

  // Reaction types (spec 000 §3) keyed by their tag.
  await db.schema
    .createTable('reactionTypes')
    .addColumn('tagID', 'integer', (col) => col.primaryKey().references('tags.tagID'))
    .addColumn('urlcode', c.text, (col) => col.notNull().unique())
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('description', c.text, (col) => col.notNull().defaultTo(''))
    .addColumn('class', c.text, (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reactionValue', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', c.bool, c.defaultTrue)
    .addColumn('hidden', c.bool, c.defaultFalse)
    .execute();

  // At most one reaction per user per record (contract §10).
  await db.schema
    .createTable('reactions')
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('userID', 'integer', (col) => col.notNull().references('users.userID').onDelete('cascade'))
    .addColumn('tagID', 'integer', (col) => col.notNull().references('tags.tagID'))
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['recordType', 'recordID', 'userID'])
    .execute();
  await db.schema.createIndex('reactions_record_date').on('reactions').columns(['recordType', 'recordID', 'dateInserted']).execute();
  await db.schema.createIndex('reactions_user').on('reactions').columns(['userID', 'tagID', 'dateInserted']).execute();

  // Stored reaction counts per record and type: lists read these, never count reactions.
  await db.schema
    .createTable('reactionCounts')
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('tagID', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('reactionCounts_pk', ['recordType', 'recordID', 'tagID'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
