import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { ApiError } from '../../../../lib/api.ts';
import type { Progress } from '../../../../lib/long-runner.ts';
import { parseIDList, readStored, writeStored } from '../../../../lib/storage.ts';

/** spec 000 §4: per-discussion bulk status. */
export type BulkStatus = 'pending' | 'loading' | 'success' | 'error';

/** Changes a finished action made to listed discussions, applied over the hydrated list. */
export interface BulkListChanges {
  removedIDs: ReadonlySet<number>;
  patches: ReadonlyMap<number, Partial<Discussion>>;
}

export interface BulkSelectionValue {
  checkedIDs: readonly number[];
  pendingIDs: readonly number[];
  statusByID: Readonly<Record<number, BulkStatus>>;
  errorByID: Readonly<Record<number, string>>;
  changes: BulkListChanges;
  isChecked: (discussionID: number) => boolean;
  setChecked: (discussionID: number, checked: boolean) => void;
  clear: () => void;
  /**
   * Runs an action on `ids` (spec 000 §4): started items are unchecked and marked pending (loading
   * while the request runs); successes leave pending; failures are re-checked, leave pending and
   * keep their message. Resolves with the progress, or rejects with the whole-batch error after
   * re-checking every item.
   */
  run: (
    ids: readonly number[],
    execute: (onProgress: (progress: Progress) => void) => Promise<Progress>,
  ) => Promise<Progress>;
  /** Records what a finished action changed in the list (removals, category, closed…). */
  applyChanges: (removedIDs: readonly number[], patches: ReadonlyMap<number, Partial<Discussion>>) => void;
}

const BulkSelectionContext = createContext<BulkSelectionValue | null>(null);

interface StoredSelection {
  checkedIDs: number[];
  pendingIDs: number[];
}

function parseSelection(value: unknown): StoredSelection | null {
  if (typeof value !== 'object' || value === null) return null;
  const { checkedIDs, pendingIDs } = value as Record<string, unknown>;
  const checked = parseIDList(checkedIDs);
  const pending = parseIDList(pendingIDs);
  return checked === null || pending === null ? null : { checkedIDs: checked, pendingIDs: pending };
}

const emptySelection: StoredSelection = { checkedIDs: [], pendingIDs: [] };

/** The storage key of one list's selection (spec 000 §4: checked and pending IDs persist). */
export function bulkStorageKey(listKey: string): string {
  return `hearth.bulkDiscussions.${listKey}`;
}

function without(ids: readonly number[], remove: Iterable<number>): number[] {
  const removed = new Set(remove);
  return ids.filter((id) => !removed.has(id));
}

