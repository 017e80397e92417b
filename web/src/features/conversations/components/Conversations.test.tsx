import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../../common/src/api/conversations.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { AddConversationPage } from './AddConversationPage.tsx';
import { MessagesEnvelope } from './MessagesEnvelope.tsx';
import { MessagesPage } from './MessagesPage.tsx';
import { ShareInMessageLink } from './ShareInMessageLink.tsx';

vi.mock('../../comments/components/CommentEditor.tsx', async () => ({
  CommentEditor: (await import('./test-editor.tsx')).FakeCommentEditor,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const ann = { userID: 5, name: 'Ann', photoUrl: '', dateLastActive: null };
const me = { userID: member.userID, name: member.name, photoUrl: '', dateLastActive: null };

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    conversationID: 31,
    name: 'Ann',
    body: '<p>See you at 5</p>',
    excerpt: 'See you at 5',
    url: 'http://localhost/messages/31',
    dateInserted: '2026-03-01T12:00:00+00:00',
    insertUserID: 5,
    countParticipants: 2,
    participants: [
      { userID: 5, user: ann, status: 'participating' },
      { userID: member.userID, user: me, status: 'participating' },
    ],
    countMessages: 2,
    unread: true,
    countUnread: 2,
    lastMessage: { insertUserID: 5, dateInserted: '2026-03-01T12:00:00+00:00', insertUser: { userID: 5, name: 'Ann', photoUrl: '' } },
    ...overrides,
  };
}

function message(messageID: number, text: string, insertUserID = 5): Message {
  const user = insertUserID === 5 ? { userID: 5, name: 'Ann', photoUrl: '' } : { userID: me.userID, name: me.name, photoUrl: '' };
  return { messageID, conversationID: 31, body: `<p>${text}</p>`, insertUserID, insertUser: user, dateInserted: '2026-03-01T12:00:00+00:00' };
}

const signedIn = {
  me: { ...member, countUnreadConversations: 1 },
  permissions: permissionSet(['session.valid', 'conversations.add']),
  config: { 'context.conversationsEnabled': true },
};

describe('conversations on the web', { timeout: 20_000 }, () => {
  it('the envelope shows the unread count and the latest conversations, only when conversations are enabled', async () => {
    stubApi({
      'GET /users/me-counts': () => jsonResponse(200, { counts: [{ name: 'Conversations', count: 3 }] }),
      'GET /conversations': () => jsonResponse(200, [conversation()]),
    });
    const view = renderWithApp(<MessagesEnvelope />, { bootstrap: signedIn });
    const envelope = await screen.findByRole('button', { name: 'Messages, 3 unread' });
    await userEvent.click(envelope);
    const link = await screen.findByRole('link', { name: /Ann.*See you at 5/ });
    expect(link.getAttribute('href')).toBe('/messages/31');
    expect(within(link).getByText('2 new messages')).toBeDefined();
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/messages');
    view.unmount();
    renderWithApp(<MessagesEnvelope />, { bootstrap: { ...signedIn, config: {} } });
    expect(screen.queryByRole('button', { name: /Messages/ })).toBeNull();
  });

  it('the inbox lists conversations with a "more" pager; guests get the permission page', async () => {
    stubApi({
      'GET /conversations': () => jsonResponse(200, [conversation({ countUnread: 1 })], { 'x-app-page-next-url': 'http://localhost/api/v2/conversations?page=2' }),
    });
    const view = renderWithApp(<MessagesPage />, { bootstrap: signedIn, route: '/messages', path: '/messages' });
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeDefined();
    expect(await screen.findByText('1 new message')).toBeDefined();
    expect(screen.getByRole('link', { name: 'New Message' }).getAttribute('href')).toBe('/messages/add');
    view.unmount();
    renderWithApp(<MessagesPage />, { route: '/messages', path: '/messages' });
    expect(screen.queryByRole('heading', { name: 'Messages' })).toBeNull();
  });

  it('a thread shows messages oldest first and sends a reply', async () => {
    let sent: unknown;
    const calls = stubApi({
      'GET /conversations/31': () => jsonResponse(200, conversation({ countUnread: 0 })),
      'GET /messages': () => jsonResponse(200, [message(2, 'second', me.userID), message(1, 'first')]),
      'POST /messages': (call) => {
        sent = call.body;
        return jsonResponse(201, message(3, 'third', me.userID));
      },
      'GET /users/me-counts': () => jsonResponse(200, { counts: [] }),
      'GET /conversations': () => jsonResponse(200, []),
    });
    renderWithApp(<MessagesPage />, { bootstrap: signedIn, route: '/messages/31', path: '/messages/:conversationID' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => (item.textContent ?? '').includes('first'))).toEqual([true, false]);
    expect(calls.find((call) => call.path === '/messages')?.search.get('conversationID')).toBe('31');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'third');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sent).toEqual({ conversationID: 31, body: JSON.stringify([{ type: 'p', children: [{ text: 'third' }] }]), format: 'rich2' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(''));
  });

  it('a reply over the limit shows the server’s message under the editor', async () => {
    stubApi({
      'GET /conversations/31': () => jsonResponse(200, conversation({ countUnread: 0 })),
      'GET /messages': () => jsonResponse(200, []),
      'POST /messages': () =>
        jsonResponse(400, {
          message: 'Validation Failed',
          status: 400,
          errors: [{ field: 'body', code: 'maxLength', message: 'body is 5 characters too long.', status: 400 }],
        }),
    });
    renderWithApp(<MessagesPage />, { bootstrap: signedIn, route: '/messages/31', path: '/messages/:conversationID' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'long');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('body is 5 characters too long.');
  });

  it('compose: recipients prefilled from /messages/add/{name} and ?to=, content from ?content=', async () => {
    let created: unknown;
    stubApi({
      'GET /users/by-names/': (call) => {
        const name = call.search.get('name');
        return jsonResponse(200, name === 'Ann' ? [{ userID: 5, name: 'Ann', photoUrl: '' }] : name === 'Bob' ? [{ userID: 6, name: 'Bob', photoUrl: '' }] : []);
      },
      'POST /conversations': (call) => {
        created = call.body;
        return jsonResponse(201, conversation({ conversationID: 44 }));
      },
    });
    renderWithApp(<AddConversationPage />, {
      bootstrap: signedIn,
      route: '/messages/add/Ann?to=Bob&content=Look%20at%20this',
      path: '/messages/add/:name',
    });
    const chips = await screen.findByRole('list', { name: 'Recipients' });
    await waitFor(() => expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann×', 'Bob×']));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Look at this');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Subject (optional)' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(created).toEqual({
        participantUserIDs: [5],
        initialBody: JSON.stringify([{ type: 'p', children: [{ text: 'Look at this' }] }]),
        initialFormat: 'rich2',
        name: 'Hello',
      }),
    );
  });

  it('compose finds recipients by name prefix; without conversations.add it is refused', async () => {
    stubApi({ 'GET /users/by-names/': () => jsonResponse(200, [{ userID: 9, name: 'Cleo', photoUrl: '' }]) });
    const view = renderWithApp(<AddConversationPage />, { bootstrap: signedIn, route: '/messages/add', path: '/messages/add' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Recipients' }), 'Cl');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Cleo' }));
    expect(within(screen.getByRole('list', { name: 'Recipients' })).getByText(/Cleo/)).toBeDefined();
    view.unmount();
    renderWithApp(<AddConversationPage />, {
      bootstrap: { ...signedIn, permissions: permissionSet(['session.valid']) },
      route: '/messages/add',
      path: '/messages/add',
    });
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it('Share in Message opens the compose page with the title and the share link, when conversations are enabled', () => {
    const view = renderWithApp(<ShareInMessageLink url="http://localhost/discussion/3/tea" name="Tea" />, { bootstrap: signedIn });
    const link = screen.getByRole('link', { name: 'Share in Message' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/messages/add');
    expect(target.searchParams.get('content')).toBe('Tea\nhttp://localhost/discussion/3/tea?utm_source=community-share');
    view.unmount();
    renderWithApp(<ShareInMessageLink url="http://localhost/discussion/3/tea" name="Tea" />, { bootstrap: { ...signedIn, config: {} } });
    expect(screen.queryByRole('link', { name: 'Share in Message' })).toBeNull();
  });
});
