import { sql, type Kysely } from 'kysely';
import { columns } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);

  await c
    .id(db.schema.createTable('users'), 'userID')
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('email', c.text)
    .addColumn('password', c.text)
    .addColumn('emailConfirmed', c.bool, c.defaultFalse)
    .addColumn('showEmail', c.bool, c.defaultFalse)
    .addColumn('photo', c.text)
    .addColumn('private', c.bool, c.defaultFalse)
    .addColumn('banned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted', c.bool, c.defaultFalse)
    .addColumn('isAdmin', c.bool, c.defaultFalse)
    .addColumn('isSysAdmin', c.bool, c.defaultFalse)
    .addColumn('title', c.text)
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countDiscussions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countComments', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countVisits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bypassSpam', c.bool, c.defaultFalse)
    .addColumn('insertIPAddress', c.text)
    .addColumn('lastIPAddress', c.text)
    .addColumn('inviteUserID', 'integer')
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateLastActive', c.date)
    .addColumn('dateUpdated', c.date)
    .execute();
  // Names and e-mails are unique case-insensitively; the expression index also serves look-ups.
  await sql`create unique index "users_name_lower" on "users" (lower("name"))`.execute(db);
  await sql`create unique index "users_email_lower" on "users" (lower("email"))`.execute(db);
  await db.schema.createIndex('users_dateInserted').on('users').columns(['dateInserted', 'userID']).execute();
  await db.schema.createIndex('users_dateLastActive').on('users').columns(['dateLastActive']).execute();

  await c
    .id(db.schema.createTable('roles'), 'roleID')
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('description', c.text)
    .addColumn('type', c.text)
    .addColumn('deletable', c.bool, c.defaultTrue)
    .addColumn('canSession', c.bool, c.defaultTrue)
    .addColumn('personalInfo', c.bool, c.defaultFalse)
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .execute();
  await sql`create unique index "roles_name_lower" on "roles" (lower("name"))`.execute(db);

  await db.schema
    .createTable('userRoles')
    .addColumn('userID', 'integer', (col) => col.notNull().references('users.userID').onDelete('cascade'))
    .addColumn('roleID', 'integer', (col) => col.notNull().references('roles.roleID').onDelete('cascade'))
    .addPrimaryKeyConstraint('userRoles_pk', ['userID', 'roleID'])
    .execute();
  await db.schema.createIndex('userRoles_roleID').on('userRoles').columns(['roleID', 'userID']).execute();

  await db.schema
    .createTable('rolePermissions')
    .addColumn('roleID', 'integer', (col) => col.notNull().references('roles.roleID').onDelete('cascade'))
    .addColumn('resourceType', c.text, (col) => col.notNull())
    .addColumn('resourceID', 'integer', (col) => col.notNull())
    .addColumn('permission', c.text, (col) => col.notNull())
    .addColumn('granted', c.bool, c.defaultTrue)
    .addPrimaryKeyConstraint('rolePermissions_pk', ['roleID', 'resourceType', 'resourceID', 'permission'])
    .execute();
  await db.schema
    .createIndex('rolePermissions_resource')
    .on('rolePermissions')
    .columns(['resourceType', 'resourceID'])
    .execute();

  await c
    .id(db.schema.createTable('categories'), 'categoryID')
    .addColumn('parentCategoryID', 'integer', (col) => col.references('categories.categoryID'))
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('urlcode', c.text, (col) => col.notNull())
    .addColumn('description', c.text, (col) => col.notNull().defaultTo(''))
    .addColumn('displayAs', c.text, (col) => col.notNull().defaultTo('discussions'))
    .addColumn('customPermissions', c.bool, c.defaultFalse)
    .addColumn('permissionCategoryID', 'integer', (col) => col.notNull().defaultTo(-1))
    .addColumn('isArchived', c.bool, c.defaultFalse)
    .addColumn('depth', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('iconUrl', c.text)
    .addColumn('bannerUrl', c.text)
    .addColumn('allowedDiscussionTypes', c.text)
    .addColumn('countCategories', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countDiscussions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countComments', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countAllDiscussions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countAllComments', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countFollowers', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('insertUserID', 'integer')
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date)
    .execute();
  await sql`create unique index "categories_urlcode_lower" on "categories" (lower("urlcode"))`.execute(db);
  await db.schema
    .createIndex('categories_parent')
    .on('categories')
    .columns(['parentCategoryID', 'sort', 'categoryID'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sessionID', c.text, (col) => col.primaryKey())
    .addColumn('userID', 'integer', (col) => col.notNull().references('users.userID').onDelete('cascade'))
    .addColumn('transientKey', c.text, (col) => col.notNull())
    .addColumn('persist', c.bool, c.defaultFalse)
    .addColumn('ipAddress', c.text)
    .addColumn('userAgent', c.text)
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date)
    .addColumn('dateExpires', c.date, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_userID').on('sessions').columns(['userID']).execute();
  await db.schema.createIndex('sessions_dateExpires').on('sessions').columns(['dateExpires']).execute();

  await c
    .id(db.schema.createTable('accessTokens'), 'accessTokenID')
    .addColumn('userID', 'integer', (col) => col.notNull().references('users.userID').onDelete('cascade'))
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('tokenHash', c.text, (col) => col.notNull().unique())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateLastUsed', c.date)
    .addColumn('dateExpires', c.date, (col) => col.notNull())
    .addColumn('dateRevoked', c.date)
    .execute();
  await db.schema.createIndex('accessTokens_userID').on('accessTokens').columns(['userID', 'accessTokenID']).execute();

  await db.schema
    .createTable('userTokens')
    .addColumn('tokenHash', c.text, (col) => col.primaryKey())
    .addColumn('userID', 'integer', (col) => col.notNull().references('users.userID').onDelete('cascade'))
    .addColumn('purpose', c.text, (col) => col.notNull())
    .addColumn('email', c.text)
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateExpires', c.date, (col) => col.notNull())
    .addColumn('dateUsed', c.date)
    .execute();
  await db.schema.createIndex('userTokens_user').on('userTokens').columns(['userID', 'purpose']).execute();

  await db.schema
    .createTable('throttles')
    .addColumn('throttleKey', c.text, (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('windowStart', c.date, (col) => col.notNull())
    .addColumn('lockedUntil', c.date)
    .execute();

  await db.schema
    .createTable('config')
    .addColumn('configKey', c.text, (col) => col.primaryKey())
    .addColumn('value', c.text, (col) => col.notNull())
    .addColumn('dateUpdated', c.date, (col) => col.notNull())
    .execute();

  await c
    .id(db.schema.createTable('jobs'), 'jobID')
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('payload', c.text, (col) => col.notNull())
    .addColumn('status', c.text, (col) => col.notNull())
    .addColumn('runAt', c.date, (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lockedUntil', c.date)
    .addColumn('lastError', c.text)
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date)
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'runAt']).execute();

  await c
    .id(db.schema.createTable('media'), 'mediaID')
    .addColumn('insertUserID', 'integer', (col) => col.notNull().references('users.userID'))
    .addColumn('path', c.text, (col) => col.notNull())
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('type', c.text, (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('foreignType', c.text)
    .addColumn('foreignID', c.text)
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_user').on('media').columns(['insertUserID', 'mediaID']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
