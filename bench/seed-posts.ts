/**
 * The bench dataset's posts: how many comments each discussion gets, then discussions, comments,
 * tags on discussions, reactions and bookmarks inserted in chunks, with the counters the rows need
 * (comment children and scores, reaction counts, discussion score and hot) computed on the way.
 */
import { sql, type Insertable } from 'kysely';
import type { Database } from '../server/src/platform/db/schema.ts';
import type { Db } from '../server/src/platform/db/db.ts';
import { computeHot } from '../server/src/features/discussions/discussions.hot.ts';
import type { Scale } from './scales.ts';
import { discussionName } from './content.ts';

export const DAY = 86_400_000;

export async function insertChunked<R>(rows: R[], size: number, insert: (chunk: R[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

interface CommentRow {
  commentID: number;
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  countChildComments: number;
  scoreChildComments: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: null;
  dateInserted: string;
  dateUpdated: null;
  score: number;
}

export interface Template {
  body: string;
  html: string;
  plainText: string;
}

/** What the posts need from the rest of the seed (the PRNG is shared: its order of calls is the dataset). */
export interface PostsInput {
  db: Db;
  isPg: boolean;
  bool: (value: boolean) => boolean | number;
  rowsPer: (columns: number) => number;
  random: () => number;
  now: number;
  iso: (ms: number) => string;
  scale: Scale;
  userIDs: number[];
  categoryIDs: number[];
  restricted: Set<number>;
  tagIDs: number[];
  templates: Template[];
  reactionPool: { tagID: number; reactionValue: number }[];
  log: (line: string) => void;
}

/** The counters and fixtures the posts leave for the rest of the seed. */
export interface PostsOutput {
  twenty: { id: number; slug: string };
  sinkDiscussionIDs: number[];
  firstDiscussionID: number;
  nextCommentID: number;
  userDiscussionCounts: Map<number, number>;
  userCommentCounts: Map<number, number>;
  categoryCounts: Map<number, { discussions: number; comments: number }>;
  tagCounts: Map<number, number>;
}

export async function insertPosts(input: PostsInput): Promise<PostsOutput> {
  const { db, isPg, bool, rowsPer, random, now, iso, scale, userIDs, categoryIDs, restricted, tagIDs, templates, reactionPool, log } = input;
  // ---- Comment counts per discussion ---------------------------------------------------------
  const publicCategories = categoryIDs.filter((id) => !restricted.has(id));
  const mainCategory = publicCategories[0]!;
  const special = scale.longDiscussions + 1;
  const counts = new Int32Array(scale.discussions);
  for (let index = 0; index < scale.longDiscussions; index += 1) counts[index] = scale.longDiscussionComments;
  counts[scale.longDiscussions] = 20;
  let remaining = scale.comments - scale.longDiscussions * scale.longDiscussionComments - 20;
  const others = scale.discussions - special;
  const mean = remaining / others;
  let sum = 0;
  for (let index = special; index < scale.discussions; index += 1) {
    const count = Math.min(400, Math.floor(-Math.log(1 - random()) * mean));
    counts[index] = count;
    sum += count;
  }
  while (sum !== remaining) {
    const index = special + Math.floor(random() * others);
    if (sum < remaining) {
      counts[index] = counts[index]! + 1;
      sum += 1;
    } else if (counts[index]! > 0) {
      counts[index] = counts[index]! - 1;
      sum -= 1;
    }
  }
  remaining = 0;

  // ---- Discussions, comments, tags, reactions, bookmarks in chunks ------------------------
  const firstDiscussionID = Number((await db.selectFrom('discussions').select((eb) => eb.fn.max('discussionID').as('max')).executeTakeFirst())?.max ?? 0) + 1;
  let nextCommentID = Number((await db.selectFrom('comments').select((eb) => eb.fn.max('commentID').as('max')).executeTakeFirst())?.max ?? 0) + 1;
  const userDiscussionCounts = new Map<number, number>();
  const userCommentCounts = new Map<number, number>();
  const categoryCounts = new Map<number, { discussions: number; comments: number }>(categoryIDs.map((id) => [id, { discussions: 0, comments: 0 }]));
  const tagCounts = new Map<number, number>();
  const bump = (map: Map<number, number>, key: number, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
  const author = (): number => userIDs[Math.floor(userIDs.length * random() ** 2)]!;
  const distinctUsers = (count: number): number[] => {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(userIDs[Math.floor(random() * userIDs.length)]!);
    return [...chosen];
  };

  const CHUNK = 2_000;
  let twenty = { id: 0, slug: '' };
  const sinkDiscussionIDs: number[] = [];
  for (let chunkStart = 0; chunkStart < scale.discussions; chunkStart += CHUNK) {
    const discussionRows: Insertable<Database['discussions']>[] = [];
    const commentRows: CommentRow[] = [];
    const tagRows: Insertable<Database['discussionTags']>[] = [];
    const reactionRows: Insertable<Database['reactions']>[] = [];
    const reactionCountRows: Insertable<Database['reactionCounts']>[] = [];
    const bookmarkRows: Insertable<Database['userDiscussions']>[] = [];
    const chunkEnd = Math.min(scale.discussions, chunkStart + CHUNK);
    for (let index = chunkStart; index < chunkEnd; index += 1) {
      const discussionID = firstDiscussionID + index;
      const categoryID = index < special ? mainCategory : categoryIDs[Math.floor(categoryIDs.length * random() ** 1.6)]!;
      const insertUserID = author();
      const count = counts[index]!;
      const age = index < special ? 200 * DAY : (1 + random() * 364) * DAY;
      const dateInserted = now - age - DAY;
      const template = templates[Math.floor(random() * templates.length)]!;
      const name = discussionName(random);
      if (index === scale.longDiscussions) twenty = { id: discussionID, slug: name };
      if (!restricted.has(categoryID) && index >= special && sinkDiscussionIDs.length < 50 && random() < 0.1) sinkDiscussionIDs.push(discussionID);

      // Comments: spread over up to 30 days after the discussion (long ones until today).
      const span = index < scale.longDiscussions ? age : Math.min(age, 30 * DAY);
      const topLevelIDs: number[] = [];
      const commentRecords: CommentRow[] = [];
      let lastCommentID: number | null = null;
      let lastCommentUserID: number | null = null;
      let dateLastComment = dateInserted;
      const indexOfComment = new Map<number, number>();
      for (let position = 0; position < count; position += 1) {
        const commentID = nextCommentID;
        nextCommentID += 1;
        const commentUser = author();
        const at = dateInserted + span * ((position + random()) / count);
        const reply = topLevelIDs.length > 0 && random() < 0.15;
        const parentCommentID = reply ? topLevelIDs[Math.floor(random() * topLevelIDs.length)]! : null;
        if (!reply) topLevelIDs.push(commentID);
        const body = templates[Math.floor(random() * templates.length)]!;
        let score = 0;
        if (random() < 0.3) {
          const tallies = new Map<number, number>();
          for (const userID of distinctUsers(1 + Math.floor(random() * 3))) {
            const type = reactionPool[Math.floor(random() * reactionPool.length)]!;
            reactionRows.push({ recordType: 'comment', recordID: commentID, userID, tagID: type.tagID, dateInserted: iso(at + 60_000) });
            score += type.reactionValue;
            bump(tallies, type.tagID);
          }
          for (const [tagID, tally] of tallies) reactionCountRows.push({ recordType: 'comment', recordID: commentID, tagID, count: tally });
        }
        const row: CommentRow = {
          commentID,
          discussionID,
          parentCommentID,
          depth: reply ? 2 : 1,
          countChildComments: 0,
          scoreChildComments: 0,
          body: body.body,
          format: 'markdown',
          bodyHtml: body.html,
          bodyPlainText: body.plainText,
          insertUserID: commentUser,
          updateUserID: null,
          dateInserted: iso(at),
          dateUpdated: null,
          score,
        };
        indexOfComment.set(commentID, commentRecords.length);
        commentRecords.push(row);
        if (parentCommentID !== null) {
          const parent = commentRecords[indexOfComment.get(parentCommentID)!]!;
          parent.countChildComments += 1;
          parent.scoreChildComments += score;
        }
        commentRows.push(row);
        lastCommentID = commentID;
        lastCommentUserID = commentUser;
        dateLastComment = at;
        bump(userCommentCounts, commentUser);
      }

      // Reactions on the discussion: score moves hot.
      let score = 0;
      const reactionTotal = Math.floor(random() ** 3 * 10);
      if (reactionTotal > 0) {
        const tallies = new Map<number, number>();
        for (const userID of distinctUsers(reactionTotal)) {
          const type = reactionPool[Math.floor(random() * reactionPool.length)]!;
          reactionRows.push({ recordType: 'discussion', recordID: discussionID, userID, tagID: type.tagID, dateInserted: iso(dateInserted + 120_000) });
          score += type.reactionValue;
          bump(tallies, type.tagID);
        }
        for (const [tagID, tally] of tallies) reactionCountRows.push({ recordType: 'discussion', recordID: discussionID, tagID, count: tally });
      }
      if (random() < 0.5) {
        const chosen = new Set<number>();
        const total = 1 + Math.floor(random() * 3);
        while (chosen.size < total) chosen.add(tagIDs[Math.floor(tagIDs.length * random() ** 2)]!);
        for (const tagID of chosen) {
          tagRows.push({ discussionID, tagID, dateInserted: iso(dateInserted) });
          bump(tagCounts, tagID);
        }
      }
      if (random() < 0.1) {
        for (const userID of distinctUsers(1 + Math.floor(random() * 2))) {
          bookmarkRows.push({ userID, discussionID, bookmarked: bool(true), dateBookmarked: iso(dateInserted + DAY), dateLastViewed: iso(dateInserted + DAY), countCommentsRead: 0 });
        }
      }
      const lastDate = iso(dateLastComment);
      discussionRows.push({
        discussionID,
        type: 'discussion',
        categoryID,
        name,
        body: template.body,
        format: 'markdown',
        bodyHtml: template.html,
        bodyPlainText: template.plainText,
        insertUserID,
        updateUserID: null,
        lastCommentID,
        lastCommentUserID,
        dateInserted: iso(dateInserted),
        dateUpdated: null,
        dateLastComment: lastDate,
        countComments: count,
        countViews: count * 7 + Math.floor(random() * 50),
        score,
        hot: computeHot(score, lastDate),
        pinLocation: null,
        resolvedUserID: null,
      });
      bump(userDiscussionCounts, insertUserID);
      const categoryCount = categoryCounts.get(categoryID)!;
      categoryCount.discussions += 1;
      categoryCount.comments += count;
    }
    await db.transaction().execute(async (trx) => {
      await insertChunked(discussionRows, rowsPer(21), (chunk) => trx.insertInto('discussions').values(chunk).execute());
      await insertChunked(commentRows, rowsPer(15), (chunk) => trx.insertInto('comments').values(chunk).execute());
      await insertChunked(tagRows, rowsPer(3), (chunk) => trx.insertInto('discussionTags').values(chunk).execute());
      await insertChunked(reactionRows, rowsPer(5), (chunk) => trx.insertInto('reactions').values(chunk).execute());
      await insertChunked(reactionCountRows, rowsPer(4), (chunk) => trx.insertInto('reactionCounts').values(chunk).execute());
      await insertChunked(bookmarkRows, rowsPer(6), (chunk) => trx.insertInto('userDiscussions').values(chunk).execute());
    });
    if (chunkEnd % 20_000 === 0 || chunkEnd === scale.discussions) log(`  discussions: ${chunkEnd} / ${scale.discussions}`);
  }
  if (isPg) {
    await sql`select setval(pg_get_serial_sequence('"discussions"', 'discussionID'), (select max("discussionID") from "discussions"))`.execute(db);
    await sql`select setval(pg_get_serial_sequence('"comments"', 'commentID'), (select max("commentID") from "comments"))`.execute(db);
  }

  return { twenty, sinkDiscussionIDs, firstDiscussionID, nextCommentID, userDiscussionCounts, userCommentCounts, categoryCounts, tagCounts };
}
