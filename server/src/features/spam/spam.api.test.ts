import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report } from '../../../../common/src/api/reports.ts';
import { sessionFor, TEST_PASSWORD, uniqueIP, uniqueName, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeActors, makeCategory, makeDiscussion, makeRole } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { callAs, configure } from '../reports/reports.test-support.ts';

// Issue 17: the rules that hold back new, untrusted accounts (api-contract §27.2, §27.5
// `spam-automation`), and what still applies to vouched-for accounts.

/** Registers through `POST /users/register` (confirmation off) and signs the new member in. */
async function register(t: TestApp): Promise<TestActor<TestUser>> {
  const name = uniqueName('reg');
  const email = `${name.toLowerCase()}@example.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/users/register',
    headers: { 'x-forwarded-for': uniqueIP() },
    payload: { name, email, password: TEST_PASSWORD },
  });
  assert.equal(response.statusCode, 201, response.body);
  const { userID } = response.json() as { userID: number };
  return sessionFor(t, { userID, name, email, password: TEST_PASSWORD, roleIDs: [] });
}

describe(`spam rules (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    await configure(t, actors.admin, { 'registration.confirmEmail': false });
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'A place to talk' });
    return { ...actors, category, discussion };
  });
  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);

  const links = (count: number) =>
    Array.from({ length: count }, (_, index) => `https://spam${String(index)}.example/buy`).join(' and ');

  async function postDiscussion(actor: TestActor, text: string, name = 'Hello there') {
    return call(actor, 'POST', '/api/v2/discussions', { name, body: text, format: 'markdown', categoryID: fx.category.categoryID });
  }

  async function postComment(actor: TestActor, text: string) {
    return call(actor, 'POST', '/api/v2/comments', {
      body: text,
      format: 'markdown',
      parentRecordType: 'discussion',
      parentRecordID: fx.discussion.discussionID,
    });
  }

  /** The queue entry of a held post, read by a moderator. */
  async function queued(response: { statusCode: number; body: string; json: () => unknown }): Promise<Report> {
    assert.equal(response.statusCode, 202, response.body);
    const { reportID } = response.json() as { reportID: number };
    const entry = await call(fx.moderator, 'GET', `/api/v2/reports/${String(reportID)}`);
    assert.equal(entry.statusCode, 200, entry.body);
    return entry.json() as Report;
  }

  async function approve(reportID: number, verifyRecordUser = false): Promise<void> {
    const response = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(reportID)}/approve-record`, { verifyRecordUser });
    assert.equal(response.statusCode, 200, response.body);
  }

  test('the settings: defaults for moderators, hidden from members, community.manage writes, bad values 422', async () => {
    const keys = 'spam.firstPosts.count,spam.links.maxUntrusted,spam.trusted.postCount';
    const read = await call(fx.moderator, 'GET', `/api/v2/config?select=${keys}`);
    assert.deepEqual(read.json(), { 'spam.firstPosts.count': 1, 'spam.links.maxUntrusted': 2, 'spam.trusted.postCount': 5 });
    const asMember = (await call(fx.member, 'GET', `/api/v2/config?select=${keys}`)).json() as Record<string, unknown>;
    assert.deepEqual(asMember, {});
    assert.equal((await call(fx.member, 'PATCH', '/api/v2/config', { 'spam.links.maxUntrusted': 9 })).statusCode, 403);
    const bad = await call(fx.admin, 'PATCH', '/api/v2/config', { 'spam.firstPosts.count': -1 });
    assert.equal(bad.statusCode, 422, bad.body);
  });

  test('a self-registered member’s first post waits as spam-automation; once one is accepted, the next is published', async () => {
    const author = await register(fx.t);
    const entry = await queued(await postDiscussion(author, 'My very first words'));
    assert.deepEqual(entry.reasons.map((reason) => reason.reportReasonID), ['spam-automation']);
    assert.equal(entry.isPending, true);
    assert.equal(entry.recordUserID, author.user.userID);
    assert.match(entry.noteHtml ?? '', /first posts of a new account/);
    assert.equal((await call(author, 'GET', `/api/v2/discussions/${String(entry.recordID)}`)).statusCode, 404);
    const queue = (await call(fx.moderator, 'GET', '/api/v2/reports?reportReasonID=spam-automation&limit=500')).json() as Report[];
    assert.ok(queue.some((item) => item.reportID === entry.reportID), 'the queue lists it');

    // While the first waits, nothing is accepted yet: a comment waits too.
    const second = await queued(await postComment(author, 'Still new here'));
    assert.deepEqual(second.reasons.map((reason) => reason.reportReasonID), ['spam-automation']);

    await approve(entry.reportID);
    const published = await postComment(author, 'Now I am in');
    assert.equal(published.statusCode, 201, published.body);
  });

  test('until trusted, a post with more links than spam.links.maxUntrusted waits; at the limit it is published', async () => {
    const author = await register(fx.t);
    await approve((await queued(await postDiscussion(author, 'Hello all'))).reportID);

    const held = await queued(await postComment(author, `Look: ${links(3)}`));
    assert.deepEqual(held.reasons.map((reason) => reason.reportReasonID), ['spam-automation']);
    assert.match(held.noteHtml ?? '', /Too many links for an untrusted account: 3 \(at most 2\)/);
    assert.equal((await postComment(author, `Two are fine: ${links(2)}`)).statusCode, 201);
    const titled = await postDiscussion(author, `[one](https://a.example) [two](https://b.example)`, 'See https://c.example');
    assert.equal(titled.statusCode, 202, 'links in the title count too');
    const mentions = await postComment(author, `@${fx.member.user.name} [here](/discussions) ${links(2)}`);
    assert.equal(mentions.statusCode, 201, 'mentions and links within the site do not count');

    // An edit that adds links waits like a new post; the live version stays.
    const comment = (await postComment(author, 'Plain words')).json() as { commentID: number };
    const edited = await call(author, 'PATCH', `/api/v2/comments/${String(comment.commentID)}`, { body: `Now ${links(4)}`, format: 'markdown' });
    assert.equal(edited.statusCode, 202, edited.body);

    // Trusted after spam.trusted.postCount accepted posts: no link limit.
    await configure(fx.t, fx.admin, { 'spam.trusted.postCount': 3 });
    try {
      assert.equal((await postComment(author, `Trusted now: ${links(5)}`)).statusCode, 201);
    } finally {
      await configure(fx.t, fx.admin, { 'spam.trusted.postCount': 5 });
    }
  });

  test('spam.firstPosts.count 0 lets new accounts post at once; the link limit still applies', async () => {
    await configure(fx.t, fx.admin, { 'spam.firstPosts.count': 0 });
    try {
      const author = await register(fx.t);
      assert.equal((await postComment(author, 'Hi')).statusCode, 201);
      assert.equal((await postComment(author, links(3))).statusCode, 202);
    } finally {
      await configure(fx.t, fx.admin, { 'spam.firstPosts.count': 1 });
    }
  });

  test('vouched-for accounts skip the spam rules: created by an administrator, verified, or staff', async () => {
    const name = uniqueName('made');
    const created = await call(fx.admin, 'POST', '/api/v2/users', { name, email: `${name}@example.test`, password: TEST_PASSWORD, sendWelcomeEmail: false });
    assert.equal(created.statusCode, 201, created.body);
    const made = await sessionFor(fx.t, { userID: (created.json() as { userID: number }).userID, name, email: `${name}@example.test`, password: TEST_PASSWORD, roleIDs: [] });
    assert.equal((await postDiscussion(made, `First post with ${links(4)}`)).statusCode, 201);

    const verified = await register(fx.t);
    await approve((await queued(await postComment(verified, 'Please let me in'))).reportID, true);
    assert.equal((await postComment(verified, links(6))).statusCode, 201, 'verifyRecordUser vouches for the author');

    const promoted = await register(fx.t);
    const role = await makeRole(fx.t, { globalPermissions: ['community.moderate'] });
    const memberRole = await fx.t.db.selectFrom('roles').select('roleID').where('type', '=', 'member').executeTakeFirstOrThrow();
    const patched = await call(fx.admin, 'PATCH', `/api/v2/users/${String(promoted.user.userID)}`, { roleID: [memberRole.roleID, role.roleID] });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal((await postComment(promoted, `A moderator’s first post: ${links(3)}`)).statusCode, 201);

    const categoryModeratorRole = await makeRole(fx.t);
    const elsewhere = await makeCategory(fx.t, {
      customPermissions: true,
      permissions: [{ roleID: categoryModeratorRole.roleID, permissions: { 'discussions.view': true, 'posts.moderate': true } }],
    });
    assert.ok(elsewhere.categoryID > 0);
    const categoryModerator = await register(fx.t);
    await call(fx.admin, 'PATCH', `/api/v2/users/${String(categoryModerator.user.userID)}`, { roleID: [memberRole.roleID, categoryModeratorRole.roleID] });
    assert.equal((await postComment(categoryModerator, 'Staff anywhere are not held')).statusCode, 201);
  });

  test('vouched-for accounts still meet approval.require, category and keyword premoderation (approval-required)', async () => {
    const admin = fx.admin;
    const name = uniqueName('made');
    const created = await call(admin, 'POST', '/api/v2/users', { name, email: `${name}@example.test`, password: TEST_PASSWORD, sendWelcomeEmail: false });
    const userID = (created.json() as { userID: number }).userID;
    const made = await sessionFor(fx.t, { userID, name, email: `${name}@example.test`, password: TEST_PASSWORD, roleIDs: [] });

    await configure(fx.t, admin, { 'premoderation.keywords': 'casino' });
    try {
      const entry = await queued(await postComment(made, 'Best casino in town'));
      assert.deepEqual(entry.reasons.map((reason) => reason.reportReasonID), ['approval-required']);
    } finally {
      await configure(fx.t, admin, { 'premoderation.keywords': '' });
    }

    await configure(fx.t, admin, { 'premoderation.comments': true, 'premoderation.categoryIDs': [fx.category.categoryID] });
    try {
      const entry = await queued(await postComment(made, 'In a premoderated category'));
      assert.deepEqual(entry.reasons.map((reason) => reason.reportReasonID), ['approval-required']);
    } finally {
      await configure(fx.t, admin, { 'premoderation.comments': false, 'premoderation.categoryIDs': [] });
    }

    const approvalRole = await makeRole(fx.t, { globalPermissions: ['approval.require'] });
    const memberRole = await fx.t.db.selectFrom('roles').select('roleID').where('type', '=', 'member').executeTakeFirstOrThrow();
    await call(admin, 'PATCH', `/api/v2/users/${String(userID)}`, { roleID: [memberRole.roleID, approvalRole.roleID] });
    const entry = await queued(await postComment(made, 'Held by my role'));
    assert.deepEqual(entry.reasons.map((reason) => reason.reportReasonID), ['approval-required']);
  });
});