function withIDs(ids: readonly number[], add: Iterable<number>): number[] {
  return [...new Set([...ids, ...add])];
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.description ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export interface BulkSelectionProviderProps {
  /** Identifies the list in storage (e.g. its path). */
  listKey: string;
  children: ReactNode;
}

/** Holds one discussion list's bulk selection, persisted per list in localStorage. */
export function BulkSelectionProvider({ listKey, children }: BulkSelectionProviderProps) {
  const storageKey = bulkStorageKey(listKey);
  const [selection, setSelection] = useState<StoredSelection>(emptySelection);
  const [statusByID, setStatusByID] = useState<Record<number, BulkStatus>>({});
  const [errorByID, setErrorByID] = useState<Record<number, string>>({});
  const [changes, setChanges] = useState<BulkListChanges>({
    removedIDs: new Set(),
    patches: new Map(),
  });
  const loadedKey = useRef<string | null>(null);

  // Storage is read after hydration (SSR renders nothing checked), then every change is written.
  useEffect(() => {
    const stored = readStored(storageKey, parseSelection, emptySelection);
    loadedKey.current = storageKey;
    // Reading storage must wait for hydration (the server has none), so this one sync is an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSelection(stored);
    setStatusByID(Object.fromEntries(stored.pendingIDs.map((id) => [id, 'pending' as const])));
  }, [storageKey]);
  useEffect(() => {
    if (loadedKey.current === storageKey) writeStored(storageKey, selection);
  }, [storageKey, selection]);

  const setChecked = useCallback((discussionID: number, checked: boolean) => {
    setSelection((current) => ({
      ...current,
      checkedIDs: checked
        ? withIDs(current.checkedIDs, [discussionID])
        : without(current.checkedIDs, [discussionID]),
    }));
  }, []);

  const clear = useCallback(() => {
    setSelection((current) => ({ ...current, checkedIDs: [] }));
  }, []);

  const run = useCallback<BulkSelectionValue['run']>(async (ids, execute) => {
    setSelection((current) => ({
      checkedIDs: without(current.checkedIDs, ids),
      pendingIDs: withIDs(current.pendingIDs, ids),
    }));
    setStatusByID((current) => ({
      ...current,
      ...Object.fromEntries(ids.map((id) => [id, 'loading' as const])),
    }));
    setErrorByID((current) => {
      const next = { ...current };
      for (const id of ids) delete next[id];
      return next;
    });
    const report = (progress: Progress) => {
      const done = [...progress.successIDs, ...progress.failedIDs];
      setSelection((current) => ({
        checkedIDs: withIDs(current.checkedIDs, progress.failedIDs),
        pendingIDs: without(current.pendingIDs, done),
      }));
      setStatusByID((current) => ({
        ...current,
        ...Object.fromEntries(progress.successIDs.map((id) => [id, 'success' as const])),
        ...Object.fromEntries(progress.failedIDs.map((id) => [id, 'error' as const])),
      }));
      setErrorByID((current) => ({
        ...current,
        ...Object.fromEntries(
          progress.failedIDs.map((id) => [
            id,
            progress.exceptionsByID[String(id)]?.message ?? '',
          ]),
        ),
      }));
    };
    try {
      const progress = await execute(report);
      report(progress);
      return progress;
    } catch (error) {
      const message = errorMessage(error);
      report({
        successIDs: [],
        failedIDs: [...ids],
        exceptionsByID: Object.fromEntries(ids.map((id) => [String(id), { message, code: 0 }])),
        countTotalIDs: ids.length,
      });
      throw error;
    }
  }, []);

  const applyChanges = useCallback<BulkSelectionValue['applyChanges']>((removedIDs, patches) => {
    setChanges((current) => {
      const nextPatches = new Map(current.patches);
      for (const [id, patch] of patches) nextPatches.set(id, { ...nextPatches.get(id), ...patch });
      return { removedIDs: new Set([...current.removedIDs, ...removedIDs]), patches: nextPatches };
    });
    if (removedIDs.length > 0) {
      setSelection((current) => ({
        checkedIDs: without(current.checkedIDs, removedIDs),
        pendingIDs: without(current.pendingIDs, removedIDs),
      }));
    }
  }, []);

  const value = useMemo<BulkSelectionValue>(() => {
    const checked = new Set(selection.checkedIDs);
    return {
      checkedIDs: selection.checkedIDs,
      pendingIDs: selection.pendingIDs,
      statusByID,
      errorByID,
      changes,
      isChecked: (discussionID) => checked.has(discussionID),
      setChecked,
      clear,
      run,
      applyChanges,
    };
  }, [selection, statusByID, errorByID, changes, setChecked, clear, run, applyChanges]);

  return <BulkSelectionContext.Provider value={value}>{children}</BulkSelectionContext.Provider>;
}

/** The list's bulk selection; null outside a `BulkSelectionProvider`. */
export function useBulkSelection(): BulkSelectionValue | null {
  return useContext(BulkSelectionContext);
}

/** The listed discussions with a finished action's changes applied (removed, moved, closed). */
export function applyBulkChanges(
  discussions: readonly Discussion[],
  changes: BulkListChanges | undefined,
): readonly Discussion[] {
  if (changes === undefined || (changes.removedIDs.size === 0 && changes.patches.size === 0)) {
    return discussions;
  }
  return discussions
    .filter((discussion) => !changes.removedIDs.has(discussion.discussionID))
    .map((discussion) => {
      const patch = changes.patches.get(discussion.discussionID);
      return patch === undefined ? discussion : { ...discussion, ...patch };
    });
}
