import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Escalation, EscalationComment } from '../../../../../common/src/api/escalations.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { EscalationPage } from './EscalationPage.tsx';
import { EscalationsPage } from './EscalationsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const moderator = { ...member, userID: 3, name: 'mod' };
const bootstrap = { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) };

function anEscalation(overrides: Partial<Escalation> = {}): Escalation {
  return {
    escalationID: 12,
    name: 'Spam wave',
    url: 'http://hearth.test/dashboard/content/escalations/12',
    status: 'open',
    assignedUserID: null,
    assignedUser: null,
    dateAssigned: null,
    recordType: 'comment',
    recordID: 9,
    recordName: 'Re: Hello',
    recordUrl: 'http://hearth.test/discussion/comment/9#Comment_9',
    recordHtml: '<p>Buy watches</p>',
    recordIsLive: true,
    recordWasEdited: false,
    recordUserID: 5,
    recordUser: { userID: 5, name: 'spammer', photoUrl: '' },
    recordDateInserted: '2026-03-01T12:00:00+00:00',
    placeRecordType: 'category',
    placeRecordID: 2,
    placeRecordName: 'General',
    placeRecordUrl: 'http://hearth.test/categories/general',
    reportIDs: [41],
    countReports: 1,
    countReportUsers: 1,
    reportUserIDs: [4],
    reportUsers: [{ userID: 4, name: 'reporter', photoUrl: '' }],
    reportReasonIDs: ['spam'],
    reportReasons: [],
    dateLastReport: '2026-03-01T12:10:00+00:00',
    countComments: 1,
    insertUserID: 3,
    insertUser: { userID: 3, name: 'mod', photoUrl: '' },
    dateInserted: '2026-03-01T12:20:00+00:00',
    updateUserID: null,
    updateUser: null,
    dateUpdated: null,
    ...overrides,
  } as Escalation;
}

function aComment(commentID: number, text: string): EscalationComment {
  return {
    commentID,
    parentRecordType: 'escalation',
    parentRecordID: 12,
    parentCommentID: null,
    depth: 1,
    countChildComments: 0,
    scoreChildComments: 0,
    name: 'Re: Spam wave',
    categoryID: 2,
    body: `<p>${text}</p>`,
    format: 'text',
    dateInserted: '2026-03-01T12:30:00+00:00',
    dateUpdated: null,
    insertUserID: 3,
    insertUser: { userID: 3, name: 'mod', photoUrl: '' },
    updateUserID: null,
    score: 0,
    url: 'http://hearth.test/dashboard/content/escalations/12#Comment_1',
    attributes: {},
    moderationStatus: 'accepted',
    displayType: 'full',
    permissions: { 'comments.add': true, 'comments.edit': false, 'comments.delete': false },
    type: 'comment',
  };
}

