import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Draft, DraftEdit, DraftListItem } from '../../../../common/src/api/drafts.ts';
import { testDialect } from '../../../test/harness.ts';
import { asGuest, asMember, asModerator, createUser, inject, sessionFor, type TestActor } from '../../../test/actors.ts';
import { makeCategory, makeComment, makeDiscussion, makeHiddenCategory, rich2, type ErrorBody } from '../../../test/factories.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { discussionAttributes, listDraftsOf, makeDraft } from './drafts.api-fixture.ts';

// api-contract §23, sentence by sentence: the Draft object, the listing's additions, GET /drafts
// (filters, sorts, pager, limit), the edit view, POST/PATCH/DELETE, who may act, and posting with
// draftID. Scheduling and publishing: drafts.contract-schedule.api.test.ts.

const MINUTE = 60_000;
const DRAFT_KEYS = ['attributes', 'dateInserted', 'dateScheduled', 'dateUpdated', 'draftID', 'draftStatus', 'insertUserID', 'recordType', 'updateUserID'];
const API_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

describe(`drafts: api-contract §23, word for word (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2032-03-01T09:00:00Z'));
  const fx = useTestApp(async (t) => ({ category: await makeCategory(t) }), {}, { clock: clock.now });
  const url = (draftID: number, suffix = '') => `/api/v2/drafts/${String(draftID)}${suffix}`;
  const ids = (drafts: readonly { draftID: number }[]) => drafts.map((draft) => draft.draftID);
  const list = async (actor: TestActor, query: string) => ids((await listDraftsOf(fx.t, actor, query)).drafts);

  test('Draft object: exactly the contract fields and types; recordID and parents only when set', async () => {
    const member = await asMember(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    const bare = await makeDraft(fx.t, member, { recordType: 'discussion', attributes: { body: 'b' } });
    assert.deepEqual(Object.keys(bare).sort(), DRAFT_KEYS);
    const edit = await makeDraft(fx.t, member, {
      recordType: 'comment',
      recordID: (await makeComment(fx.t, { discussionID: discussion.discussionID, as: member })).commentID,
      parentRecordType: 'discussion',
      parentRecordID: discussion.discussionID,
      attributes: { body: 'b' },
    });
    assert.deepEqual(Object.keys(edit).sort(), [...DRAFT_KEYS, 'parentRecordID', 'parentRecordType', 'recordID'].sort());
    assert.equal(typeof edit.recordID, 'number');
    assert.equal(edit.insertUserID, member.user.userID);
    assert.match(edit.dateInserted, API_DATE);
    assert.equal(edit.updateUserID, null, 'never updated yet');
    assert.equal(edit.draftStatus, 'draft');
    assert.equal(edit.dateScheduled, null);
  });

  test('attributes are free-form (the client’s keys kept); a missing attributes.format defaults to rich2', async () => {
    const member = await asMember(fx.t);
    const attributes = {
      body: rich2('Words'),
      draftType: 'discussion',
      lastSaved: '2032-03-01T09:00:00Z',
      groupID: 4,
      custom: { anything: [1, 2] },
      draftMeta: { ...discussionAttributes(fx.category.categoryID).draftMeta, postMeta: { a: 1 }, tagIDs: [1], newTagNames: ['tea'], pinLocation: 'category', pinned: false },
    };
    const draft = await makeDraft(fx.t, member, { recordType: 'discussion', attributes });
    assert.deepEqual(draft.attributes, { ...attributes, format: 'rich2' });
    const explicit = await makeDraft(fx.t, member, { recordType: 'comment', attributes: { body: 'x', format: 'markdown', draftMeta: { commentParentID: 3, commentPath: '1.3', format: 'markdown' } } });
    assert.equal(explicit.attributes.format, 'markdown');
    const patched = await inject(fx.t, member, { method: 'PATCH', url: url(explicit.draftID), payload: { attributes: { body: 'y' } } });
    assert.equal((patched.json() as Draft).attributes.format, 'rich2', 'the default also applies to a PATCH');
  });

  test('GET /drafts: the listing adds name, excerpt, editUrl, breadCrumbs (capital C), permaLink, failedReason', async () => {
    const member = await asMember(fx.t);
    const draft = await makeDraft(fx.t, member, { recordType: 'discussion', attributes: discussionAttributes(fx.category.categoryID, 'Listed', 'An excerpt.') });
    const [item] = (await listDraftsOf(fx.t, member, '?recordType=discussion')).drafts.filter((row) => row.draftID === draft.draftID);
    assert.ok(item);
    assert.deepEqual(Object.keys(item).sort(), [...DRAFT_KEYS, 'breadCrumbs', 'editUrl', 'excerpt', 'failedReason', 'name', 'permaLink'].sort());
    assert.equal('breadcrumbs' in item, false);
    assert.equal(item.name, 'Listed');
    assert.equal(item.excerpt, 'An excerpt.');
    assert.ok(Array.isArray(item.breadCrumbs));
    assert.equal(item.failedReason, null);
    assert.equal(typeof item.editUrl, 'string');
  });

  test('GET /drafts: own drafts only; default draftStatus draft; recordType, parentRecordType, parentRecordID filters', async () => {
    const member = await asMember(fx.t);
    const moderator = await asModerator(fx.t);
    await makeDraft(fx.t, moderator, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 70, attributes: { body: 'theirs' } });
    const comment = await makeDraft(fx.t, member, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 70, attributes: { body: 'c' } });
    const other = await makeDraft(fx.t, member, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 71, attributes: { body: 'd' } });
    const topic = await makeDraft(fx.t, member, { recordType: 'discussion', parentRecordType: 'category', parentRecordID: fx.category.categoryID, attributes: { body: 't' } });
    assert.deepEqual((await list(member, '')).sort(), [comment.draftID, other.draftID, topic.draftID].sort(), 'a moderator’s drafts are not listed');
    assert.deepEqual(await list(member, '?recordType=discussion'), [topic.draftID]);
    assert.deepEqual(await list(member, '?parentRecordType=category'), [topic.draftID]);
    assert.deepEqual(await list(member, '?parentRecordID=70'), [comment.draftID]);
    assert.deepEqual(await list(member, '?recordType=comment&parentRecordType=discussion&parentRecordID=71'), [other.draftID]);
    for (const status of ['draft', '0']) assert.equal((await list(member, `?draftStatus=${status}`)).length, 3, status);
    for (const status of ['scheduled', '1', 'error', '2']) assert.deepEqual(await list(member, `?draftStatus=${status}`), [], status);
    for (const bad of ['?draftStatus=3', '?draftStatus=published', '?recordType=poll', '?parentRecordID=x'])
      assert.equal((await inject(fx.t, member, { method: 'GET', url: `/api/v2/drafts${bad}` })).statusCode, 422, bad);
  });

  test('GET /drafts: sort by dateInserted, dateUpdated, dateScheduled ± (default -dateUpdated); dateUpdated filter', async () => {
    const member = await asMember(fx.t);
    const first = await makeDraft(fx.t, member, { recordType: 'comment', attributes: { body: '1' } });
    clock.advance(MINUTE);
    const second = await makeDraft(fx.t, member, { recordType: 'comment', attributes: { body: '2' } });
    clock.advance(MINUTE);
    const touched = await inject(fx.t, member, { method: 'PATCH', url: url(first.draftID), payload: { attributes: { body: '1b' } } });
    assert.equal(touched.statusCode, 200);
    assert.deepEqual(await list(member, ''), [first.draftID, second.draftID], 'default -dateUpdated');
    assert.deepEqual(await list(member, '?sort=dateUpdated'), [second.draftID, first.draftID]);
    assert.deepEqual(await list(member, '?sort=dateInserted'), [first.draftID, second.draftID]);
    assert.deepEqual(await list(member, '?sort=-dateInserted'), [second.draftID, first.draftID]);
    for (const sort of ['dateScheduled', '-dateScheduled']) assert.equal((await list(member, `?sort=${sort}`)).length, 2, sort);
    const updatedAt = (touched.json() as Draft).dateUpdated ?? '';
    assert.deepEqual(await list(member, `?dateUpdated=${encodeURIComponent(`>=${updatedAt}`)}`), [first.draftID]);
    assert.deepEqual(await list(member, `?dateUpdated=${encodeURIComponent(`<${updatedAt}`)}`), [second.draftID]);
    assert.deepEqual(await list(member, `?dateUpdated=${updatedAt.slice(0, 10)}`), [first.draftID, second.draftID], 'a day');
    assert.equal((await inject(fx.t, member, { method: 'GET', url: '/api/v2/drafts?sort=name' })).statusCode, 422);
    assert.equal((await inject(fx.t, member, { method: 'GET', url: '/api/v2/drafts?dateScheduled=soon' })).statusCode, 422);
  });

  test('GET /drafts: page ≥ 1, limit default 30 and max 500, numbered pager; expand is a boolean', async () => {
    const member = await asMember(fx.t);
    for (let index = 0; index < 32; index += 1) await makeDraft(fx.t, member, { recordType: 'comment', attributes: { body: String(index) } });
    const firstPage = await listDraftsOf(fx.t, member);
    assert.equal(firstPage.drafts.length, 30);
    assert.equal(firstPage.response.headers['x-app-page-limit'], '30');
    assert.equal(firstPage.response.headers['x-app-page-result-count'], '32');
    assert.match(String(firstPage.response.headers['x-app-page-next-url']), /page=2/);
    assert.equal((await listDraftsOf(fx.t, member, '?page=2')).drafts.length, 2);
    assert.equal((await listDraftsOf(fx.t, member, '?limit=500')).drafts.length, 32);
    assert.equal((await listDraftsOf(fx.t, member, '?expand=true')).drafts.length, 30);
    for (const bad of ['?limit=501', '?limit=0', '?page=0', '?expand=maybe'])
      assert.equal((await inject(fx.t, member, { method: 'GET', url: `/api/v2/drafts${bad}` })).statusCode, 422, bad);
  });

  test('GET /drafts/{id} is the Draft; /edit is {draftID, recordID?, recordType?, parentRecordType?, parentRecordID?, attributes, draftStatus, dateScheduled}', async () => {
    const member = await asMember(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: member });
    const draft = await makeDraft(fx.t, member, {
      recordType: 'discussion',
      recordID: discussion.discussionID,
      parentRecordType: 'category',
      parentRecordID: fx.category.categoryID,
      attributes: discussionAttributes(fx.category.categoryID, 'Edited title'),
    });
    const read = await inject(fx.t, member, { method: 'GET', url: url(draft.draftID) });
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), draft);
    const edit = (await inject(fx.t, member, { method: 'GET', url: url(draft.draftID, '/edit') })).json() as DraftEdit;
    assert.deepEqual(edit, {
      draftID: draft.draftID,
      recordID: discussion.discussionID,
      recordType: 'discussion',
      parentRecordType: 'category',
      parentRecordID: fx.category.categoryID,
      attributes: draft.attributes,
      draftStatus: 'draft',
      dateScheduled: null,
    });
  });

  test('POST /drafts: recordType and attributes required (contract error shape); 201; recordID of a missing or hidden post refused', async () => {
    const member = await asMember(fx.t);
    const missingType = await inject(fx.t, member, { method: 'POST', url: '/api/v2/drafts', payload: { attributes: {} } });
    assert.equal(missingType.statusCode, 400);
    assert.deepEqual((missingType.json() as ErrorBody).errors?.map((error) => error.field), ['recordType']);
    const missingAttributes = await inject(fx.t, member, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'comment' } });
    assert.ok([400, 422].includes(missingAttributes.statusCode));
    assert.deepEqual((missingAttributes.json() as ErrorBody).errors?.map((error) => error.field), ['attributes']);
    const created = await inject(fx.t, member, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'event', attributes: {} } });
    assert.equal(created.statusCode, 201);

    const missing = await inject(fx.t, member, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'discussion', recordID: 987654, attributes: {} } });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Discussion not found.');
    const hidden = await makeHiddenCategory(fx.t);
    const secret = await makeDiscussion(fx.t, { categoryID: hidden.categoryID });
    const refused = await inject(fx.t, member, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'discussion', recordID: secret.discussionID, attributes: {} } });
    assert.ok([403, 404].includes(refused.statusCode), 'a discussion the member cannot see is not draftable');
    const moderator = await asModerator(fx.t);
    const allowed = await inject(fx.t, moderator, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'discussion', recordID: secret.discussionID, attributes: {} } });
    assert.equal(allowed.statusCode, 201);
  });

  test('PATCH /drafts/{id}: same fields, partial; sets updateUserID and dateUpdated', async () => {
    const member = await asMember(fx.t);
    const draft = await makeDraft(fx.t, member, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 1, attributes: { body: 'a' } });
    clock.advance(MINUTE);
    const patched = await inject(fx.t, member, { method: 'PATCH', url: url(draft.draftID), payload: { parentRecordID: 2 } });
    assert.equal(patched.statusCode, 200);
    const body = patched.json() as Draft;
    assert.equal(body.parentRecordID, 2);
    assert.equal(body.attributes.body, 'a', 'untouched fields stay');
    assert.equal(body.updateUserID, member.user.userID);
    assert.equal(Date.parse(body.dateUpdated ?? '') - Date.parse(draft.dateInserted), MINUTE);
    const bad = await inject(fx.t, member, { method: 'PATCH', url: url(draft.draftID), payload: { recordType: 'poll' } });
    assert.equal(bad.statusCode, 422);
  });

  test('DELETE /drafts/{id}: 204, then 404 "Draft not found."', async () => {
    const member = await asMember(fx.t);
    const draft = await makeDraft(fx.t, member, { recordType: 'comment', attributes: { body: 'bye' } });
    assert.equal((await inject(fx.t, member, { method: 'DELETE', url: url(draft.draftID) })).statusCode, 204);
    const again = await inject(fx.t, member, { method: 'GET', url: url(draft.draftID) });
    assert.equal(again.statusCode, 404);
    assert.equal((again.json() as ErrorBody).message, 'Draft not found.');
  });

  test('permission: signed in (guests 403, banned 401); another’s draft 403 unless community.moderate; missing 404 on every call', async () => {
    const author = await asMember(fx.t);
    const draft = await makeDraft(fx.t, author, { recordType: 'comment', attributes: { body: 'private' } });
    const calls = (draftID: number) =>
      [
        ['GET', url(draftID), undefined],
        ['GET', url(draftID, '/edit'), undefined],
        ['PATCH', url(draftID), { attributes: { body: 'x' } }],
        ['PATCH', `/api/v2/drafts/schedule/${String(draftID)}`, { dateScheduled: new Date(clock.now() + 60 * MINUTE).toISOString() }],
        ['PATCH', `/api/v2/drafts/cancel-schedule/${String(draftID)}`, undefined],
        ['DELETE', url(draftID), undefined],
      ] as const;
    const guest = await asGuest(fx.t);
    const banned = await sessionFor(fx.t, await createUser(fx.t, { banned: true }));
    const other = await asMember(fx.t);
    for (const [method, path, payload] of calls(draft.draftID)) {
      assert.equal((await inject(fx.t, guest, { method, url: path, payload })).statusCode, 403, `guest ${method} ${path}`);
      const bannedAnswer = await inject(fx.t, banned, { method, url: path, payload });
      assert.equal(bannedAnswer.statusCode, 401, `banned ${method} ${path}`);
      assert.equal((bannedAnswer.json() as ErrorBody).message, 'You are banned.');
      const denied = await inject(fx.t, other, { method, url: path, payload });
      assert.equal(denied.statusCode, 403, `other ${method} ${path}`);
      assert.deepEqual((denied.json() as ErrorBody).permissions, ['community.moderate']);
    }
    for (const [method, path, payload] of calls(99_999_999)) {
      const missing = await inject(fx.t, author, { method, url: path, payload });
      assert.equal(missing.statusCode, 404, `${method} ${path}`);
      assert.equal((missing.json() as ErrorBody).message, 'Draft not found.');
    }
    assert.equal((await inject(fx.t, banned, { method: 'POST', url: '/api/v2/drafts', payload: { recordType: 'comment', attributes: {} } })).statusCode, 401);
    const moderator = await asModerator(fx.t);
    const read = await inject(fx.t, moderator, { method: 'GET', url: url(draft.draftID) });
    assert.equal(read.statusCode, 200);
    const patched = await inject(fx.t, moderator, { method: 'PATCH', url: url(draft.draftID), payload: { attributes: { body: 'moderated' } } });
    assert.equal((patched.json() as Draft).updateUserID, moderator.user.userID);
    assert.equal((patched.json() as Draft).insertUserID, author.user.userID);
  });

  test('posting a discussion or comment with draftID deletes the draft', async () => {
    const member = await asMember(fx.t);
    const topicDraft = await makeDraft(fx.t, member, { recordType: 'discussion', attributes: discussionAttributes(fx.category.categoryID) });
    const posted = await inject(fx.t, member, {
      method: 'POST',
      url: '/api/v2/discussions',
      payload: { name: 'From a draft', body: 'Body', format: 'text', categoryID: fx.category.categoryID, draftID: topicDraft.draftID },
    });
    assert.equal(posted.statusCode, 201, posted.body);
    const discussionID = (posted.json() as { discussionID: number }).discussionID;
    const replyDraft = await makeDraft(fx.t, member, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: discussionID, attributes: { body: 'r' } });
    const replied = await inject(fx.t, member, {
      method: 'POST',
      url: '/api/v2/comments',
      payload: { discussionID, body: 'Reply', format: 'text', draftID: replyDraft.draftID },
    });
    assert.equal(replied.statusCode, 201, replied.body);
    for (const draft of [topicDraft, replyDraft])
      assert.equal((await inject(fx.t, member, { method: 'GET', url: url(draft.draftID) })).statusCode, 404);
    const remaining: DraftListItem[] = (await listDraftsOf(fx.t, member)).drafts;
    assert.deepEqual(remaining, []);
  });
});
