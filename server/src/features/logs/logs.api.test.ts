import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import {
  makeActors,
  makeCategory,
  makeComment,
  makeDiscussion,
  makeRole,
  rich2,
  type ErrorBody,
} from '../../../test/factories.ts';
import type { LogEntry } from '../../../../common/src/api/logs.ts';

// Issue 17, api-contract §27.6: the change log (revisions, deleted content, bans).

describe(`logs API (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const category = await makeCategory(t);
    const other = await makeCategory(t);
    const role = await makeRole(t);
    const moderated = await makeCategory(t, {
      customPermissions: true,
      permissions: [{ roleID: role.roleID, permissions: { 'discussions.view': true, 'posts.moderate': true } }],
    });
    const categoryModerator = await asMember(t, { roleIDs: [role.roleID] });
    return { ...actors, category, other, moderated, categoryModerator };
  });

  const get = (actor: TestActor | null, url: string) => inject(fx.t, actor, { method: 'GET', url });
  const restore = (actor: TestActor | null, logID: number) =>
    inject(fx.t, actor, { method: 'POST', url: `/api/v2/logs/${String(logID)}/restore` });
  const patch = (actor: TestActor | null, url: string, payload: Record<string, unknown>) =>
    inject(fx.t, actor, { method: 'PATCH', url, payload });

  async function categoryCounts(categoryID: number): Promise<{ countDiscussions: number; countComments: number }> {
    const response = await get(fx.admin, `/api/v2/categories/${String(categoryID)}`);
    assert.equal(response.statusCode, 200, response.body);
    const { countDiscussions, countComments } = response.json() as { countDiscussions: number; countComments: number };
    return { countDiscussions, countComments };
  }

  test('a discussion edit keeps the earlier version; moderators read it, members and the author get 403', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: fx.member, name: 'First title' });
    const url = `/api/v2/discussions/${String(discussion.discussionID)}`;
    assert.equal((await patch(fx.member, url, { name: 'Second title' })).statusCode, 200);
    // A flag-only change is not a revision.
    assert.equal((await patch(fx.moderator, url, { closed: true })).statusCode, 200);

    const list = `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}`;
    const response = await get(fx.moderator, list);
    assert.equal(response.statusCode, 200, response.body);
    const entries = response.json() as LogEntry[];
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.ok(entry);
    assert.equal(entry.operation, 'edit');
    assert.equal(entry.recordType, 'discussion');
    assert.equal(entry.recordID, discussion.discussionID);
    assert.equal(entry.recordUserID, (fx.member.user as TestUser).userID);
    assert.equal(entry.insertUserID, (fx.member.user as TestUser).userID);
    assert.equal(entry.insertUser.name, (fx.member.user as TestUser).name);
    assert.equal(entry.categoryID, fx.category.categoryID);
    assert.equal(entry.data.name, 'First title');
    assert.equal(entry.data.format, 'rich2');
    assert.equal(response.headers['x-app-page-result-count'], '1');

    for (const actor of [fx.member, fx.guest]) {
      const refused = await get(actor, list);
      assert.equal(refused.statusCode, 403, refused.body);
      const body = refused.json() as ErrorBody;
      assert.equal(body.message, 'Permission Problem');
      assert.deepEqual(body.permissions, ['posts.moderate', 'community.moderate']);
    }
    assert.equal((await get(fx.member, `/api/v2/logs/${String(entry.logID)}`)).statusCode, 403);
    const one = await get(fx.moderator, `/api/v2/logs/${String(entry.logID)}`);
    assert.equal(one.statusCode, 200, one.body);
    assert.equal((one.json() as LogEntry).data.name, 'First title');
  });

  test('restoring an edit puts the version back and logs the replaced one', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, name: 'Version one' });
    const url = `/api/v2/discussions/${String(discussion.discussionID)}`;
    assert.equal((await patch(fx.admin, url, { name: 'Version two', body: rich2('Second body.'), format: 'rich2' })).statusCode, 200);
    const list = `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}&operation=edit`;
    const [entry] = (await get(fx.moderator, list)).json() as LogEntry[];
    assert.ok(entry);

    assert.equal((await restore(fx.member, entry.logID)).statusCode, 403);
    const restored = await restore(fx.moderator, entry.logID);
    assert.equal(restored.statusCode, 200, restored.body);
    const body = restored.json() as { discussionID: number; name: string };
    assert.equal(body.discussionID, discussion.discussionID);
    assert.equal(body.name, 'Version one');
    const live = (await get(fx.admin, url)).json() as { name: string; body: string };
    assert.equal(live.name, 'Version one');
    assert.match(live.body, /Opening post/);

    const after = (await get(fx.moderator, list)).json() as LogEntry[];
    assert.equal(after.length, 2);
    assert.equal(after[0]?.data.name, 'Version two');
    assert.equal(after[0]?.insertUserID, (fx.moderator.user as TestUser).userID);
  });

  test('a comment edit is logged with its discussion as parentRecordID; restore brings the body back', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member, text: 'Before edit.' });
    const url = `/api/v2/comments/${String(comment.commentID)}`;
    assert.equal((await patch(fx.member, url, { body: rich2('After edit.'), format: 'rich2' })).statusCode, 200);
    const response = await get(fx.moderator, `/api/v2/logs?recordType=comment&recordID=${String(comment.commentID)}`);
    assert.equal(response.statusCode, 200, response.body);
    const [entry] = response.json() as LogEntry[];
    assert.ok(entry);
    assert.equal(entry.operation, 'edit');
    assert.equal(entry.parentRecordID, discussion.discussionID);
    assert.match(String(entry.data.body), /Before edit/);
    const restored = await restore(fx.moderator, entry.logID);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((restored.json() as { commentID: number }).commentID, comment.commentID);
    assert.match((restored.json() as { body: string }).body, /Before edit/);
  });

  test('deleted comments are listed for the discussion and restored with their counters', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member, text: 'Removed then back.' });
    const before = await categoryCounts(fx.category.categoryID);
    const removed = await inject(fx.t, fx.moderator, { method: 'DELETE', url: `/api/v2/comments/${String(comment.commentID)}` });
    assert.equal(removed.statusCode, 204, removed.body);
    assert.equal((await categoryCounts(fx.category.categoryID)).countComments, before.countComments - 1);

    const list = `/api/v2/logs?recordType=comment&parentRecordID=${String(discussion.discussionID)}&operation=delete`;
    const response = await get(fx.moderator, list);
    assert.equal(response.statusCode, 200, response.body);
    const entries = response.json() as LogEntry[];
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.ok(entry);
    assert.equal(entry.operation, 'delete');
    assert.equal(entry.recordID, comment.commentID);
    assert.equal(entry.insertUserID, (fx.moderator.user as TestUser).userID);
    assert.match(String(entry.data.body), /Removed then back/);

    const restored = await restore(fx.moderator, entry.logID);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((restored.json() as { commentID: number }).commentID, comment.commentID);
    const read = await get(fx.member, `/api/v2/comments/${String(comment.commentID)}`);
    assert.equal(read.statusCode, 200, read.body);
    assert.match((read.json() as { body: string }).body, /Removed then back/);
    const live = (await get(fx.admin, `/api/v2/discussions/${String(discussion.discussionID)}`)).json() as { countComments: number };
    assert.equal(live.countComments, 2);
    assert.deepEqual(await categoryCounts(fx.category.categoryID), before);
    assert.equal(((await get(fx.moderator, list)).json() as LogEntry[]).length, 0, 'the entry is removed');
    assert.equal((await get(fx.moderator, `/api/v2/logs/${String(entry.logID)}`)).statusCode, 404);
  });

  test('a deleted discussion comes back with its comments and counters', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.other.categoryID, as: fx.member, name: 'Gone for a while' });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.moderator });
    const before = await categoryCounts(fx.other.categoryID);
    const removed = await inject(fx.t, fx.moderator, { method: 'DELETE', url: `/api/v2/discussions/${String(discussion.discussionID)}` });
    assert.equal(removed.statusCode, 204, removed.body);
    assert.deepEqual(await categoryCounts(fx.other.categoryID), {
      countDiscussions: before.countDiscussions - 1,
      countComments: before.countComments - 1,
    });
    const list = `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}&operation=delete`;
    const [entry] = (await get(fx.moderator, list)).json() as LogEntry[];
    assert.ok(entry);
    assert.equal(entry.data.name, 'Gone for a while');
    assert.equal((entry.data.comments as unknown[]).length, 1);

    const restored = await restore(fx.moderator, entry.logID);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((restored.json() as { name: string }).name, 'Gone for a while');
    assert.equal((await get(fx.member, `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 200);
    assert.deepEqual(await categoryCounts(fx.other.categoryID), before);
    assert.equal((await restore(fx.moderator, entry.logID)).statusCode, 404, 'the entry is gone');
  });

  test('a comment whose discussion is gone answers 409', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member });
    assert.equal((await inject(fx.t, fx.moderator, { method: 'DELETE', url: `/api/v2/comments/${String(comment.commentID)}` })).statusCode, 204);
    assert.equal((await inject(fx.t, fx.moderator, { method: 'DELETE', url: `/api/v2/discussions/${String(discussion.discussionID)}` })).statusCode, 204);
    const [entry] = (await get(fx.moderator, `/api/v2/logs?recordType=comment&recordID=${String(comment.commentID)}`)).json() as LogEntry[];
    assert.ok(entry);
    const refused = await restore(fx.moderator, entry.logID);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal((refused.json() as ErrorBody).message, 'The discussion of this comment no longer exists.');
  });

  test('ban entries: listed with users.edit or community.moderate, never restored (400)', async () => {
    const target = await asMember(fx.t);
    const userID = (target.user as TestUser).userID;
    const ban = await inject(fx.t, fx.admin, { method: 'PUT', url: `/api/v2/users/${String(userID)}/ban`, payload: { banned: true, reason: 'Spam links' } });
    assert.equal(ban.statusCode, 200, ban.body);
    const list = `/api/v2/logs?recordType=user&recordID=${String(userID)}`;
    const response = await get(fx.moderator, list);
    assert.equal(response.statusCode, 200, response.body);
    const [entry] = response.json() as LogEntry[];
    assert.ok(entry);
    assert.equal(entry.operation, 'ban');
    assert.deepEqual(entry.data, { userID, name: (target.user as TestUser).name, banned: 1, reason: 'Spam links' });
    const memberRefused = await get(fx.member, list);
    assert.equal(memberRefused.statusCode, 403);
    assert.deepEqual((memberRefused.json() as ErrorBody).permissions, ['community.moderate', 'users.edit']);
    const refused = await restore(fx.moderator, entry.logID);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal((refused.json() as ErrorBody).message, 'Only deleted or edited records can be restored.');
  });

  test('a category moderator reads and restores in their category only', async () => {
    const mine = await makeDiscussion(fx.t, { categoryID: fx.moderated.categoryID, name: 'Mine v1' });
    const theirs = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, name: 'Theirs v1' });
    assert.equal((await patch(fx.admin, `/api/v2/discussions/${String(mine.discussionID)}`, { name: 'Mine v2' })).statusCode, 200);
    assert.equal((await patch(fx.admin, `/api/v2/discussions/${String(theirs.discussionID)}`, { name: 'Theirs v2' })).statusCode, 200);

    const own = await get(fx.categoryModerator, `/api/v2/logs?recordType=discussion&recordID=${String(mine.discussionID)}`);
    assert.equal(own.statusCode, 200, own.body);
    const [entry] = own.json() as LogEntry[];
    assert.ok(entry);
    assert.equal((await get(fx.categoryModerator, `/api/v2/logs?recordType=discussion&recordID=${String(theirs.discussionID)}`)).statusCode, 403);
    assert.equal((await get(fx.categoryModerator, '/api/v2/logs?recordType=discussion&operation=edit')).statusCode, 403);
    const restored = await restore(fx.categoryModerator, entry.logID);
    assert.equal(restored.statusCode, 200, restored.body);
    const [theirEntry] = (await get(fx.moderator, `/api/v2/logs?recordType=discussion&recordID=${String(theirs.discussionID)}`)).json() as LogEntry[];
    assert.ok(theirEntry);
    assert.equal((await restore(fx.categoryModerator, theirEntry.logID)).statusCode, 403);
  });

  test('bad input: no narrowing filter 400, bad recordType or operation 422, missing entry 404', async () => {
    const none = await get(fx.moderator, '/api/v2/logs?recordType=discussion');
    assert.equal(none.statusCode, 400, none.body);
    const body = none.json() as ErrorBody;
    assert.equal(body.status, 400);
    assert.deepEqual(
      body.errors?.map(({ field, code, status }) => ({ field, code, status })),
      [{ field: '', code: 'missingField', status: 400 }],
    );
    const badType = await get(fx.moderator, '/api/v2/logs?recordType=tag&recordID=1');
    assert.equal(badType.statusCode, 422, badType.body);
    assert.equal((badType.json() as ErrorBody).errors?.[0]?.field, 'recordType');
    const badOperation = await get(fx.moderator, '/api/v2/logs?recordType=comment&operation=spam');
    assert.equal(badOperation.statusCode, 422, badOperation.body);
    assert.equal((badOperation.json() as ErrorBody).errors?.[0]?.field, 'operation.0');
    const missing = await get(fx.moderator, '/api/v2/logs/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Log not found.');
    assert.equal((await restore(fx.moderator, 999999)).statusCode, 404);
    assert.equal((await get(fx.moderator, '/api/v2/logs/99999999999')).statusCode, 404);
  });
});