describe(`registration honeypot (${testDialect})`, () => {
  const fx = useTestApp(async () => ({}));
  const registerWith = (payload: Record<string, unknown>) =>
    fx.t.app.inject({ method: 'POST', url: '/api/v2/users/register', headers: { 'x-forwarded-for': uniqueIP() }, payload });

  test('a filled honeypot (hpt) is refused with Vanilla’s message on the field, and no account is made', async () => {
    const name = uniqueName('bot');
    const response = await registerWith({ name, email: `${name}@example.test`, password: TEST_PASSWORD, hpt: 'http://spam.example' });
    assert.equal(response.statusCode, 400, response.body);
    const body = response.json() as { message: string; errors: { field: string; message: string; status: number }[] };
    assert.deepEqual(body.errors.map((error) => error.field), ['hpt']);
    assert.equal(
      body.errors[0]?.message,
      "You've filled our honeypot! We use honeypots to help prevent spam. If you're not a spammer or a bot, you should contact the application administrator for help.",
    );
    const row = await fx.t.db.selectFrom('users').select('userID').where('name', '=', name).executeTakeFirst();
    assert.equal(row, undefined);
    assert.equal(fx.t.mail.sent.some((mail) => mail.to === `${name}@example.test`), false, 'no confirmation e-mail');

    // The same person without the honeypot (or with it empty, as the form sends it) registers.
    const human = await registerWith({ name, email: `${name}@example.test`, password: TEST_PASSWORD, hpt: '' });
    assert.equal(human.statusCode, 201, human.body);
    const other = uniqueName('human');
    assert.equal((await registerWith({ name: other, email: `${other}@example.test`, password: TEST_PASSWORD })).statusCode, 201);
  });
});
