import { useCallback, useEffect, useRef, useState } from 'react';
import { dataLimits } from '../../../../../common/src/constants.ts';
import type { CreateDraftInput, Draft } from '../../../../../common/src/api/drafts.ts';
import { ApiError } from '../../../lib/api.ts';
import { createDraft, fetchDraft, patchDraft } from '../api/drafts.api.ts';
import { decideRestore, readLocalDraft, removeLocalDraft, writeLocalDraft, type LocalDraft } from './local-drafts.ts';

/** Where the editor's draft stands (the "last saved" indicator reads it). */
export type DraftSaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'error';

/** Both versions when the server's draft and this browser's both changed (spec: "show both"). */
export interface DraftConflict {
  local: LocalDraft;
  server: Draft;
  /** The server draft's value, as the editor holds it (`bodyOf`). */
  serverValue: string;
}

export interface UseDraftAutosaveOptions {
  /** The local store's key of this editor (`comment:12`). */
  storageKey: string;
  value: string;
  setValue: (value: string) => void;
  /** Off for guests and while the editor cannot post. */
  enabled: boolean;
  /** Text that is not worth saving (an empty rich2 paragraph): comment drafts need a body. */
  isEmpty: (value: string) => boolean;
  /** The server draft of `value`: record type, parent and attributes. */
  toDraft: (value: string) => CreateDraftInput;
  /** The body stored in a server draft. */
  bodyOf?: (draft: Draft) => string;
  /** Finds this editor's server draft when this browser has none (another device's). */
  findServerDraft?: () => Promise<Draft | null>;
  /** Called once when a draft was restored on load (the draft toast). */
  onRestored?: () => void;
  /** The autosave delay (default spec 001 §9: 5000 ms after the last change). */
  delayMs?: number;
}

export interface DraftAutosave {
  draftID: number | null;
  status: DraftSaveStatus;
  /** The server's `dateUpdated` of the last save. */
  lastSaved: string | null;
  conflict: DraftConflict | null;
  /** Resolves a conflict: keep this browser's text (pushed) or take the server's. */
  resolveConflict: (choice: 'local' | 'server') => void;
  /** Forgets the local copy after the post went out (the server deletes its draft with `draftID`). */
  clear: () => void;
}

const defaultBodyOf = (draft: Draft): string => (typeof draft.attributes.body === 'string' ? draft.attributes.body : '');

function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * Autosave of a post editor (spec 000 §4, spec 001 §7.11): every change is kept locally at once;
 * 5 s after the last change the draft is saved to the server (created on first save, the local
 * entry then carries its `draftID`). On load the local copy is restored at once, then compared
 * with the server's draft by `dateUpdated` (decideRestore). Offline saves wait for `online`.
 */