describe('escalations screens', { timeout: 20_000 }, () => {
  it('the list asks for open and in-progress ones, then every status when the filter says All', async () => {
    const calls = stubApi({ 'GET /escalations': () => jsonResponse(200, [anEscalation()]) });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<EscalationsPage />, { route: '/dashboard/content/escalations', bootstrap });
    const link = await screen.findByRole('link', { name: 'Spam wave' });
    expect(link.getAttribute('href')).toBe('/dashboard/content/escalations/12');
    expect(screen.getByText('1 report')).toBeDefined();
    expect(screen.getByText('Unassigned')).toBeDefined();
    expect(calls.find((call) => call.path === '/escalations')?.search.get('status')).toBe('open,in-progress');
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/escalations').at(-1)?.search.get('status')).toBeNull());
  });

  it('the detail shows reports and comments; status, assignee and a new comment are sent', async () => {
    let escalation = anEscalation();
    let comments = [aComment(1, 'First look')];
    const calls = stubApi({
      'GET /escalations/12': () => jsonResponse(200, escalation),
      'PATCH /escalations/12': (call) => {
        escalation = { ...escalation, ...(call.body as Partial<Escalation>) };
        if (escalation.assignedUserID === 3) escalation.assignedUser = { userID: 3, name: 'mod', photoUrl: '' };
        return jsonResponse(200, escalation);
      },
      'GET /comments': () => jsonResponse(200, comments),
      'POST /comments': () => {
        comments = [...comments, aComment(2, 'Second look')];
        escalation = { ...escalation, countComments: 2 };
        return jsonResponse(201, comments[1]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<EscalationPage />, {
      route: '/dashboard/content/escalations/12',
      path: '/dashboard/content/escalations/:escalationID',
      bootstrap,
    });
    expect(await screen.findByText('First look')).toBeDefined();
    expect(screen.getByText('Buy watches')).toBeDefined();
    expect(calls.find((call) => call.path === '/escalations/12')?.search.get('expand')).toBe('reports');
    expect(calls.find((call) => call.path === '/comments')?.search.get('parentRecordType')).toBe('escalation');

    await user.selectOptions(screen.getByLabelText('Status'), 'In Progress');
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to mod')).toBeDefined();
    const patches = calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
    expect(patches).toEqual([{ status: 'in-progress' }, { assignedUserID: 3 }]);

    await user.type(screen.getByLabelText('Comment'), 'Second look');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Second look', { selector: 'p' })).toBeDefined();
    const posted = calls.find((call) => call.method === 'POST')?.body;
    expect(posted).toEqual({ parentRecordType: 'escalation', parentRecordID: 12, body: 'Second look', format: 'text' });
    expect(within(screen.getByRole('heading', { name: /comments/ })).getByText('2 comments')).toBeDefined();
  });
  it('the assignee combobox finds a user by name and sets them, or "Unassigned", from the keyboard', async () => {
    let escalation = anEscalation();
    const ann = { userID: 7, name: 'ann', photoUrl: '' };
    const calls = stubApi({
      'GET /escalations/12': () => jsonResponse(200, escalation),
      'PATCH /escalations/12': (call) => {
        const { assignedUserID } = call.body as { assignedUserID: number | null };
        escalation = { ...escalation, assignedUserID, assignedUser: assignedUserID === 7 ? ann : null };
        return jsonResponse(200, escalation);
      },
      'GET /comments': () => jsonResponse(200, []),
      'GET /users/by-names/': () => jsonResponse(200, [ann]),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<EscalationPage />, {
      route: '/dashboard/content/escalations/12',
      path: '/dashboard/content/escalations/:escalationID',
      bootstrap,
    });
    const combobox = await screen.findByRole('combobox', { name: 'Assignee' });
    await user.type(combobox, 'an');
    expect(await screen.findByRole('option', { name: 'ann' })).toBeDefined();
    expect(calls.find((call) => call.path === '/users/by-names/')?.search.get('name')).toBe('an*');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'ann' }).id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Assigned to ann')).toBeDefined();

    await user.click(combobox);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Unassigned', { selector: 'span' })).toBeDefined();
    const patches = calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
    expect(patches).toEqual([{ assignedUserID: 7 }, { assignedUserID: null }]);
  });
  it('a comment the moderator may change has Edit (plain text, PATCH /comments/{id}) and Delete (confirmed, DELETE)', async () => {
    let comments = [{ ...aComment(1, 'First look'), permissions: { 'comments.add': true, 'comments.edit': true, 'comments.delete': true } }];
    const calls = stubApi({
      'GET /escalations/12': () => jsonResponse(200, anEscalation()),
      'GET /comments': () => jsonResponse(200, comments),
      'PATCH /comments/1': (call) => {
        comments = [{ ...comments[0]!, body: `<p>${(call.body as { body: string }).body}</p>` }];
        return jsonResponse(200, comments[0]);
      },
      'DELETE /comments/1': () => {
        comments = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<EscalationPage />, {
      route: '/dashboard/content/escalations/12',
      path: '/dashboard/content/escalations/:escalationID',
      bootstrap,
    });
    await screen.findByText('First look');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit comment');
    expect((box as HTMLTextAreaElement).value).toBe('First look');
    await user.clear(box);
    await user.type(box, 'Better look');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Better look')).toBeDefined();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ body: 'Better look', format: 'text' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('Better look')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/comments/1')).toBe(true);
  });
});
