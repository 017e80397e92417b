import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import type { Draft } from '../../../../../common/src/api/drafts.ts';
import { DraftSaveStatus } from '../components/DraftSaveStatus.tsx';
import { readLocalDraft, writeLocalDraft } from './local-drafts.ts';
import { useDraftAutosave } from './useDraftAutosave.ts';

const signedIn = { me: member, permissions: permissionSet(['session.valid']) };

function serverDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    draftID: 7,
    recordType: 'comment',
    parentRecordType: 'discussion',
    parentRecordID: 12,
    attributes: { body: 'saved text', format: 'text' },
    insertUserID: member.userID,
    dateInserted: '2030-01-01T10:00:00+00:00',
    updateUserID: null,
    dateUpdated: '2030-01-01T10:00:00+00:00',
    draftStatus: 'draft',
    dateScheduled: null,
    ...overrides,
  };
}

function Editor({ onRestored, initial = '' }: { onRestored?: () => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  const autosave = useDraftAutosave({
    storageKey: 'comment:12',
    value,
    setValue,
    enabled: true,
    isEmpty: (text) => text.trim() === '',
    toDraft: (body) => ({ recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 12, attributes: { body, format: 'text' } }),
    ...(onRestored ? { onRestored } : {}),
  });
  return (
    <div>
      <label>
        Comment
        <textarea value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <DraftSaveStatus autosave={autosave} toText={(body) => body} />
    </div>
  );
}

type Call = { method: string; url: string; body: unknown };

function stubServer(respond: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useDraftAutosave', () => {
  it('keeps each change locally at once and saves to the server 5 s after the last change, then patches', async () => {
    const calls = stubServer((call) =>
      call.method === 'POST'
        ? jsonResponse(201, serverDraft({ attributes: (call.body as { attributes: Draft['attributes'] }).attributes }))
        : jsonResponse(200, serverDraft({ dateUpdated: '2030-01-01T10:01:00+00:00' })),
    );
    renderWithApp(<Editor />, { bootstrap: signedIn });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Hello' } });
    expect(readLocalDraft('comment:12')?.body).toBe('Hello');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Hello there' } });
    // (The fake clock also moves with real time, so the checks keep a margin under load.)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await screen.findByText('Draft saved');
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', '/api/v2/drafts']]);
    expect(calls[0]?.body).toMatchObject({ recordType: 'comment', parentRecordID: 12, attributes: { body: 'Hello there' } });
    expect(readLocalDraft('comment:12')).toMatchObject({ draftID: 7, dirty: false });

    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Hello there!' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/v2/drafts/7', body: { attributes: { body: 'Hello there!' } } });
  });

  it('restores the local copy at once after a reload and pushes it when the server has not changed', async () => {
    writeLocalDraft('comment:12', { draftID: 7, body: 'typed before the reload', dateUpdated: '2030-01-01T10:05:00.000Z', syncedAt: '2030-01-01T10:00:00+00:00', dirty: true });
    const calls = stubServer((call) => (call.method === 'GET' ? jsonResponse(200, serverDraft()) : jsonResponse(200, serverDraft({ dateUpdated: '2030-01-01T10:06:00+00:00' }))));
    const onRestored = vi.fn();
    renderWithApp(<Editor onRestored={onRestored} />, { bootstrap: signedIn });
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('typed before the reload');
    expect(onRestored).toHaveBeenCalledTimes(1);
    await screen.findByText('Draft saved');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PATCH']);
  });

  it('never overwrites a newer server draft with an older local one: both are shown and the member chooses', async () => {
    writeLocalDraft('comment:12', { draftID: 7, body: 'older local edit', dateUpdated: '2030-01-01T10:02:00.000Z', syncedAt: '2030-01-01T10:00:00+00:00', dirty: true });
    const calls = stubServer(() => jsonResponse(200, serverDraft({ attributes: { body: 'newer from another device' }, dateUpdated: '2030-01-01T10:09:00+00:00' })));
    renderWithApp(<Editor />, { bootstrap: signedIn });
    expect(await screen.findByText('This draft was also changed somewhere else.')).toBeDefined();
    expect(screen.getByRole('region', { name: 'This browser’s version' }).textContent).toContain('older local edit');
    expect(screen.getByRole('region', { name: 'Saved version' }).textContent).toContain('newer from another device');
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    fireEvent.click(screen.getByRole('button', { name: 'Use the saved version' }));
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('newer from another device');
    expect(readLocalDraft('comment:12')).toMatchObject({ body: 'newer from another device', dirty: false });
  });

  it('offline: the text stays local, and is saved when the connection is back', async () => {
    let online = false;
    const calls = stubServer(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse(201, serverDraft({ attributes: { body: 'written offline' } }));
    });
    renderWithApp(<Editor />, { bootstrap: signedIn });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'written offline' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(await screen.findByText(/Offline: your draft is kept in this browser/)).toBeDefined();
    expect(readLocalDraft('comment:12')).toMatchObject({ body: 'written offline', dirty: true });
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    await screen.findByText('Draft saved');
    expect(calls.at(-1)?.method).toBe('POST');
    expect(readLocalDraft('comment:12')).toMatchObject({ draftID: 7, dirty: false });
  });

  it('an editor opened on an existing post saves nothing until the member changes it', async () => {
    const calls = stubServer(() => jsonResponse(201, serverDraft()));
    renderWithApp(<Editor initial="the post as published" />, { bootstrap: signedIn });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(calls).toEqual([]);
    expect(readLocalDraft('comment:12')).toBeNull();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'the post, edited' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await screen.findByText('Draft saved');
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });

  it('a server draft that is gone is pushed again as a new one', async () => {
    writeLocalDraft('comment:12', { draftID: 99, body: 'orphan', dateUpdated: '2030-01-01T10:05:00.000Z', syncedAt: '2030-01-01T10:00:00+00:00', dirty: true });
    const calls = stubServer((call) =>
      call.method === 'GET' ? jsonResponse(404, { message: 'Draft not found.', status: 404 }) : jsonResponse(201, serverDraft({ draftID: 8 })),
    );
    renderWithApp(<Editor />, { bootstrap: signedIn });
    await screen.findByText('Draft saved');
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['GET', '/api/v2/drafts/99'],
      ['POST', '/api/v2/drafts'],
    ]);
    expect(readLocalDraft('comment:12')?.draftID).toBe(8);
  });
});
