import type { Db } from '../../platform/db/db.ts';
import { addDiscussionViews } from './discussions.repo.ts';

/**
 * Discussion view counts, buffered in memory and written in one transaction every few seconds
 * (and when the app closes), as Vanilla's denormalized view counts are: a page view is a read, and
 * a write per view would serialize every guest read on SQLite behind the write lock. A crash loses
 * at most the last interval's views; `countViews` is a display counter, not a record.
 */
const FLUSH_MS = 5_000;

interface Buffer {
  pending: Map<number, number>;
  timer: NodeJS.Timeout | undefined;
  flushing: Promise<void> | undefined;
}

const buffers = new WeakMap<Db, Buffer>();

function bufferOf(db: Db): Buffer {
  let buffer = buffers.get(db);
  if (buffer === undefined) {
    buffer = { pending: new Map(), timer: undefined, flushing: undefined };
    buffers.set(db, buffer);
  }
  return buffer;
}

/** Counts one view of a discussion (written by the next flush). */
export function countDiscussionView(db: Db, discussionID: number): void {
  const buffer = bufferOf(db);
  buffer.pending.set(discussionID, (buffer.pending.get(discussionID) ?? 0) + 1);
  if (buffer.timer === undefined) {
    buffer.timer = setTimeout(() => {
      buffer.timer = undefined;
      flushDiscussionViews(db).catch(() => {
        // The database is gone (shutdown): the views are lost, nothing else is.
      });
    }, FLUSH_MS);
    buffer.timer.unref();
  }
}

/** Writes the buffered views now (the app's onClose hook and tests call it). */
export async function flushDiscussionViews(db: Db): Promise<void> {
  const buffer = bufferOf(db);
  if (buffer.flushing) await buffer.flushing;
  if (buffer.timer !== undefined) {
    clearTimeout(buffer.timer);
    buffer.timer = undefined;
  }
  if (buffer.pending.size === 0) return;
  const views = [...buffer.pending].sort((a, b) => a[0] - b[0]);
  buffer.pending = new Map();
  buffer.flushing = addDiscussionViews(db, views).finally(() => {
    buffer.flushing = undefined;
  });
  await buffer.flushing;
}
