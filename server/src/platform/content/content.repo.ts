import type { Db } from '../db/db.ts';
import { lowerEquals } from '../db/dialect.ts';

/** A user a body may mention. */
export interface MentionableUser {
  userID: number;
  name: string;
}

/** Live (not deleted) users whose name matches one of `names`, case-insensitively; one query. */
export async function findMentionableUsersByNames(
  db: Db,
  names: readonly string[],
): Promise<MentionableUser[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['userID', 'name'])
    .where((eb) => eb.or(names.map((name) => lowerEquals('name', name))))
    .where('deleted', '=', false)
    .execute();
}

/** Live (not deleted) users among `userIDs`; one query. */
export async function findMentionableUsersByIDs(
  db: Db,
  userIDs: readonly number[],
): Promise<MentionableUser[]> {
  if (userIDs.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['userID', 'name'])
    .where('userID', 'in', [...userIDs])
    .where('deleted', '=', false)
    .execute();
}

/** An uploaded image's stored size (media records measure images with image-size). */
export interface StoredImageSize {
  path: string;
  width: number;
  height: number;
}

/** The sizes of the uploaded images among `paths` (stored paths under /uploads/); one query. */
export async function findImageSizesByPaths(db: Db, paths: readonly string[]): Promise<StoredImageSize[]> {
  if (paths.length === 0) return [];
  const rows = await db
    .selectFrom('media')
    .select(['path', 'width', 'height'])
    .where('path', 'in', [...paths])
    .where('width', 'is not', null)
    .where('height', 'is not', null)
    .execute();
  return rows.flatMap((row) =>
    row.width !== null && row.height !== null ? [{ path: row.path, width: row.width, height: row.height }] : [],
  );
}
