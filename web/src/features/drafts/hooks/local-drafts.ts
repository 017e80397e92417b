import { readStored, removeStored, writeStored } from '../../../lib/storage.ts';

/**
 * A post's text as this browser last had it (spec 001 §7.11 "draftStore"): kept at once on every
 * change, so a reload, a crash or a lost connection loses nothing. `dirty` means it holds edits
 * the server has not saved yet; `syncedAt` is the server draft's `dateUpdated` when they last agreed.
 */
export interface LocalDraft {
  draftID: number | null;
  body: string;
  /** When this browser last changed the text (ISO). */
  dateUpdated: string;
  syncedAt: string | null;
  dirty: boolean;
}

const PREFIX = 'hearth.draft.';

function parseLocalDraft(value: unknown): LocalDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (typeof entry.body !== 'string' || typeof entry.dateUpdated !== 'string') return null;
  return {
    draftID: typeof entry.draftID === 'number' ? entry.draftID : null,
    body: entry.body,
    dateUpdated: entry.dateUpdated,
    syncedAt: typeof entry.syncedAt === 'string' ? entry.syncedAt : null,
    dirty: entry.dirty === true,
  };
}

/** The local draft of an editor (`comment:12`, `discussion:new:5`…), or null. */
export function readLocalDraft(key: string): LocalDraft | null {
  return readStored<LocalDraft | null>(`${PREFIX}${key}`, parseLocalDraft, null);
}

export function writeLocalDraft(key: string, draft: LocalDraft): void {
  writeStored(`${PREFIX}${key}`, draft);
}

export function removeLocalDraft(key: string): void {
  removeStored(`${PREFIX}${key}`);
}

/** What to do on load with the local copy and the server's draft (spec 000 §4 "Drafts"). */
export type RestoreDecision = 'keep' | 'useServer' | 'pushLocal' | 'conflict';

/**
 * spec 000 §4: "newer local is pushed to server, else server replaces local" — and a server draft
 * newer than the local copy is never overwritten: when both changed since they last agreed, the
 * editor shows both and the member chooses.
 * - no server draft: unsaved local text is pushed (as a new draft), else nothing;
 * - no local copy: the server's replaces it;
 * - the same text: nothing;
 * - the server's changed since the last sync: the server's wins unless the local copy has unsaved
 *   edits too (then both are shown);
 * - only the local copy changed: it is pushed.
 */
export function decideRestore(
  local: LocalDraft | null,
  server: { body: string; dateUpdated: string | null } | null,
): RestoreDecision {
  if (server === null) return local !== null && local.dirty && local.body !== '' ? 'pushLocal' : 'keep';
  if (local === null) return 'useServer';
  if (server.body === local.body) return 'keep';
  const serverTime = Date.parse(server.dateUpdated ?? '');
  const serverChanged = local.syncedAt === null || serverTime > Date.parse(local.syncedAt);
  if (serverChanged) return local.dirty ? 'conflict' : 'useServer';
  return local.dirty ? 'pushLocal' : 'useServer';
}
