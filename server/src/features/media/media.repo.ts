import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { MediaTable } from '../../platform/db/schema.ts';

export type MediaRow = Selectable<MediaTable>;

export type NewMedia = Omit<MediaRow, 'mediaID'>;

/** Inserts an upload's record; returns it with its ID. */
export async function insertMedia(db: Db, media: NewMedia): Promise<MediaRow> {
  return db.insertInto('media').values(media).returningAll().executeTakeFirstOrThrow();
}

export async function findMediaByID(db: Db, mediaID: number): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('mediaID', '=', mediaID).executeTakeFirst();
}

export async function deleteMediaByID(db: Db, mediaID: number): Promise<void> {
  await db.deleteFrom('media').where('mediaID', '=', mediaID).execute();
}
