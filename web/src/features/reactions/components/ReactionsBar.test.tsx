import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { ReactionsBar } from './ReactionsBar.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const types = [
  {
    urlcode: 'Like',
    urlCode: 'Like',
    name: 'Like',
    class: 'Positive',
    tagID: 7,
    active: true,
    hidden: false,
    reactionValue: 0,
  },
  {
    urlcode: 'Lol',
    urlCode: 'Lol',
    name: 'LOL',
    class: 'Positive',
    tagID: 12,
    active: true,
    hidden: false,
    reactionValue: 0,
  },
  {
    urlcode: 'Disagree',
    urlCode: 'Disagree',
    name: 'Disagree',
    class: 'Negative',
    tagID: 4,
    active: true,
    hidden: false,
    reactionValue: 0,
  },
];

const like = {
  tagID: 7,
  urlcode: 'Like',
  name: 'Like',
  class: 'Positive' as const,
  count: 2,
  hasReacted: false,
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubApi(answer: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (call.method === 'GET' && url === '/api/v2/reactions') return jsonResponse(200, types);
      return answer(call) ?? jsonResponse(404, { message: 'Not found', status: 404 });
    }),
  );
  return calls;
}

const signedIn = {
  me: member,
  permissions: permissionSet(['session.valid', 'reactions.Positive.add', 'reactions.Negative.add']),
};

describe('ReactionsBar', () => {
  it('adds a reaction at once and keeps the server counts (spec 000 §4)', async () => {
    let resolvePost: (response: Response) => void = () => undefined;
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/v2/reactions') return jsonResponse(200, types);
        if (method === 'POST') return new Promise<Response>((resolve) => (resolvePost = resolve));
        return jsonResponse(200, []);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(
      <ReactionsBar recordType="discussion" recordID={12} reactions={[like]} canReact />,
      {
        bootstrap: signedIn,
      },
    );
    const likeButton = screen.getByRole('button', { name: 'Like 2' });
    expect(likeButton.getAttribute('aria-pressed')).toBe('false');
    await user.click(likeButton);
    // Optimistic: counted and pressed before the server answers.
    const pressed = await screen.findByRole('button', { name: 'Like 3' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    resolvePost(jsonResponse(201, [{ ...like, count: 5, hasReacted: true }]));
    expect(await screen.findByRole('button', { name: 'Like 5' })).toBeDefined();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/v2/discussions/12/reactions');
    expect(post?.body).toEqual({ reactionType: 'Like' });
    // Nothing was held, so nothing was deleted first.
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('removes the held reaction first, then adds the new one from the picker', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      if (call.method === 'POST') {
        return jsonResponse(201, [
          { ...like, count: 1, hasReacted: false },
          {
            tagID: 12,
            urlcode: 'Lol',
            name: 'LOL',
            class: 'Positive' as const,
            count: 1,
            hasReacted: true,
          },
        ]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(
      <ReactionsBar
        recordType="comment"
        recordID={40}
        reactions={[{ ...like, hasReacted: true }]}
        canReact
      />,
      { bootstrap: signedIn },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Reaction' }));
    const picker = await screen.findByRole('group', { name: 'Add Reaction' });
    await user.click(within(picker).getByRole('button', { name: 'LOL' }));
    expect(await screen.findByRole('button', { name: 'LOL 1' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Like 1' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const writes = calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.url}`);
    expect(writes).toEqual([
      'DELETE /api/v2/comments/40/reactions',
      'POST /api/v2/comments/40/reactions',
    ]);
  });

  it('rolls back and shows an error when the server refuses', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? jsonResponse(403, {
            message: 'Permission Problem',
            status: 403,
            description: 'You need the reactions.Positive.add permission to do that.',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(
      <ReactionsBar recordType="discussion" recordID={12} reactions={[like]} canReact />,
      {
        bootstrap: signedIn,
      },
    );
    await user.click(screen.getByRole('button', { name: 'Like 2' }));
    expect(
      await screen.findByText('You need the reactions.Positive.add permission to do that.'),
    ).toBeDefined();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like 2' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
  });

  it('is hidden without a reaction add permission (spec 000 §5)', () => {
    stubApi(() => undefined);
    renderWithApp(
      <ReactionsBar recordType="discussion" recordID={12} reactions={[like]} canReact />,
      {
        bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
      },
    );
    expect(screen.queryByRole('button', { name: 'Like 2' })).toBeNull();
  });
});
