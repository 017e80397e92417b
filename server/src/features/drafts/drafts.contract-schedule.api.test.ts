import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Draft } from '../../../../common/src/api/drafts.ts';
import { testDialect } from '../../../test/harness.ts';
import { asMember, asModerator, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { factoryAdmin, makeCategory, makeDiscussion, makeRole, roleIDOf, type ErrorBody } from '../../../test/factories.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { discussionAttributes, listDraftsOf, makeDraft, runJobs, setSettings } from './drafts.api-fixture.ts';

// api-contract §23 scheduling, sentence by sentence: the flag and schedule.allow, the configured
// lead time and its message, the 1-year limit, the dotted required fields, one scheduled update per
// record (Vanilla's full texts), schedule / cancel-schedule, un-scheduling by PATCH, and the job:
// due drafts oldest first until none are left, failures as draftStatus error with failedReason.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OWN_PENDING =
  'An update is already scheduled for this item. Please wait for the scheduled update to be published, or cancel it before scheduling a new one.';

describe(`drafts scheduling: api-contract §23, word for word (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2032-05-01T10:00:00Z'));
  const fx = useTestApp(
    async (t) => ({ category: await makeCategory(t), scheduler: await makeRole(t, { globalPermissions: ['schedule.allow', 'discussions.edit'] }) }),
    {},
    { clock: clock.now },
  );
  const at = (milliseconds: number) => new Date(clock.now() + milliseconds).toISOString();
  const asScheduler = (name?: string): Promise<TestActor<TestUser>> => asMember(fx.t, { roleIDs: [fx.scheduler.roleID], ...(name ? { name } : {}) });
  const attributes = (name = 'Planned', text = 'Planned words.') => discussionAttributes(fx.category.categoryID, name, text);

  async function post(actor: TestActor, payload: Record<string, unknown>) {
    return inject(fx.t, actor, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'discussion', draftStatus: 'scheduled', ...payload } });
  }
  async function scheduled(actor: TestActor, payload: Record<string, unknown>): Promise<Draft> {
    const response = await post(actor, payload);
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Draft;
  }
  const errorsOf = (response: { json(): unknown }) => (response.json() as ErrorBody).errors?.map((error) => [error.field, error.message]);
  async function namesOfDiscussions(prefix: string): Promise<string[]> {
    const rows = await fx.t.db.selectFrom('discussions').select(['name']).where('name', 'like', `${prefix}%`).orderBy('discussionID').execute();
    return rows.map((row) => row.name);
  }

  test('POST draftStatus scheduled: 201 with draftStatus "scheduled" and dateScheduled; dateScheduled is required', async () => {
    const member = await asScheduler();
    const draft = await scheduled(member, { attributes: attributes(), dateScheduled: at(15 * MINUTE) });
    assert.equal(draft.draftStatus, 'scheduled');
    assert.equal(draft.dateScheduled, at(15 * MINUTE).replace('.000Z', '+00:00'));
    const missing = await post(member, { attributes: attributes() });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(errorsOf(missing)?.map(([field]) => field), ['dateScheduled']);
  });

  test('feature off → 400 "Draft scheduling is not enabled." on POST, PATCH and the schedule call; schedule.allow needed', async () => {
    const member = await asScheduler();
    const draft = await scheduled(member, { attributes: attributes(), dateScheduled: at(20 * MINUTE) });
    const plain = await makeDraft(fx.t, member, { recordType: 'discussion', attributes: attributes() });
    await setSettings(fx.t, { 'featureFlags.DraftScheduling.Enabled': false });
    try {
      for (const response of [
        await post(member, { attributes: attributes(), dateScheduled: at(20 * MINUTE) }),
        await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/${String(plain.draftID)}`, payload: { draftStatus: 'scheduled', dateScheduled: at(20 * MINUTE) } }),
        await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(draft.draftID)}`, payload: { dateScheduled: at(30 * MINUTE) } }),
      ]) {
        assert.equal(response.statusCode, 400);
        assert.equal((response.json() as ErrorBody).message, 'Draft scheduling is not enabled.');
      }
      // A pending post can still be taken back to a draft (decisions: brief D).
      const cancelled = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(draft.draftID)}` });
      assert.equal(cancelled.statusCode, 200);
      assert.equal((cancelled.json() as Draft).draftStatus, 'draft');
    } finally {
      await setSettings(fx.t, { 'featureFlags.DraftScheduling.Enabled': true });
    }
    const plainMember = await asMember(fx.t);
    const denied = await post(plainMember, { attributes: attributes(), dateScheduled: at(20 * MINUTE) });
    assert.equal(denied.statusCode, 403);
    assert.deepEqual((denied.json() as ErrorBody).permissions, ['schedule.allow']);
  });

  test('lead time: default 15 minutes (message verbatim); drafts.scheduling.minimumLeadSeconds (0–86,400) changes it and its message', async () => {
    const member = await asScheduler();
    const soon = await post(member, { attributes: attributes(), dateScheduled: at(15 * MINUTE - 1000) });
    assert.equal(soon.statusCode, 400);
    assert.deepEqual(errorsOf(soon), [['dateScheduled', 'The scheduled date and time must be at least 15 minutes in the future.']]);
    const past = await post(member, { attributes: attributes(), dateScheduled: at(-MINUTE) });
    assert.deepEqual(errorsOf(past), [['dateScheduled', 'The scheduled date and time must be at least 15 minutes in the future.']]);
    const admin = await factoryAdmin(fx.t);
    for (const bad of [-1, 86_401, 1.5]) {
      const refused = await inject(fx.t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'drafts.scheduling.minimumLeadSeconds': bad } });
      assert.ok([400, 422].includes(refused.statusCode), String(bad));
    }
    const member2 = await asMember(fx.t);
    assert.equal((await inject(fx.t, member2, { method: 'PATCH', url: '/api/v2/config', payload: { 'drafts.scheduling.minimumLeadSeconds': 60 } })).statusCode, 403);
    try {
      for (const [seconds, words] of [[86_400, '24 hours'], [3600, '1 hour'], [120, '2 minutes'], [60, '1 minute'], [30, '30 seconds']] as const) {
        await setSettings(fx.t, { 'drafts.scheduling.minimumLeadSeconds': seconds });
        const tooSoon = await post(member, { attributes: attributes(), dateScheduled: at(seconds * 1000 - 1000) });
        assert.deepEqual(errorsOf(tooSoon), [['dateScheduled', `The scheduled date and time must be at least ${words} in the future.`]]);
      }
      await setSettings(fx.t, { 'drafts.scheduling.minimumLeadSeconds': 0 });
      assert.equal((await post(member, { attributes: attributes(), dateScheduled: at(1000) })).statusCode, 201);
    } finally {
      await setSettings(fx.t, { 'drafts.scheduling.minimumLeadSeconds': 900 });
    }
  });

  test('less than 1 year from now (message verbatim)', async () => {
    const member = await asScheduler();
    const late = await post(member, { attributes: attributes(), dateScheduled: at(366 * DAY) });
    assert.equal(late.statusCode, 400);
    assert.deepEqual(errorsOf(late), [['dateScheduled', 'The scheduled date and time must be less than 1 year from now.']]);
    assert.equal((await post(member, { attributes: attributes(), dateScheduled: at(364 * DAY) })).statusCode, 201);
  });

  test('a scheduled discussion needs attributes.format, attributes.body, attributes.draftMeta.name and .postTypeID (dotted fields)', async () => {
    const member = await asScheduler();
    const full = attributes();
    for (const [field, value] of [
      ['attributes.format', { ...full, format: '' }],
      ['attributes.body', { ...full, body: '' }],
      ['attributes.draftMeta.name', { ...full, draftMeta: { ...full.draftMeta, name: '' } }],
      ['attributes.draftMeta.postTypeID', { ...full, draftMeta: { ...full.draftMeta, postTypeID: undefined } }],
    ] as const) {
      const refused = await post(member, { attributes: value, dateScheduled: at(20 * MINUTE) });
      assert.equal(refused.statusCode, 400, field);
      assert.deepEqual((refused.json() as ErrorBody).errors?.map((error) => [error.field, error.status]), [[field, 400]]);
    }
    const unscheduled = await makeDraft(fx.t, member, { recordType: 'discussion', attributes: { body: '' } });
    assert.equal(unscheduled.draftStatus, 'draft', 'a plain draft needs none of them');
  });

  test('one scheduled update per record: Vanilla’s full text for one’s own, the other member named otherwise; a plain draft still allowed', async () => {
    const first = await asScheduler('Ada Planner');
    const second = await asScheduler();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: first });
    const update = { recordID: discussion.discussionID, attributes: attributes('New title'), dateScheduled: at(20 * MINUTE) };
    const pending = await scheduled(first, update);
    const own = await post(first, update);
    assert.equal(own.statusCode, 400);
    assert.deepEqual((own.json() as ErrorBody).errors, [{ field: 'recordID', code: 'invalid', message: OWN_PENDING, status: 400 }]);
    const moderator = await asModerator(fx.t);
    const theirs = await post(moderator, update);
    assert.equal(theirs.statusCode, 400);
    assert.deepEqual(errorsOf(theirs), [
      ['recordID', 'An update is already scheduled for this item by Ada Planner. You can’t schedule another update while one is pending.'],
    ]);
    const plain = await makeDraft(fx.t, second, { recordType: 'discussion', recordID: discussion.discussionID, attributes: attributes('Later') });
    assert.equal(plain.draftStatus, 'draft');
    const rescheduled = await inject(fx.t, first, { method: 'PATCH', url: `/api/v2/drafts/${String(pending.draftID)}`, payload: { dateScheduled: at(40 * MINUTE) } });
    assert.equal(rescheduled.statusCode, 200, 'the pending draft itself is not "another" update');
  });

  test('PATCH /drafts/schedule/{id}: new date (publishedSilently stored in draftMeta); not scheduled → 400 verbatim', async () => {
    const member = await asScheduler();
    const draft = await scheduled(member, { attributes: attributes(), dateScheduled: at(20 * MINUTE) });
    const moved = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(draft.draftID)}`, payload: { dateScheduled: at(2 * DAY), publishedSilently: true } });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(Date.parse((moved.json() as Draft).dateScheduled ?? ''), clock.now() + 2 * DAY);
    assert.deepEqual((moved.json() as Draft).attributes.draftMeta, { ...attributes().draftMeta, publishedSilently: true });
    const window = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(draft.draftID)}`, payload: { dateScheduled: at(400 * DAY) } });
    assert.deepEqual(errorsOf(window), [['dateScheduled', 'The scheduled date and time must be less than 1 year from now.']]);
    const plain = await makeDraft(fx.t, member, { recordType: 'discussion', attributes: attributes() });
    const refused = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(plain.draftID)}`, payload: { dateScheduled: at(2 * DAY) } });
    assert.equal(refused.statusCode, 400);
    assert.equal((refused.json() as ErrorBody).message, 'You cannot update the schedule as it is not currently in the scheduled state.');
  });

  test('PATCH /drafts/cancel-schedule/{id}: back to draft, dateScheduled null; a draft → 400 verbatim; PATCH draftStatus "draft" un-schedules', async () => {
    const member = await asScheduler();
    const draft = await scheduled(member, { attributes: attributes(), dateScheduled: at(20 * MINUTE) });
    const cancelled = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(draft.draftID)}` });
    assert.equal(cancelled.statusCode, 200);
    assert.equal((cancelled.json() as Draft).draftStatus, 'draft');
    assert.equal((cancelled.json() as Draft).dateScheduled, null);
    const again = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(draft.draftID)}` });
    assert.equal(again.statusCode, 400);
    assert.equal((again.json() as ErrorBody).message, 'The record currently is a draft no changes are needed.');

    const other = await scheduled(member, { attributes: attributes('Unscheduled by PATCH'), dateScheduled: at(20 * MINUTE) });
    const unscheduled = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/${String(other.draftID)}`, payload: { draftStatus: 'draft' } });
    assert.equal((unscheduled.json() as Draft).draftStatus, 'draft');
    assert.equal((unscheduled.json() as Draft).dateScheduled, null);
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await namesOfDiscussions('Unscheduled by PATCH'), [], 'an un-scheduled draft is never published');
  });

  test('the job takes due drafts oldest first until none are left (25 due, more than two batches of 10); later ones wait', async () => {
    const member = await asScheduler();
    // Scheduled in reverse order of their dates, so insertion order cannot pass for date order.
    for (let index = 24; index >= 0; index -= 1)
      await scheduled(member, { attributes: attributes(`Batch ${String(index).padStart(2, '0')}`), dateScheduled: at(20 * MINUTE + index * 1000) });
    await scheduled(member, { attributes: attributes('Batch later'), dateScheduled: at(60 * MINUTE) });
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    const expected = Array.from({ length: 25 }, (_, index) => `Batch ${String(index).padStart(2, '0')}`);
    assert.deepEqual(await namesOfDiscussions('Batch'), expected, 'all due drafts, oldest date first');
    assert.deepEqual((await listDraftsOf(fx.t, member, '?draftStatus=scheduled')).drafts.map((draft) => draft.attributes.draftMeta), [attributes('Batch later').draftMeta]);
    clock.advance(40 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await namesOfDiscussions('Batch later'), ['Batch later']);
    assert.deepEqual((await listDraftsOf(fx.t, member, '?draftStatus=scheduled')).drafts, []);
  });

  test('failures set draftStatus "error" with failedReason (category deleted or forbidden); never a post in another place', async () => {
    const member = await asScheduler();
    const gone = await makeCategory(fx.t);
    const closed = await makeCategory(fx.t);
    const toGone = await scheduled(member, { attributes: discussionAttributes(gone.categoryID, 'Failed: void'), dateScheduled: at(20 * MINUTE) });
    const toClosed = await scheduled(member, { attributes: discussionAttributes(closed.categoryID, 'Failed: closed'), dateScheduled: at(20 * MINUTE) });
    const admin = await factoryAdmin(fx.t);
    assert.equal((await inject(fx.t, admin, { method: 'DELETE', url: `/api/v2/categories/${String(gone.categoryID)}` })).statusCode, 204);
    const restricted = await inject(fx.t, admin, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(closed.categoryID)}`,
      payload: { customPermissions: true, permissions: [{ roleID: await roleIDOf(fx.t, 'member'), permissions: { 'discussions.view': true, 'discussions.add': false } }] },
    });
    assert.equal(restricted.statusCode, 200, restricted.body);
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await namesOfDiscussions('Failed:'), []);
    const errors = (await listDraftsOf(fx.t, member, '?draftStatus=2')).drafts;
    const reasons = new Map(errors.map((draft) => [draft.draftID, [draft.draftStatus, draft.failedReason]]));
    assert.deepEqual(reasons.get(toGone.draftID), ['error', 'The category of this post no longer exists.']);
    assert.deepEqual(reasons.get(toClosed.draftID), ['error', 'You are no longer allowed to post in this category.']);
    assert.deepEqual((await listDraftsOf(fx.t, member, '?draftStatus=error')).drafts.map((draft) => draft.draftID).sort(), [toGone.draftID, toClosed.draftID].sort());
  });

  test('an author banned before the date: the job posts nothing and the draft fails with a reason', async () => {
    const member = await asScheduler();
    const draft = await scheduled(member, { attributes: attributes('Failed: banned'), dateScheduled: at(20 * MINUTE) });
    const moderator = await asModerator(fx.t);
    const ban = await inject(fx.t, moderator, { method: 'PUT', url: `/api/v2/users/${String(member.user.userID)}/ban`, payload: { banned: true } });
    assert.equal(ban.statusCode, 200, ban.body);
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await namesOfDiscussions('Failed: banned'), []);
    const stored = await fx.t.db.selectFrom('drafts').select(['draftStatus', 'failedReason']).where('draftID', '=', draft.draftID).executeTakeFirstOrThrow();
    assert.equal(stored.draftStatus, 'error');
    assert.equal(stored.failedReason, 'Your account could not post when this was due (banned or deleted).');
  });
});
