import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DRAFT_MESSAGES, type Draft } from '../../../../common/src/api/drafts.ts';
import { testDialect } from '../../../test/harness.ts';
import { asMember, asModerator, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeCategory, makeDiscussion, makeRole, type ErrorBody } from '../../../test/factories.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { discussionAttributes, listDraftsOf, makeDraft, setSettings } from './drafts.api-fixture.ts';

// api-contract §23 scheduling rules: schedule.allow, the feature flag, the configured lead time to
// one year ahead, required dotted fields, one scheduled update per record; schedule and cancel.

const MINUTE = 60_000;

describe(`drafts scheduling API (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2030-01-01T12:00:00Z'));
  const fx = useTestApp(
    async (t) => ({ category: await makeCategory(t), scheduler: await makeRole(t, { globalPermissions: ['schedule.allow'] }) }),
    {},
    { clock: clock.now },
  );
  const at = (milliseconds: number) => new Date(clock.now() + milliseconds).toISOString();
  const asScheduler = (): Promise<TestActor<TestUser>> => asMember(fx.t, { roleIDs: [fx.scheduler.roleID] });

  async function schedule(actor: TestActor, payload: Record<string, unknown>) {
    return inject(fx.t, actor, {
      method: 'POST',
      url: '/api/v2/drafts',
      payload: { recordType: 'discussion', draftStatus: 'scheduled', ...payload },
    });
  }

  test('POST scheduled: 201 with draftStatus scheduled and dateScheduled; listed under draftStatus=scheduled', async () => {
    const member = await asScheduler();
    const response = await schedule(member, { attributes: discussionAttributes(fx.category.categoryID), dateScheduled: at(20 * MINUTE) });
    assert.equal(response.statusCode, 201, response.body);
    const draft = response.json() as Draft;
    assert.equal(draft.draftStatus, 'scheduled');
    assert.equal(draft.dateScheduled, '2030-01-01T12:20:00+00:00');
    const scheduled = await listDraftsOf(fx.t, member, '?draftStatus=scheduled&sort=dateScheduled');
    assert.deepEqual(scheduled.drafts.map((item) => item.draftID), [draft.draftID]);
    assert.equal((await listDraftsOf(fx.t, member, '?draftStatus=1&dateScheduled=>2030-01-01T13:00:00Z')).drafts.length, 0);
    assert.equal((await listDraftsOf(fx.t, member)).drafts.length, 0, 'the default lists drafts only');
  });

  test('without schedule.allow: 403; with the feature off: 400 "Draft scheduling is not enabled."', async () => {
    const member = await asMember(fx.t);
    const denied = await schedule(member, { attributes: discussionAttributes(fx.category.categoryID), dateScheduled: at(20 * MINUTE) });
    assert.equal(denied.statusCode, 403);
    assert.deepEqual((denied.json() as ErrorBody).permissions, ['schedule.allow']);
    const moderator = await asModerator(fx.t);
    await setSettings(fx.t, { 'featureFlags.DraftScheduling.Enabled': false });
    try {
      const off = await schedule(moderator, { attributes: discussionAttributes(fx.category.categoryID), dateScheduled: at(20 * MINUTE) });
      assert.equal(off.statusCode, 400);
      assert.equal((off.json() as ErrorBody).message, 'Draft scheduling is not enabled.');
    } finally {
      await setSettings(fx.t, { 'featureFlags.DraftScheduling.Enabled': true });
    }
  });

  test('the date window: at least the configured lead (message states it), less than 1 year, required', async () => {
    const member = await asScheduler();
    const attributes = discussionAttributes(fx.category.categoryID);
    const soon = await schedule(member, { attributes, dateScheduled: at(10 * MINUTE) });
    assert.equal(soon.statusCode, 400);
    assert.deepEqual((soon.json() as ErrorBody).errors, [
      { field: 'dateScheduled', code: 'invalid', message: 'The scheduled date and time must be at least 15 minutes in the future.', status: 400 },
    ]);
    const late = await schedule(member, { attributes, dateScheduled: at(366 * 24 * 60 * MINUTE) });
    assert.equal(late.statusCode, 400);
    assert.equal((late.json() as ErrorBody).errors?.[0]?.message, 'The scheduled date and time must be less than 1 year from now.');
    const missing = await schedule(member, { attributes });
    assert.equal(missing.statusCode, 400);
    assert.equal((missing.json() as ErrorBody).errors?.[0]?.field, 'dateScheduled');

    await setSettings(fx.t, { 'drafts.scheduling.minimumLeadSeconds': 60 });
    try {
      const shortened = await schedule(member, { attributes, dateScheduled: at(30_000) });
      assert.equal((shortened.json() as ErrorBody).errors?.[0]?.message, 'The scheduled date and time must be at least 1 minute in the future.');
      assert.equal((await schedule(member, { attributes, dateScheduled: at(2 * MINUTE) })).statusCode, 201);
    } finally {
      await setSettings(fx.t, { 'drafts.scheduling.minimumLeadSeconds': 900 });
    }
    const badLead = await inject(fx.t, await asModerator(fx.t, { roleTypes: ['administrator'] }), {
      method: 'PATCH',
      url: '/api/v2/config',
      payload: { 'drafts.scheduling.minimumLeadSeconds': 86_401 },
    });
    assert.equal(badLead.statusCode, 422);
  });

  test('a scheduled discussion needs its dotted fields; a comment its body', async () => {
    const member = await asScheduler();
    const response = await schedule(member, { attributes: { draftMeta: {} }, dateScheduled: at(20 * MINUTE) });
    assert.equal(response.statusCode, 400);
    const body = response.json() as ErrorBody;
    assert.equal(body.message, 'Validation Failed');
    assert.deepEqual(
      body.errors?.map((error) => [error.field, error.code, error.message]),
      [
        ['attributes.format', 'missingField', 'attributes.format is required.'],
        ['attributes.body', 'missingField', 'attributes.body is required.'],
        ['attributes.draftMeta.name', 'missingField', 'attributes.draftMeta.name is required.'],
        ['attributes.draftMeta.postTypeID', 'missingField', 'attributes.draftMeta.postTypeID is required.'],
        ['attributes.draftMeta.categoryID', 'missingField', 'attributes.draftMeta.categoryID is required.'],
      ],
    );
    const comment = await schedule(member, { recordType: 'comment', parentRecordID: 1, attributes: { format: 'text' }, dateScheduled: at(20 * MINUTE) });
    assert.equal(comment.statusCode, 400);
    assert.deepEqual((comment.json() as ErrorBody).errors?.map((error) => error.field), ['attributes.body']);
  });

  test('one scheduled update per record: a second is refused on recordID', async () => {
    const member = await asScheduler();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: member });
    const update = { recordID: discussion.discussionID, attributes: discussionAttributes(fx.category.categoryID, 'New title'), dateScheduled: at(20 * MINUTE) };
    assert.equal((await schedule(member, update)).statusCode, 201);
    const second = await schedule(member, update);
    assert.equal(second.statusCode, 400);
    assert.deepEqual((second.json() as ErrorBody).errors, [
      { field: 'recordID', code: 'invalid', message: DRAFT_MESSAGES.alreadyScheduled, status: 400 },
    ]);
    const draft = await makeDraft(fx.t, member, { recordType: 'discussion', recordID: discussion.discussionID, attributes: update.attributes });
    const patched = await inject(fx.t, member, {
      method: 'PATCH',
      url: `/api/v2/drafts/${String(draft.draftID)}`,
      payload: { draftStatus: 'scheduled', dateScheduled: at(30 * MINUTE) },
    });
    assert.equal(patched.statusCode, 400);
    assert.equal((patched.json() as ErrorBody).errors?.[0]?.field, 'recordID');
  });

  test('PATCH /drafts/schedule/{id}: reschedules a scheduled draft (publishedSilently kept); a draft is refused', async () => {
    const member = await asScheduler();
    const draft = (await schedule(member, { attributes: discussionAttributes(fx.category.categoryID), dateScheduled: at(20 * MINUTE) })).json() as Draft;
    const moved = await inject(fx.t, member, {
      method: 'PATCH',
      url: `/api/v2/drafts/schedule/${String(draft.draftID)}`,
      payload: { dateScheduled: at(60 * MINUTE), publishedSilently: true },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const body = moved.json() as Draft;
    assert.equal(body.dateScheduled, '2030-01-01T13:00:00+00:00');
    assert.equal((body.attributes.draftMeta as { publishedSilently?: boolean }).publishedSilently, true);
    const tooSoon = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(draft.draftID)}`, payload: { dateScheduled: at(MINUTE) } });
    assert.equal(tooSoon.statusCode, 400);
    const badDate = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(draft.draftID)}`, payload: { dateScheduled: '2030-13-45' } });
    assert.equal(badDate.statusCode, 422);

    const plain = await makeDraft(fx.t, member, { recordType: 'comment', attributes: { body: 'x' } });
    const refused = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(plain.draftID)}`, payload: { dateScheduled: at(60 * MINUTE) } });
    assert.equal(refused.statusCode, 400);
    assert.equal((refused.json() as ErrorBody).message, 'You cannot update the schedule as it is not currently in the scheduled state.');
    const other = await asMember(fx.t);
    assert.equal((await inject(fx.t, other, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(draft.draftID)}`, payload: { dateScheduled: at(60 * MINUTE) } })).statusCode, 403);
    assert.equal((await inject(fx.t, member, { method: 'PATCH', url: '/api/v2/drafts/schedule/999999', payload: { dateScheduled: at(60 * MINUTE) } })).statusCode, 404);
  });

  test('PATCH /drafts/cancel-schedule/{id} and PATCH draftStatus "draft": back to a draft; a draft is refused', async () => {
    const member = await asScheduler();
    const draft = (await schedule(member, { attributes: discussionAttributes(fx.category.categoryID), dateScheduled: at(20 * MINUTE) })).json() as Draft;
    const cancelled = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(draft.draftID)}` });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal((cancelled.json() as Draft).draftStatus, 'draft');
    assert.equal((cancelled.json() as Draft).dateScheduled, null);
    const again = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(draft.draftID)}` });
    assert.equal(again.statusCode, 400);
    assert.equal((again.json() as ErrorBody).message, 'The record currently is a draft no changes are needed.');
    assert.equal((await inject(fx.t, member, { method: 'PATCH', url: '/api/v2/drafts/cancel-schedule/999999' })).statusCode, 404);

    const rescheduled = await inject(fx.t, member, {
      method: 'PATCH',
      url: `/api/v2/drafts/${String(draft.draftID)}`,
      payload: { draftStatus: 'scheduled', dateScheduled: at(25 * MINUTE) },
    });
    assert.equal(rescheduled.statusCode, 200, rescheduled.body);
    assert.equal((rescheduled.json() as Draft).draftStatus, 'scheduled');
    const autosaved = await inject(fx.t, member, {
      method: 'PATCH',
      url: `/api/v2/drafts/${String(draft.draftID)}`,
      payload: { attributes: discussionAttributes(fx.category.categoryID, 'Still scheduled', 'edited') },
    });
    assert.equal((autosaved.json() as Draft).draftStatus, 'scheduled', 'an autosave keeps the schedule');
    const unscheduled = await inject(fx.t, member, { method: 'PATCH', url: `/api/v2/drafts/${String(draft.draftID)}`, payload: { draftStatus: 'draft' } });
    assert.equal((unscheduled.json() as Draft).draftStatus, 'draft');
    assert.equal((unscheduled.json() as Draft).dateScheduled, null);
  });
});
