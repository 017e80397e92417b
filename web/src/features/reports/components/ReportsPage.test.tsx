import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report, ReportReason } from '../../../../../common/src/api/reports.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { ReportModal } from './ReportModal.tsx';
import { ReportsPage } from './ReportsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const moderator = { ...member, userID: 3, name: 'mod' };

function aReport(overrides: Partial<Report> = {}): Report {
  return {
    reportID: 41,
    status: 'new',
    recordType: 'comment',
    recordID: 9,
    recordName: 'Re: Hello',
    recordHtml: '<p>Buy watches</p>',
    recordFormat: 'rich2',
    recordUrl: 'http://hearth.test/discussion/comment/9#Comment_9',
    recordIsLive: true,
    recordWasEdited: false,
    recordUserID: 5,
    recordUser: { userID: 5, name: 'spammer', photoUrl: '' },
    recordDateInserted: '2026-03-01T12:00:00+00:00',
    recordDateUpdated: null,
    placeRecordType: 'category',
    placeRecordID: 2,
    placeRecordName: 'General',
    placeRecordUrl: 'http://hearth.test/categories/general',
    reasons: [{ reportReasonID: 'spam', name: 'Spam / Solicitation', description: 'Ads', sort: 0, deleted: false, isSystem: false }],
    noteHtml: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    insertUserID: 4,
    insertUser: { userID: 4, name: 'reporter', photoUrl: '' },
    dateInserted: '2026-03-01T12:10:00+00:00',
    updateUserID: null,
    dateUpdated: null,
    isPending: false,
    isPendingUpdate: false,
    escalationID: null,
    escalationUrl: null,
    ...overrides,
  };
}

