import { describe, expect, it } from 'vitest';
import { decideRestore, readLocalDraft, removeLocalDraft, writeLocalDraft, type LocalDraft } from './local-drafts.ts';

const local = (overrides: Partial<LocalDraft> = {}): LocalDraft => ({
  draftID: 4,
  body: 'local text',
  dateUpdated: '2030-01-01T10:05:00.000Z',
  syncedAt: '2030-01-01T10:00:00+00:00',
  dirty: true,
  ...overrides,
});

describe('decideRestore (spec 000 §4: newer local is pushed, else the server replaces local)', () => {
  it.each([
    ['no server draft, unsaved text', local(), null, 'pushLocal'],
    ['no server draft, nothing unsaved', local({ dirty: false }), null, 'keep'],
    ['no local copy', null, { body: 'server', dateUpdated: '2030-01-01T10:00:00+00:00' }, 'useServer'],
    ['the same text', local(), { body: 'local text', dateUpdated: '2030-01-01T11:00:00+00:00' }, 'keep'],
    ['only this browser changed', local(), { body: 'server', dateUpdated: '2030-01-01T10:00:00+00:00' }, 'pushLocal'],
    ['only the server changed', local({ dirty: false }), { body: 'server', dateUpdated: '2030-01-01T10:03:00+00:00' }, 'useServer'],
    ['both changed, the server later', local(), { body: 'server', dateUpdated: '2030-01-01T10:09:00+00:00' }, 'conflict'],
    ['both changed, this browser later', local(), { body: 'server', dateUpdated: '2030-01-01T10:01:00+00:00' }, 'conflict'],
    ['never synced, unsaved text', local({ syncedAt: null }), { body: 'server', dateUpdated: '2030-01-01T09:00:00+00:00' }, 'conflict'],
  ] as const)('%s → %s', (_name, localDraft, server, expected) => {
    expect(decideRestore(localDraft, server)).toBe(expected);
  });
});

describe('the local draft store', () => {
  it('keeps a draft in localStorage, survives a bad value, and forgets it', () => {
    writeLocalDraft('comment:1', local());
    expect(readLocalDraft('comment:1')).toEqual(local());
    window.localStorage.setItem('hearth.draft.comment:2', '{"body": 5}');
    expect(readLocalDraft('comment:2')).toBeNull();
    removeLocalDraft('comment:1');
    expect(readLocalDraft('comment:1')).toBeNull();
  });
});