export function useDraftAutosave(options: UseDraftAutosaveOptions): DraftAutosave {
  const { storageKey, value, enabled } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [draftID, setDraftID] = useState<number | null>(null);
  const [status, setStatus] = useState<DraftSaveStatus>('idle');
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const [conflict, setConflict] = useState<DraftConflict | null>(null);
  const local = useRef<LocalDraft | null>(null);
  const loading = useRef(true);
  const known = useRef<string | null>(null);
  const saving = useRef<Promise<void> | null>(null);
  /** A restored text on its way into the editor: changes before it arrives are stale renders. */
  const restoredTo = useRef<string | null>(null);

  const remember = useCallback((entry: LocalDraft) => {
    local.current = entry;
    writeLocalDraft(latest.current.storageKey, entry);
  }, []);

  const applyServer = useCallback(
    (draft: Draft) => {
      const body = (latest.current.bodyOf ?? defaultBodyOf)(draft);
      known.current = body;
      remember({ draftID: draft.draftID, body, dateUpdated: draft.dateUpdated ?? draft.dateInserted, syncedAt: draft.dateUpdated, dirty: false });
      setDraftID(draft.draftID);
      setLastSaved(draft.dateUpdated);
      restoredTo.current = body;
      latest.current.setValue(body);
    },
    [remember],
  );

  const save = useCallback(async (): Promise<void> => {
    const entry = local.current;
    if (!entry || !entry.dirty || loading.current) return;
    if (latest.current.isEmpty(entry.body)) return;
    if (saving.current) await saving.current;
    const run = async () => {
      setStatus('saving');
      const payload = latest.current.toDraft(entry.body);
      try {
        let saved: Draft;
        const id = local.current?.draftID ?? null;
        try {
          saved = id === null ? await createDraft(payload) : await patchDraft(id, { attributes: payload.attributes });
        } catch (error) {
          // spec 001 §8.3: a server draft that is gone is pushed again as a new one.
          if (id !== null && error instanceof ApiError && error.status === 404) saved = await createDraft(payload);
          else throw error;
        }
        const current = local.current;
        // Edits made while saving stay dirty; only the saved text is marked synced.
        const stillSame = current?.body === entry.body;
        remember({
          draftID: saved.draftID,
          body: current?.body ?? entry.body,
          dateUpdated: current?.dateUpdated ?? entry.dateUpdated,
          syncedAt: saved.dateUpdated,
          dirty: !stillSame,
        });
        setDraftID(saved.draftID);
        setLastSaved(saved.dateUpdated);
        setStatus(stillSame ? 'saved' : 'pending');
      } catch (error) {
        setStatus(isOffline(error) ? 'offline' : 'error');
      }
    };
    const promise = run();
    saving.current = promise;
    await promise;
    saving.current = null;
  }, [remember]);

  // Load: restore the local copy at once, then reconcile with the server's draft.
  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    loading.current = true;
    const stored = readLocalDraft(storageKey);
    local.current = stored;
    if (stored !== null) {
      known.current = stored.body;
      if (stored.body !== '') {
        restoredTo.current = stored.body;
        latest.current.setValue(stored.body);
        latest.current.onRestored?.();
      }
    }
    const reconcile = async () => {
      setDraftID(stored?.draftID ?? null);
      let server: Draft | null = null;
      try {
        if (stored?.draftID != null) server = await fetchDraft(stored.draftID);
        else if (latest.current.findServerDraft) server = await latest.current.findServerDraft();
      } catch (error) {
        if (isOffline(error)) {
          setStatus(stored?.dirty ? 'offline' : 'idle');
          loading.current = false;
          return;
        }
        // A draft that is gone: its id is forgotten and unsaved text is pushed as new.
        if (stored) remember({ ...stored, draftID: null });
      }
      if (cancelled) return;
      const decision = decideRestore(local.current, server === null ? null : { body: (latest.current.bodyOf ?? defaultBodyOf)(server), dateUpdated: server.dateUpdated });
      loading.current = false;
      if (server !== null && decision === 'useServer') {
        applyServer(server);
        if (stored === null || stored.body === '') latest.current.onRestored?.();
      } else if (server !== null && decision === 'conflict' && local.current) {
        setConflict({ local: local.current, server, serverValue: (latest.current.bodyOf ?? defaultBodyOf)(server) });
      } else if (decision === 'pushLocal') {
        await save();
      } else if (server !== null) {
        setDraftID(server.draftID);
        setLastSaved(server.dateUpdated);
        if (local.current) remember({ ...local.current, draftID: server.draftID, syncedAt: server.dateUpdated });
      }
    };
    void reconcile();
    return () => {
      cancelled = true;
    };
  }, [enabled, storageKey, applyServer, remember, save]);

  // Each change: kept locally at once, saved to the server after the delay.
  useEffect(() => {
    if (!enabled) return undefined;
    if (restoredTo.current !== null) {
      if (value === restoredTo.current) restoredTo.current = null;
      return undefined;
    }
    if (value === known.current) return undefined;
    if (known.current === null) {
      // The editor's first value (an empty box, or the post being edited) is no edit.
      known.current = value;
      return undefined;
    }
    known.current = value;
    const previous = local.current;
    if (latest.current.isEmpty(value) && (previous === null || previous.draftID === null)) {
      removeLocalDraft(storageKey);
      local.current = null;
      return undefined;
    }
    remember({
      draftID: previous?.draftID ?? null,
      body: value,
      dateUpdated: new Date().toISOString(),
      syncedAt: previous?.syncedAt ?? null,
      dirty: true,
    });
    setStatus('pending');
    const timer = setTimeout(() => void save(), latest.current.delayMs ?? dataLimits.autosaveMs);
    return () => clearTimeout(timer);
  }, [enabled, value, storageKey, remember, save]);

  // Back online: unsaved text goes to the server.
  useEffect(() => {
    if (!enabled || typeof window === 'undefined') return undefined;
    const handleOnline = () => void save();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [enabled, save]);

  const resolveConflict = useCallback(
    (choice: 'local' | 'server') => {
      const current = conflict;
      if (!current) return;
      setConflict(null);
      if (choice === 'server') {
        applyServer(current.server);
        return;
      }
      remember({ ...current.local, draftID: current.server.draftID, syncedAt: current.server.dateUpdated, dirty: true });
      setDraftID(current.server.draftID);
      void save();
    },
    [conflict, applyServer, remember, save],
  );

  const clear = useCallback(() => {
    removeLocalDraft(latest.current.storageKey);
    local.current = null;
    known.current = '';
    setDraftID(null);
    setStatus('idle');
    setLastSaved(null);
  }, []);

  return { draftID, status, lastSaved, conflict, resolveConflict, clear };
}