describe('ReportsPage', { timeout: 20_000 }, () => {
  it('lists new reports with reasons and the escaped note; removing the post sends reject-record', async () => {
    let reports = [aReport()];
    const calls = stubApi({
      'GET /reports': () => jsonResponse(200, reports),
      'PATCH /reports/41/reject-record': () => {
        const done = aReport({ status: 'rejected', recordIsLive: false });
        reports = [];
        return jsonResponse(200, done);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    const item = (await screen.findByText('Re: Hello')).closest('li');
    expect(item).not.toBeNull();
    expect(within(item as HTMLElement).getByText('Spam / Solicitation')).toBeDefined();
    expect(within(item as HTMLElement).getByText('<script>alert(1)</script>')).toBeDefined();
    expect(document.querySelector('script')).toBeNull();
    expect(calls.find((call) => call.path === '/reports')?.search.get('status')).toBe('new');

    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Remove post' }));
    expect(await screen.findByText('No reports here.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual(['/reports/41/reject-record']);
  });

  it('statuses=none asks for every status of one record; the approval queue offers Approve', async () => {
    const calls = stubApi({
      'GET /reports': () => jsonResponse(200, [aReport({ isPending: true, recordIsLive: false })]),
    });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports?statuses=none&recordType=comment&recordID=9',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeDefined();
    expect(calls.find((call) => call.path === '/reports')?.search.get('status')).toBe('new,escalated,dismissed,rejected');
    expect(calls.find((call) => call.path === '/reports')?.search.get('recordType')).toBe('comment');
    expect(calls.find((call) => call.path === '/reports')?.search.get('recordID')).toBe('9');
    expect((screen.getByLabelText('Post ID') as HTMLInputElement).value).toBe('9');
  });

  it('the Approval queue box asks for posts premoderation held and posts a spam rule held (issue 17)', async () => {
    const calls = stubApi({
      'GET /reports': () => jsonResponse(200, []),
      'GET /categories': () => jsonResponse(200, []),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    await screen.findByText('No reports here.');
    await user.click(screen.getByRole('checkbox', { name: 'Approval queue' }));
    await vi.waitFor(() => {
      expect(calls.filter((call) => call.path === '/reports').map((call) => call.search.get('reportReasonID'))).toContain(
        'approval-required,spam-automation',
      );
    });
    expect((screen.getByRole('checkbox', { name: 'Approval queue' }) as HTMLInputElement).checked).toBe(true);
  });

  it('the queue’s Edit and Approve sends the edited title and body (premoderatedRecord), then approve-record', async () => {
    let reports = [aReport({ recordType: 'discussion', recordName: 'Speling', recordHtml: '<p>Waiting words</p>', isPending: true, recordIsLive: false })];
    const calls = stubApi({
      'GET /reports': () => jsonResponse(200, reports),
      'GET /categories': () => jsonResponse(200, []),
      'PATCH /reports/41': () => jsonResponse(200, reports[0]),
      'PATCH /reports/41/approve-record': () => {
        reports = [];
        return jsonResponse(200, aReport({ status: 'dismissed' }));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports?reportReasonID=approval-required',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit and Approve' }));
    const form = screen.getByRole('form', { name: 'Edit and Approve' });
    const title = within(form).getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, 'Spelling');
    const body = within(form).getByLabelText('Body (HTML)');
    expect((body as HTMLTextAreaElement).value).toBe('<p>Waiting words</p>');
    await user.clear(body);
    await user.type(body, 'Fixed words');
    await user.click(within(form).getByRole('button', { name: 'Save and Approve' }));
    expect(await screen.findByText('No reports here.')).toBeDefined();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.path)).toEqual(['/reports/41', '/reports/41/approve-record']);
    expect(patches[0]?.body).toEqual({ premoderatedRecord: { name: 'Spelling', body: 'Fixed words', format: 'html' } });
  });

  it('a refused edit shows the field’s error and approves nothing', async () => {
    const calls = stubApi({
      'GET /reports': () => jsonResponse(200, [aReport({ isPending: true, recordIsLive: false })]),
      'GET /categories': () => jsonResponse(200, []),
      'PATCH /reports/41': () =>
        jsonResponse(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [{ field: 'premoderatedRecord.body', code: 'maxLength', message: 'premoderatedRecord.body is 3 characters too long.', status: 422 }],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit and Approve' }));
    const form = screen.getByRole('form', { name: 'Edit and Approve' });
    expect(within(form).queryByLabelText(/Title/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save and Approve' }));
    expect(await within(form).findByText('premoderatedRecord.body is 3 characters too long.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual(['/reports/41']);
  });

  it('the category filter lists the tree and filters by placeRecordID', async () => {
    const calls = stubApi({
      'GET /reports': () => jsonResponse(200, []),
      'GET /categories': () =>
        jsonResponse(200, [
          { categoryID: 2, name: 'General', children: [{ categoryID: 7, name: 'Support', children: [] }] },
        ]),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports',
      bootstrap: { me: moderator, permissions: permissionSet(['session.valid', 'community.moderate']) },
    });
    const select = await screen.findByLabelText('Category');
    await screen.findByRole('option', { name: /Support/ });
    await user.selectOptions(select, '7');
    await vi.waitFor(() => {
      const last = calls.filter((call) => call.path === '/reports').at(-1);
      expect(last?.search.get('placeRecordID')).toBe('7');
      expect(last?.search.get('placeRecordType')).toBe('category');
    });
  });

  it('shows the permission page when the server refuses (members)', async () => {
    stubApi({
      'GET /reports': () => jsonResponse(403, { message: 'Permission Problem', status: 403, permissions: ['posts.moderate', 'community.moderate'] }),
    });
    renderWithApp(<ReportsPage />, {
      route: '/dashboard/content/reports',
      bootstrap: { me: member, permissions: permissionSet(['session.valid']) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
  });
});

describe('ReportModal', { timeout: 20_000 }, () => {
  it('lists the reasons, needs one, and sends the report with the note', async () => {
    const reasons: Partial<ReportReason>[] = [
      { reportReasonID: 'spam', name: 'Spam / Solicitation', description: 'Ads, Spam or other promotional content disrupting the community.' },
      { reportReasonID: 'abuse', name: 'Abuse', description: 'Threatening, harassing, or intimidating behavior or content.' },
    ];
    const calls = stubApi({
      'GET /report-reasons': () => jsonResponse(200, reasons),
      'POST /reports': () => jsonResponse(201, aReport()),
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<ReportModal recordType="comment" recordID={9} onClose={onClose} />, {
      route: '/discussion/1',
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'flag.add']) },
    });
    const send = await screen.findByRole('button', { name: 'Send Report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Abuse' }));
    await user.type(screen.getByLabelText('Note (optional)'), 'Rude');
    await user.click(send);
    expect(await screen.findByText('Thanks. A moderator will look at it.')).toBeDefined();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ recordType: 'comment', recordID: 9, reportReasonIDs: ['abuse'], noteBody: 'Rude', noteFormat: 'text' });
    expect(onClose).toHaveBeenCalled();
  });
});
