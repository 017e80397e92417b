import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ReportReason } from '../../../../common/src/api/reports.ts';
import { inject, type TestActor } from '../../../test/actors.ts';
import { makeActors, makeRole, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';

// api-contract §27.3: report reasons.

const SEEDED_VISIBLE = ['spam', 'abuse', 'inappropriate', 'deceptive-misleading', 'rule-breaking'];

describe(`report reasons (${testDialect})`, () => {
  const fx = useTestApp(async (t) => makeActors(t));

  const call = (actor: TestActor | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
    inject(fx.t, actor, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  test('GET /report-reasons: the five seeded reasons, verbatim, by sort; system and deleted ones hidden', async () => {
    const response = await call(fx.member, 'GET', '/api/v2/report-reasons');
    assert.equal(response.statusCode, 200, response.body);
    const reasons = response.json() as ReportReason[];
    assert.deepEqual(
      reasons.map((reason) => reason.reportReasonID),
      SEEDED_VISIBLE,
    );
    const first = reasons[0];
    assert.ok(first);
    assert.equal(first.name, 'Spam / Solicitation');
    assert.equal(first.description, 'Ads, Spam or other promotional content disrupting the community.');
    assert.equal(first.isSystem, false);
    assert.equal(first.deleted, false);
    assert.equal(first.roleIDs, null);
    assert.equal(first.countReports, undefined, 'counts are for community.moderate only');
    assert.equal(
      reasons.find((reason) => reason.reportReasonID === 'rule-breaking')?.description,
      "Any content or behavior that violates the community's guidelines or rules.",
    );
  });

  test('includeSystem needs a moderator; moderators see the system reasons and counts', async () => {
    const refused = await call(fx.member, 'GET', '/api/v2/report-reasons?includeSystem=true');
    assert.equal(refused.statusCode, 403);
    assert.deepEqual((refused.json() as ErrorBody).permissions, ['posts.moderate', 'community.moderate']);
    const response = await call(fx.moderator, 'GET', '/api/v2/report-reasons?includeSystem=true');
    assert.equal(response.statusCode, 200, response.body);
    const reasons = response.json() as ReportReason[];
    const system = reasons.filter((reason) => reason.isSystem).map((reason) => [reason.reportReasonID, reason.name]);
    assert.deepEqual(system.sort(), [
      ['approval-required', 'Approval Required'],
      ['automation-rule', 'Automation Rule Escalated'],
      ['spam-automation', 'Spam Automation'],
    ]);
    assert.equal(typeof reasons[0]?.countReports, 'number');
  });

  test('guests get 403; GET one: 200, missing or system (for members) 404 "Report reason not found."', async () => {
    assert.equal((await call(fx.guest, 'GET', '/api/v2/report-reasons')).statusCode, 403);
    const one = await call(fx.member, 'GET', '/api/v2/report-reasons/abuse');
    assert.equal(one.statusCode, 200, one.body);
    assert.equal((one.json() as ReportReason).name, 'Abuse');
    for (const id of ['nope', 'approval-required']) {
      const missing = await call(fx.member, 'GET', `/api/v2/report-reasons/${id}`);
      assert.equal(missing.statusCode, 404, id);
      assert.deepEqual(missing.json(), { message: 'Report reason not found.', status: 404 });
    }
  });

  test('POST: community.moderate creates (201); a taken ID answers 409 with the conflicting reason; bad input 422', async () => {
    const member = await call(fx.member, 'POST', '/api/v2/report-reasons', { reportReasonID: 'x', name: 'X', description: 'Y' });
    assert.equal(member.statusCode, 403);
    const created = await call(fx.moderator, 'POST', '/api/v2/report-reasons', {
      reportReasonID: 'off-topic',
      name: 'Off topic',
      description: 'Not about this forum.',
    });
    assert.equal(created.statusCode, 201, created.body);
    const reason = created.json() as ReportReason;
    assert.equal(reason.reportReasonID, 'off-topic');
    assert.equal(reason.sort, 5, 'last by default');
    assert.equal(reason.insertUserID, fx.moderator.user.userID);
    assert.equal(reason.roleIDs, null);

    const taken = await call(fx.moderator, 'POST', '/api/v2/report-reasons', {
      reportReasonID: 'SPAM',
      name: 'Again',
      description: 'Again',
    });
    assert.equal(taken.statusCode, 409);
    const body = taken.json() as { message: string; status: number; conflictingReason: ReportReason };
    assert.equal(body.message, 'A reason with this API name already exists.');
    assert.equal(body.conflictingReason.reportReasonID, 'spam');

    const bad = await call(fx.moderator, 'POST', '/api/v2/report-reasons', { reportReasonID: 'has space', name: 'N', description: 'D' });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual((bad.json() as ErrorBody).errors?.map((error) => error.field), ['reportReasonID']);
    const missing = await call(fx.moderator, 'POST', '/api/v2/report-reasons', { reportReasonID: 'only-id' });
    assert.equal(missing.statusCode, 400);
    const unknownRole = await call(fx.moderator, 'POST', '/api/v2/report-reasons', {
      reportReasonID: 'ghost-role',
      name: 'N',
      description: 'D',
      roleIDs: [999_999],
    });
    assert.equal(unknownRole.statusCode, 422);
  });

  test('a reason restricted to roles is listed only to holders of one of them (and community.moderate)', async () => {
    const role = await makeRole(fx.t);
    const created = await call(fx.admin, 'POST', '/api/v2/report-reasons', {
      reportReasonID: 'staff-only',
      name: 'Staff only',
      description: 'For the role.',
      roleIDs: [role.roleID],
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual((created.json() as ReportReason).roles, [{ roleID: role.roleID, name: role.name }]);
    const memberList = (await call(fx.member, 'GET', '/api/v2/report-reasons')).json() as ReportReason[];
    assert.ok(!memberList.some((reason) => reason.reportReasonID === 'staff-only'));
    assert.equal((await call(fx.member, 'GET', '/api/v2/report-reasons/staff-only')).statusCode, 404);
    const adminList = (await call(fx.admin, 'GET', '/api/v2/report-reasons')).json() as ReportReason[];
    assert.ok(adminList.some((reason) => reason.reportReasonID === 'staff-only'));
  });

  test('PATCH edits (system reasons 403, missing 404); DELETE removes an unused reason, marks a system one deleted', async () => {
    const created = await call(fx.admin, 'POST', '/api/v2/report-reasons', { reportReasonID: 'temp', name: 'Temp', description: 'T' });
    assert.equal(created.statusCode, 201, created.body);
    const patched = await call(fx.admin, 'PATCH', '/api/v2/report-reasons/temp', { name: 'Temporary', sort: 9 });
    assert.equal(patched.statusCode, 200, patched.body);
    const reason = patched.json() as ReportReason;
    assert.equal(reason.name, 'Temporary');
    assert.equal(reason.sort, 9);
    assert.equal(reason.updateUserID, fx.admin.user.userID);
    assert.ok(reason.dateUpdated);
    assert.equal((await call(fx.admin, 'PATCH', '/api/v2/report-reasons/approval-required', { name: 'x' })).statusCode, 403);
    assert.equal((await call(fx.admin, 'PATCH', '/api/v2/report-reasons/nope', { name: 'x' })).statusCode, 404);
    assert.equal((await call(fx.member, 'PATCH', '/api/v2/report-reasons/temp', { name: 'x' })).statusCode, 403);

    assert.equal((await call(fx.member, 'DELETE', '/api/v2/report-reasons/temp')).statusCode, 403);
    assert.equal((await call(fx.admin, 'DELETE', '/api/v2/report-reasons/temp')).statusCode, 204);
    assert.equal((await call(fx.admin, 'GET', '/api/v2/report-reasons/temp?includeDeleted=true')).statusCode, 404, 'removed');
    assert.equal((await call(fx.admin, 'DELETE', '/api/v2/report-reasons/automation-rule')).statusCode, 204);
    const kept = await call(fx.admin, 'GET', '/api/v2/report-reasons/automation-rule?includeDeleted=true');
    assert.equal(kept.statusCode, 200, kept.body);
    assert.equal((kept.json() as ReportReason).deleted, true);
    assert.equal((await call(fx.admin, 'DELETE', '/api/v2/report-reasons/nope')).statusCode, 404);
  });

  test('PUT /report-reasons/sorts: site.manage reorders (204); moderators 403', async () => {
    assert.equal((await call(fx.moderator, 'PUT', '/api/v2/report-reasons/sorts', { abuse: 0 })).statusCode, 403);
    const response = await call(fx.admin, 'PUT', '/api/v2/report-reasons/sorts', { abuse: 0, spam: 1 });
    assert.equal(response.statusCode, 204, response.body);
    const ids = ((await call(fx.member, 'GET', '/api/v2/report-reasons')).json() as ReportReason[]).map((reason) => reason.reportReasonID);
    assert.deepEqual(ids.slice(0, 2), ['abuse', 'spam']);
    assert.equal((await call(fx.admin, 'PUT', '/api/v2/report-reasons/sorts', { abuse: -1 })).statusCode, 422);
  });
});
