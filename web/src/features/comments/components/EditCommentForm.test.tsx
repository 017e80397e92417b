import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../../../common/src/api/drafts.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { commentFixture } from '../../discussions/components/page/test-fixtures.ts';
import { readLocalDraft, writeLocalDraft } from '../../drafts/hooks/local-drafts.ts';
import { EditCommentForm } from './EditCommentForm.tsx';

// Issue 16: editing an existing comment autosaves a draft of it (recordID), restores it when the
// edit opens again, and Save publishes the edit with draftID (the server deletes the draft).

vi.mock('./CommentEditor.tsx', () => ({
  CommentEditor: ({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) => (
    <label>
      {label}
      <textarea
        value={value === '' ? '' : ((JSON.parse(value) as { children: { text: string }[] }[])[0]?.children[0]?.text ?? '')}
        onChange={(event) => onChange(rich(event.target.value))}
      />
    </label>
  ),
}));

const rich = (text: string) => JSON.stringify([{ type: 'p', children: [{ text }] }]);
const signedIn = { me: member, permissions: permissionSet(['session.valid', 'comments.add']) };
const storageKey = 'comment:edit:3';

function serverDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    draftID: 40,
    recordType: 'comment',
    recordID: 3,
    parentRecordType: 'discussion',
    parentRecordID: 12,
    attributes: { body: rich('saved edit'), format: 'rich2' },
    insertUserID: member.userID,
    dateInserted: '2030-01-01T10:00:00+00:00',
    updateUserID: null,
    dateUpdated: '2030-01-01T10:00:00+00:00',
    draftStatus: 'draft',
    dateScheduled: null,
    ...overrides,
  };
}

type Call = { method: string; path: string; search: string; body: unknown };

function stubServer(respond: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(String(url), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.search,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

function renderEdit(onSaved = vi.fn()) {
  renderWithApp(
    <EditCommentForm comment={{ commentID: 3 }} discussionID={12} source={rich('as published')} onSaved={onSaved} onCancel={vi.fn()} />,
    { bootstrap: signedIn },
  );
  return onSaved;
}

const editor = () => screen.getByLabelText('Edit comment') as HTMLTextAreaElement;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EditCommentForm', () => {
  it('saves the edit as a draft of this comment 5 s after the last change; Save publishes it with draftID', async () => {
    const calls = stubServer((call) => {
      if (call.method === 'GET') return jsonResponse(200, []);
      if (call.path === '/api/v2/drafts') return jsonResponse(201, serverDraft({ attributes: (call.body as Draft).attributes }));
      return jsonResponse(200, commentFixture(3, { body: '<p>edited words</p>' }));
    });
    const onSaved = renderEdit();
    expect(editor().value).toBe('as published');
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET']));
    expect(calls[0]?.search).toContain('parentRecordID=12');
    fireEvent.change(editor(), { target: { value: 'edited words' } });
    expect(readLocalDraft(storageKey)?.body).toBe(rich('edited words'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await screen.findByText('Draft saved');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v2/drafts',
      body: { recordType: 'comment', recordID: 3, parentRecordType: 'discussion', parentRecordID: 12, attributes: { body: rich('edited words') } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/v2/comments/3', body: { body: rich('edited words'), format: 'rich2', draftID: 40 } });
    expect(readLocalDraft(storageKey)).toBeNull();
  });

  it('opening the edit again restores this comment’s saved draft (not the reply box’s) with the draft toast', async () => {
    stubServer(() =>
      jsonResponse(200, [
        serverDraft({ draftID: 41, recordID: undefined, attributes: { body: rich('a new reply'), format: 'rich2' } }),
        serverDraft(),
      ]),
    );
    renderEdit();
    await waitFor(() => expect(editor().value).toBe('saved edit'));
    expect(await screen.findByText('Saved Draft Available.')).toBeDefined();
    expect(readLocalDraft(storageKey)).toMatchObject({ draftID: 40, dirty: false });
  });

  it('an unsaved local edit shows at once and is pushed when the server draft has not changed', async () => {
    writeLocalDraft(storageKey, { draftID: 40, body: rich('typed before the reload'), dateUpdated: '2030-01-01T10:05:00.000Z', syncedAt: '2030-01-01T10:00:00+00:00', dirty: true });
    const calls = stubServer((call) => (call.method === 'GET' ? jsonResponse(200, serverDraft()) : jsonResponse(200, serverDraft({ dateUpdated: '2030-01-01T10:06:00+00:00' }))));
    renderEdit();
    expect(editor().value).toBe('typed before the reload');
    await screen.findByText('Draft saved');
    expect(calls.map((call) => [call.method, call.path])).toEqual([
      ['GET', '/api/v2/drafts/40'],
      ['PATCH', '/api/v2/drafts/40'],
    ]);
  });
});
