import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Draft, DraftEdit } from '../../../../common/src/api/drafts.ts';
import type { MeCounts } from '../../../../common/src/api/users.ts';
import { testDialect } from '../../../test/harness.ts';
import { asGuest, asMember, asModerator, createUser, inject, sessionFor } from '../../../test/actors.ts';
import { makeCategory, makeComment, makeDiscussion, makeHiddenCategory, rich2, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { discussionAttributes, listDraftsOf, makeDraft } from './drafts.api-fixture.ts';

// api-contract §23: drafts (create, list, get, edit view, update, delete) and their permissions.

describe(`drafts API (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ category: await makeCategory(t) }));

  test('POST /drafts: 201 Draft with the contract fields; format defaults to rich2', async () => {
    const member = await asMember(fx.t);
    const draft = await makeDraft(fx.t, member, {
      recordType: 'comment',
      parentRecordType: 'discussion',
      parentRecordID: 5,
      attributes: { body: 'Hello **there**' },
    });
    assert.equal(draft.recordType, 'comment');
    assert.equal(draft.parentRecordType, 'discussion');
    assert.equal(draft.parentRecordID, 5);
    assert.equal('recordID' in draft, false);
    assert.equal(draft.attributes.format, 'rich2');
    assert.equal(draft.attributes.body, 'Hello **there**');
    assert.equal(draft.insertUserID, member.user.userID);
    assert.equal(draft.draftStatus, 'draft');
    assert.equal(draft.dateScheduled, null);
    assert.equal(draft.updateUserID, null);
    assert.match(draft.dateInserted, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  test('GET /drafts/{id} and /edit: the author reads it; another member 403; a moderator may; missing 404', async () => {
    const author = await asMember(fx.t);
    const draft = await makeDraft(fx.t, author, { recordType: 'discussion', attributes: discussionAttributes(fx.category.categoryID) });
    const own = await inject(fx.t, author, { method: 'GET', url: `/api/v2/drafts/${String(draft.draftID)}` });
    assert.equal(own.statusCode, 200);
    assert.deepEqual((own.json() as Draft).attributes, draft.attributes);
    const edit = await inject(fx.t, author, { method: 'GET', url: `/api/v2/drafts/${String(draft.draftID)}/edit` });
    assert.equal(edit.statusCode, 200);
    assert.deepEqual(Object.keys(edit.json() as DraftEdit).sort(), ['attributes', 'dateScheduled', 'draftID', 'draftStatus', 'recordType']);

    const other = await asMember(fx.t);
    for (const url of [`/api/v2/drafts/${String(draft.draftID)}`, `/api/v2/drafts/${String(draft.draftID)}/edit`]) {
      const denied = await inject(fx.t, other, { method: 'GET', url });
      assert.equal(denied.statusCode, 403);
      const body = denied.json() as ErrorBody;
      assert.equal(body.message, 'Permission Problem');
      assert.deepEqual(body.permissions, ['community.moderate']);
    }
    const moderator = await asModerator(fx.t);
    assert.equal((await inject(fx.t, moderator, { method: 'GET', url: `/api/v2/drafts/${String(draft.draftID)}` })).statusCode, 200);

    const missing = await inject(fx.t, author, { method: 'GET', url: '/api/v2/drafts/999999' });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Draft not found.');
    const huge = await inject(fx.t, author, { method: 'GET', url: '/api/v2/drafts/99999999999' });
    assert.equal(huge.statusCode, 404);
    assert.equal((huge.json() as ErrorBody).message, 'Draft not found.');
  });

  test('guests get 403 on every call; banned users 401 "You are banned."', async () => {
    const guest = await asGuest(fx.t);
    for (const [method, url] of [
      ['GET', '/api/v2/drafts'],
      ['POST', '/api/v2/drafts'],
    ] as const) {
      const response = await inject(fx.t, guest, { method, url, payload: { recordType: 'comment', attributes: {} } });
      assert.equal(response.statusCode, 403, url);
    }
    const banned = await sessionFor(fx.t, await createUser(fx.t, { banned: true }));
    const refused = await inject(fx.t, banned, { method: 'GET', url: '/api/v2/drafts' });
    assert.equal(refused.statusCode, 401);
    assert.equal((refused.json() as ErrorBody).message, 'You are banned.');
  });

  test('POST /drafts: bad input answers the contract error shape (dotted fields, 400/422, never 5xx)', async () => {
    const member = await asMember(fx.t);
    const cases: { payload: unknown; status: number; field: string; code: string }[] = [
      { payload: { attributes: {} }, status: 400, field: 'recordType', code: 'missingField' },
      { payload: { recordType: 'poll', attributes: {} }, status: 422, field: 'recordType', code: 'invalid' },
      { payload: { recordType: 'comment' }, status: 400, field: 'attributes', code: 'missingField' },
      { payload: { recordType: 'comment', attributes: { body: 'x'.repeat(200_001) } }, status: 422, field: 'attributes.body', code: 'maxLength' },
      { payload: { recordType: 'comment', attributes: { draftMeta: { name: 5 } } }, status: 422, field: 'attributes.draftMeta.name', code: 'invalid' },
      { payload: { recordType: 'comment', attributes: {}, recordID: 1e20 }, status: 422, field: 'recordID', code: 'maximum' },
      { payload: { recordType: 'comment', attributes: {}, draftStatus: 'scheduled', dateScheduled: 'tomorrow' }, status: 422, field: 'dateScheduled', code: 'invalid' },
      { payload: { recordType: 'comment', attributes: {}, dateScheduled: '2030-02-30T10:00:00Z' }, status: 422, field: 'dateScheduled', code: 'invalid' },
    ];
    for (const { payload, status, field, code } of cases) {
      const response = await inject(fx.t, member, { method: 'POST', url: '/api/v2/drafts', payload: payload as Record<string, unknown> });
      assert.equal(response.statusCode, status, `${JSON.stringify(payload).slice(0, 80)}: ${response.body.slice(0, 300)}`);
      const body = response.json() as ErrorBody;
      assert.equal(body.message, 'Validation Failed');
      const error = body.errors?.find((item) => item.field === field);
      assert.ok(error, `an error on ${field}: ${response.body.slice(0, 300)}`);
      assert.equal(error.code, code);
    }
    const tooBig = await inject(fx.t, member, {
      method: 'POST',
      url: '/api/v2/drafts',
      payload: { recordType: 'comment', attributes: { notes: 'y'.repeat(260_000) } },
    });
    assert.equal(tooBig.statusCode, 422);
    assert.equal((tooBig.json() as ErrorBody).errors?.[0]?.field, 'attributes');
  });

  test('POST /drafts: a recordID of a missing discussion or comment is 404', async () => {
    const member = await asMember(fx.t);
    const missingDiscussion = await inject(fx.t, member, {
      method: 'POST',
      url: '/api/v2/drafts',
      payload: { recordType: 'discussion', recordID: 987654, attributes: {} },
    });
    assert.equal(missingDiscussion.statusCode, 404);
    assert.equal((missingDiscussion.json() as ErrorBody).message, 'Discussion not found.');
    const missingComment = await inject(fx.t, member, {
      method: 'POST',
      url: '/api/v2/drafts',
      payload: { recordType: 'comment', recordID: 987654, attributes: {} },
    });
    assert.equal(missingComment.statusCode, 404);
    assert.equal((missingComment.json() as ErrorBody).message, 'Comment not found.');
  });

  test('PATCH /drafts/{id}: partial update sets updateUserID and dateUpdated; others 403; missing 404', async () => {
    const author = await asMember(fx.t);
    const draft = await makeDraft(fx.t, author, { recordType: 'comment', parentRecordID: 3, attributes: { body: 'one' } });
    const patched = await inject(fx.t, author, {
      method: 'PATCH',
      url: `/api/v2/drafts/${String(draft.draftID)}`,
      payload: { attributes: { body: 'one two', format: 'markdown' } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const body = patched.json() as Draft;
    assert.equal(body.attributes.body, 'one two');
    assert.equal(body.attributes.format, 'markdown');
    assert.equal(body.parentRecordID, 3, 'untouched fields stay');
    assert.equal(body.updateUserID, author.user.userID);

    const other = await asMember(fx.t);
    const denied = await inject(fx.t, other, { method: 'PATCH', url: `/api/v2/drafts/${String(draft.draftID)}`, payload: { attributes: {} } });
    assert.equal(denied.statusCode, 403);
    const missing = await inject(fx.t, author, { method: 'PATCH', url: '/api/v2/drafts/999999', payload: { attributes: {} } });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Draft not found.');
    const bad = await inject(fx.t, author, { method: 'PATCH', url: `/api/v2/drafts/${String(draft.draftID)}`, payload: { recordType: 7 } });
    assert.equal(bad.statusCode, 422);
  });

  test('DELETE /drafts/{id}: 204, then 404; another member 403; a moderator may', async () => {
    const author = await asMember(fx.t);
    const first = await makeDraft(fx.t, author, { recordType: 'comment', attributes: { body: 'bye' } });
    const other = await asMember(fx.t);
    assert.equal((await inject(fx.t, other, { method: 'DELETE', url: `/api/v2/drafts/${String(first.draftID)}` })).statusCode, 403);
    const deleted = await inject(fx.t, author, { method: 'DELETE', url: `/api/v2/drafts/${String(first.draftID)}` });
    assert.equal(deleted.statusCode, 204);
    assert.equal((await inject(fx.t, author, { method: 'DELETE', url: `/api/v2/drafts/${String(first.draftID)}` })).statusCode, 404);
    const second = await makeDraft(fx.t, author, { recordType: 'comment', attributes: { body: 'mod' } });
    const moderator = await asModerator(fx.t);
    assert.equal((await inject(fx.t, moderator, { method: 'DELETE', url: `/api/v2/drafts/${String(second.draftID)}` })).statusCode, 204);
  });

  test('GET /drafts: own drafts only, filters, sorts, numbered pager headers', async () => {
    const author = await asMember(fx.t);
    const other = await asMember(fx.t);
    await makeDraft(fx.t, other, { recordType: 'comment', attributes: { body: 'not yours' } });
    const a = await makeDraft(fx.t, author, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 11, attributes: { body: 'a' } });
    const b = await makeDraft(fx.t, author, { recordType: 'discussion', attributes: discussionAttributes(fx.category.categoryID, 'B') });
    const c = await makeDraft(fx.t, author, { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: 12, attributes: { body: 'c' } });

    const all = await listDraftsOf(fx.t, author);
    assert.deepEqual(all.drafts.map((draft) => draft.draftID), [c.draftID, b.draftID, a.draftID], 'newest update first');
    assert.equal(all.response.headers['x-app-page-result-count'], '3');
    assert.equal(all.response.headers['x-app-page-current'], '1');
    assert.equal(all.response.headers['x-app-page-limit'], '30');

    const oldest = await listDraftsOf(fx.t, author, '?sort=dateInserted&limit=2');
    assert.deepEqual(oldest.drafts.map((draft) => draft.draftID), [a.draftID, b.draftID]);
    assert.match(String(oldest.response.headers['x-app-page-next-url']), /page=2/);
    const page2 = await listDraftsOf(fx.t, author, '?sort=dateInserted&limit=2&page=2');
    assert.deepEqual(page2.drafts.map((draft) => draft.draftID), [c.draftID]);

    assert.deepEqual((await listDraftsOf(fx.t, author, '?recordType=discussion')).drafts.map((d) => d.draftID), [b.draftID]);
    assert.deepEqual((await listDraftsOf(fx.t, author, '?parentRecordType=discussion&parentRecordID=12')).drafts.map((d) => d.draftID), [c.draftID]);
    assert.deepEqual((await listDraftsOf(fx.t, author, '?draftStatus=scheduled')).drafts, []);
    assert.equal((await listDraftsOf(fx.t, author, '?draftStatus=0')).drafts.length, 3);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await listDraftsOf(fx.t, author, `?dateUpdated=${today}`)).drafts.length, 3);
    assert.equal((await listDraftsOf(fx.t, author, '?dateUpdated=<2000-01-01')).drafts.length, 0);

    for (const query of ['?dateUpdated=yesterday', '?sort=name', '?limit=501', '?page=0', '?draftStatus=5']) {
      const response = await inject(fx.t, author, { method: 'GET', url: `/api/v2/drafts${query}` });
      assert.equal(response.statusCode, 422, query);
    }
  });

  test('GET /drafts: name, excerpt, editUrl, breadCrumbs, permaLink, failedReason; hidden targets lend nothing', async () => {
    const author = await asMember(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, name: 'Tea time' });
    const newDiscussion = await makeDraft(fx.t, author, {
      recordType: 'discussion',
      attributes: discussionAttributes(fx.category.categoryID, 'My topic', 'First words of a long story.'),
    });
    const reply = await makeDraft(fx.t, author, {
      recordType: 'comment',
      parentRecordType: 'discussion',
      parentRecordID: discussion.discussionID,
      attributes: { body: rich2('A reply in progress'), format: 'rich2' },
    });
    const published = await makeComment(fx.t, { discussionID: discussion.discussionID, as: author });
    const edit = await makeDraft(fx.t, author, {
      recordType: 'comment',
      recordID: published.commentID,
      parentRecordType: 'discussion',
      parentRecordID: discussion.discussionID,
      attributes: { body: rich2('A better wording'), format: 'rich2' },
    });
    const hidden = await makeHiddenCategory(fx.t);
    const secret = await makeDiscussion(fx.t, { categoryID: hidden.categoryID, name: 'Secret plans' });
    const hiddenReply = await makeDraft(fx.t, author, {
      recordType: 'comment',
      parentRecordType: 'discussion',
      parentRecordID: secret.discussionID,
      attributes: { body: 'text', format: 'text' },
    });
    const { drafts } = await listDraftsOf(fx.t, author);
    const byID = new Map(drafts.map((draft) => [draft.draftID, draft]));

    const topic = byID.get(newDiscussion.draftID);
    assert.equal(topic?.name, 'My topic');
    assert.equal(topic.excerpt, 'First words of a long story.');
    assert.equal(topic.editUrl, `http://hearth.test/post/editdiscussion/0/${String(newDiscussion.draftID)}`);
    assert.equal(topic.permaLink, null);
    assert.equal(topic.failedReason, null);
    assert.equal(topic.breadCrumbs?.at(-1)?.name, fx.category.name);

    const comment = byID.get(reply.draftID);
    assert.equal(comment?.name, 'Tea time');
    assert.equal(comment.excerpt, 'A reply in progress');
    assert.match(String(comment.permaLink), new RegExp(`/discussion/${String(discussion.discussionID)}/tea-time$`));
    assert.equal(comment.editUrl, comment.permaLink);

    // Issue 16: an edit of a comment links to the comment's page with its edit editor open.
    const commentEdit = byID.get(edit.draftID);
    const id = String(published.commentID);
    assert.equal(commentEdit?.name, 'Tea time');
    assert.equal(commentEdit.permaLink, `http://hearth.test/discussion/comment/${id}#Comment_${id}`);
    assert.equal(commentEdit.editUrl, `http://hearth.test/discussion/comment/${id}?editComment=${id}#Comment_${id}`);

    const secretDraft = byID.get(hiddenReply.draftID);
    assert.equal(secretDraft?.name, null, 'a hidden discussion lends no name');
    assert.equal(secretDraft.breadCrumbs, null);
    assert.equal(secretDraft.permaLink, null);
    assert.equal(JSON.stringify(drafts).includes('Secret plans'), false);
  });

  test('posting with draftID deletes the draft (discussion, comment, edits); another member’s draft stays', async () => {
    const author = await asMember(fx.t);
    const other = await asMember(fx.t);
    const newTopic = await makeDraft(fx.t, author, { recordType: 'discussion', attributes: discussionAttributes(fx.category.categoryID) });
    const foreign = await makeDraft(fx.t, other, { recordType: 'comment', attributes: { body: 'theirs' } });
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: author, draftID: newTopic.draftID });
    const replyDraft = await makeDraft(fx.t, author, { recordType: 'comment', parentRecordID: discussion.discussionID, attributes: { body: 'r' } });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: author });
    const posted = await inject(fx.t, author, {
      method: 'POST',
      url: '/api/v2/comments',
      payload: { body: rich2('posted'), format: 'rich2', discussionID: discussion.discussionID, draftID: replyDraft.draftID },
    });
    assert.equal(posted.statusCode, 201, posted.body);
    const editTopic = await makeDraft(fx.t, author, { recordType: 'discussion', recordID: discussion.discussionID, attributes: { body: 'edit' } });
    const edited = await inject(fx.t, author, {
      method: 'PATCH',
      url: `/api/v2/discussions/${String(discussion.discussionID)}`,
      payload: { name: 'Renamed', draftID: editTopic.draftID },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const editComment = await makeDraft(fx.t, author, { recordType: 'comment', recordID: comment.commentID, attributes: { body: 'e' } });
    const commentEdited = await inject(fx.t, author, {
      method: 'PATCH',
      url: `/api/v2/comments/${String(comment.commentID)}`,
      payload: { body: rich2('changed'), format: 'rich2', draftID: editComment.draftID },
    });
    assert.equal(commentEdited.statusCode, 200, commentEdited.body);
    const withForeign = await inject(fx.t, author, {
      method: 'POST',
      url: '/api/v2/comments',
      payload: { body: rich2('x'), format: 'rich2', discussionID: discussion.discussionID, draftID: foreign.draftID },
    });
    assert.equal(withForeign.statusCode, 201);

    for (const draft of [newTopic, replyDraft, editTopic, editComment]) {
      const response = await inject(fx.t, author, { method: 'GET', url: `/api/v2/drafts/${String(draft.draftID)}` });
      assert.equal(response.statusCode, 404, `draft ${String(draft.draftID)} is gone`);
    }
    assert.equal((await inject(fx.t, other, { method: 'GET', url: `/api/v2/drafts/${String(foreign.draftID)}` })).statusCode, 200);
  });

  test('GET /users/me-counts counts the member’s drafts', async () => {
    const author = await asMember(fx.t);
    await makeDraft(fx.t, author, { recordType: 'comment', attributes: { body: '1' } });
    await makeDraft(fx.t, author, { recordType: 'comment', attributes: { body: '2' } });
    const counts = (await inject(fx.t, author, { method: 'GET', url: '/api/v2/users/me-counts' })).json() as MeCounts;
    assert.equal(counts.counts.find((item) => item.name === 'Drafts')?.count, 2);
  });
});
