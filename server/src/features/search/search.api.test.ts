import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inject } from '../../../test/actors.ts';
import {
  makeCategory,
  makeComment,
  makeDiscussion,
  makeHiddenCategory,
  makeUser,
  rich2,
  roleIDOf,
  type ErrorBody,
} from '../../../test/factories.ts';
import { testDialect } from '../../../test/harness.ts';
import { keysOf, searchAs, uniqueWord, useSearchFixture } from './search.api-fixture.ts';

describe(`GET /search: filters and permissions (${testDialect})`, () => {
  const fx = useSearchFixture();
  let t: typeof fx.t;
  before(() => {
    ({ t } = fx);
  });

  test('finds discussions and comments by words, with paging headers and the engine header', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, {
      categoryID: category.categoryID,
      name: `About ${word} gardens`,
      body: rich2('Roses and tulips.'),
    });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `I like ${word} too.` });
    const direct = await inject(t, fx.guest, { method: 'GET', url: `/api/v2/search?query=${word}&limit=1` });
    assert.equal(direct.headers['x-app-page-limit'], '1');
    assert.match(String(direct.headers['x-app-page-next-url']), /page=2/);
    const answer = await searchAs(t, fx.guest, `query=${word}`);
    assert.deepEqual(keysOf(answer).sort(), [`comment:${String(comment.commentID)}`, `discussion:${String(discussion.discussionID)}`].sort());
    assert.equal(answer.total, 2);
    assert.match(answer.poweredBy ?? '', /fts/);
    const found = answer.results.find((result) => result.recordType === 'discussion');
    assert.equal(found?.name, `About ${word} gardens`);
    assert.match(found?.url ?? '', /\/discussion\/\d+\//);
    assert.equal(found?.categoryID, category.categoryID);
    assert.match(found?.dateInserted ?? '', /\+00:00$/);
    const reply = answer.results.find((result) => result.recordType === 'comment');
    assert.equal(reply?.name, `Re: About ${word} gardens`);
    assert.equal(reply?.discussionID, discussion.discussionID);
    assert.match(reply?.url ?? '', new RegExp(`/discussion/comment/${String(comment.commentID)}`));
  });

  test('and/or: queryOperator=or finds either word, and (default) needs both', async () => {
    const one = uniqueWord();
    const two = uniqueWord();
    const category = await makeCategory(t);
    const both = await makeDiscussion(t, { categoryID: category.categoryID, name: `${one} ${two}` });
    const onlyOne = await makeDiscussion(t, { categoryID: category.categoryID, name: `${one} alone` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${one}%20${two}`)), [`discussion:${String(both.discussionID)}`]);
    const either = keysOf(await searchAs(t, fx.member, `query=${one}%20${two}&queryOperator=or`));
    assert.deepEqual(either.sort(), [`discussion:${String(both.discussionID)}`, `discussion:${String(onlyOne.discussionID)}`].sort());
    // The result with both words ranks first.
    assert.equal(either[0], `discussion:${String(both.discussionID)}`);
  });

  test('name searches titles only', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const titled = await makeDiscussion(t, { categoryID: category.categoryID, name: `Title ${word}` });
    await makeDiscussion(t, { categoryID: category.categoryID, name: 'Plain title', body: rich2(`Body ${word}.`) });
    await makeComment(t, { discussionID: titled.discussionID, text: `Comment ${word}.` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `name=${word}`)), [`discussion:${String(titled.discussionID)}`]);
  });

  test('an admin finds posts of a hidden category that a member and a guest never see, nor count', async () => {
    const word = uniqueWord();
    const hidden = await makeHiddenCategory(t);
    const open = await makeCategory(t);
    const secret = await makeDiscussion(t, { categoryID: hidden.categoryID, name: `Secret ${word}` });
    await makeComment(t, { discussionID: secret.discussionID, text: `Hidden reply ${word}` });
    const visible = await makeDiscussion(t, { categoryID: open.categoryID, name: `Open ${word}` });
    const asAdmin = await searchAs(t, fx.admin, `query=${word}`);
    assert.equal(asAdmin.total, 3);
    for (const actor of [fx.member, fx.guest]) {
      const answer = await searchAs(t, actor, `query=${word}`);
      assert.deepEqual(keysOf(answer), [`discussion:${String(visible.discussionID)}`]);
      assert.equal(answer.total, 1);
    }
    // Asking for the hidden category by ID finds nothing either.
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(hidden.categoryID)}`)), []);
  });

  test('categoryID and includeChildCategories; categoryIDs[]', async () => {
    const word = uniqueWord();
    const parent = await makeCategory(t);
    const child = await makeCategory(t, { parentCategoryID: parent.categoryID });
    const other = await makeCategory(t);
    const inParent = await makeDiscussion(t, { categoryID: parent.categoryID, name: `P ${word}` });
    const inChild = await makeDiscussion(t, { categoryID: child.categoryID, name: `C ${word}` });
    const inOther = await makeDiscussion(t, { categoryID: other.categoryID, name: `O ${word}` });
    const key = (id: number): string => `discussion:${String(id)}`;
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(parent.categoryID)}`)), [key(inParent.discussionID)]);
    assert.deepEqual(
      keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(parent.categoryID)}&includeChildCategories=true`)).sort(),
      [key(inParent.discussionID), key(inChild.discussionID)].sort(),
    );
    assert.deepEqual(
      keysOf(await searchAs(t, fx.member, `query=${word}&categoryIDs[]=${String(child.categoryID)}&categoryIDs[]=${String(other.categoryID)}`)).sort(),
      [key(inChild.discussionID), key(inOther.discussionID)].sort(),
    );
  });

  test('followedCategories: only the categories the viewer follows', async () => {
    const word = uniqueWord();
    const followed = await makeCategory(t);
    const notFollowed = await makeCategory(t);
    const inFollowed = await makeDiscussion(t, { categoryID: followed.categoryID, name: `F ${word}` });
    await makeDiscussion(t, { categoryID: notFollowed.categoryID, name: `N ${word}` });
    const member = fx.member;
    const follow = await inject(t, member, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(followed.categoryID)}/preferences/${String(member.user?.userID ?? 0)}`,
      payload: { 'preferences.followed': true },
    });
    assert.equal(follow.statusCode, 200, follow.body);
    assert.deepEqual(keysOf(await searchAs(t, member, `query=${word}&followedCategories=true`)), [`discussion:${String(inFollowed.discussionID)}`]);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${word}&followedCategories=true`)), []);
  });

  test('authors: insertUserIDs, insertUserNames, excludedInsertUserIDs, author roles', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const byMember = await makeDiscussion(t, { categoryID: category.categoryID, name: `M ${word}`, as: fx.member });
    const byAdmin = await makeDiscussion(t, { categoryID: category.categoryID, name: `A ${word}` });
    const memberID = String(fx.member.user?.userID ?? 0);
    const memberName = encodeURIComponent(fx.member.user?.name ?? '');
    const m = `discussion:${String(byMember.discussionID)}`;
    const a = `discussion:${String(byAdmin.discussionID)}`;
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${word}&insertUserIDs=${memberID}`)), [m]);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${word}&insertUserNames[]=${memberName}`)), [m]);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${word}&excludedInsertUserIDs=${memberID}`)), [a]);
    const adminRole = await roleIDOf(t, 'administrator');
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${word}&includedInsertUserRoleIDs=${String(adminRole)}`)), [a]);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${word}&excludedInsertUserRoleIDs=${String(adminRole)}`)), [m]);
  });

  test('dateInserted and dateUpdated date filters', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `D ${word}` });
    const day = (discussion.dateInserted ?? '').slice(0, 10);
    const key = [`discussion:${String(discussion.discussionID)}`];
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&dateInserted=${day}`)), key);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&dateInserted=%3E${day}`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&dateInserted=[2000-01-01,${day}]`)), key);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&dateUpdated=%3C2000-01-01`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&dateUpdated=%3E%3D2000-01-01`)), key);
  });

  test('tags with tagOperator or/and', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const makeTag = async (name: string): Promise<number> => {
      const response = await inject(t, fx.admin, { method: 'POST', url: '/api/v2/tags', payload: { name } });
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as { tagID: number }).tagID;
    };
    const red = uniqueWord('red');
    const blue = uniqueWord('blue');
    const redID = await makeTag(red);
    const blueID = await makeTag(blue);
    const both = await makeDiscussion(t, { categoryID: category.categoryID, name: `B ${word}`, tagIDs: [redID, blueID] });
    const onlyRed = await makeDiscussion(t, { categoryID: category.categoryID, name: `R ${word}`, tagIDs: [redID] });
    await makeDiscussion(t, { categoryID: category.categoryID, name: `N ${word}` });
    const b = `discussion:${String(both.discussionID)}`;
    const r = `discussion:${String(onlyRed.discussionID)}`;
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&tags[]=${red}&recordTypes=discussion`)).sort(), [b, r].sort());
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&tags[]=${red}&tags[]=${blue}&tagOperator=and`)), [b]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&tags=nosuchtag`)), []);
  });

  test('recordTypes and types; discussionID; collapse', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `T ${word}` });
    const first = await makeComment(t, { discussionID: discussion.discussionID, text: `one ${word}` });
    await makeComment(t, { discussionID: discussion.discussionID, text: `two ${word}` });
    const other = await makeDiscussion(t, { categoryID: category.categoryID, name: `Other ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&recordTypes=discussion`)).length, 2);
    assert.equal(keysOf(await searchAs(t, fx.member, `query=${word}&types[]=comment`)).length, 2);
    assert.equal(keysOf(await searchAs(t, fx.member, `query=${word}&types[]=question`)).length, 0);
    const inOne = await searchAs(t, fx.member, `query=${word}&discussionID=${String(discussion.discussionID)}`);
    assert.equal(inOne.total, 3);
    assert.ok(!keysOf(inOne).includes(`discussion:${String(other.discussionID)}`));
    const collapsed = await searchAs(t, fx.member, `query=${word}&collapse=true`);
    assert.equal(collapsed.total, 2);
    assert.ok(keysOf(collapsed).includes(`discussion:${String(other.discussionID)}`));
    assert.ok(!keysOf(collapsed).includes(`comment:${String(first.commentID)}`) || !keysOf(collapsed).includes(`discussion:${String(discussion.discussionID)}`));
  });

  test('sort by dates and paging: limit default 10, max 100, pages stay full', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1)
      ids.push((await makeDiscussion(t, { categoryID: category.categoryID, name: `S${String(index)} ${word}` })).discussionID);
    const first = await searchAs(t, fx.member, `query=${word}&sort=-dateInserted`);
    assert.equal(first.results.length, 10);
    assert.equal(first.total, 12);
    const second = await searchAs(t, fx.member, `query=${word}&sort=-dateInserted&page=2`);
    assert.equal(second.results.length, 2);
    const all = [...keysOf(first), ...keysOf(second)];
    assert.deepEqual(all, [...ids].reverse().map((id) => `discussion:${String(id)}`));
    const ascending = await searchAs(t, fx.member, `query=${word}&sort=dateInserted&limit=3`);
    assert.deepEqual(keysOf(ascending), ids.slice(0, 3).map((id) => `discussion:${String(id)}`));
    const tooMany = await searchAs(t, fx.member, `query=${word}&limit=101`);
    assert.equal(tooMany.status, 422);
  });

  test('expand: insertUser, breadcrumbs, excerpt with the matched words marked, -body', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    await makeDiscussion(t, {
      categoryID: category.categoryID,
      name: 'Expansions',
      body: rich2(`Before the <b> tag comes ${word} and after.`),
    });
    const plain = (await searchAs(t, fx.member, `query=${word}`)).results[0];
    assert.ok(plain?.body !== undefined);
    assert.equal(plain.insertUser, undefined);
    const expanded = (await searchAs(t, fx.member, `query=${word}&expand=insertUser,breadcrumbs,excerpt,-body`)).results[0];
    assert.equal(expanded?.body, undefined);
    assert.equal(expanded?.insertUser?.userID, expanded?.insertUserID);
    assert.deepEqual(expanded?.breadcrumbs?.map((crumb) => crumb.name), ['Home', category.name]);
    assert.equal(expanded?.excerpt, `Before the &lt;b&gt; tag comes <mark>${word}</mark> and after.`);
  });

  test('member search: users by name; e-mail and banned filters need moderation rights', async () => {
    const word = uniqueWord('member');
    const user = await makeUser(t, { name: `${word}Smith` });
    const answer = await searchAs(t, fx.member, `query=${word}&recordTypes=user`);
    assert.deepEqual(keysOf(answer), [`user:${String(user.userID)}`]);
    assert.match(answer.results[0]?.url ?? '', /\/profile\//);
    const denied = await searchAs(t, fx.member, `recordTypes=user&email=${encodeURIComponent(user.email ?? 'x')}`);
    assert.equal(denied.status, 403);
    assert.equal((JSON.parse(denied.body) as ErrorBody).message, 'Permission Problem');
    assert.equal((await searchAs(t, fx.member, `recordTypes=user&onlyBanned=true`)).status, 403);
    const byEmail = await searchAs(t, fx.admin, `recordTypes=user&email=${encodeURIComponent(user.email ?? 'x')}`);
    assert.deepEqual(keysOf(byEmail), [`user:${String(user.userID)}`]);
    const ban = await inject(t, fx.admin, { method: 'PUT', url: `/api/v2/users/${String(user.userID)}/ban`, payload: { banned: true } });
    assert.equal(ban.statusCode, 200, ban.body);
    assert.deepEqual(keysOf(await searchAs(t, fx.admin, `query=${word}&recordTypes=user`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.admin, `query=${word}&recordTypes=user&onlyBanned=true`)), [`user:${String(user.userID)}`]);
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `query=${word}&recordTypes=user&includeBanned=true`)), [`user:${String(user.userID)}`]);
  });

  test('categories by name, visible ones only', async () => {
    const word = uniqueWord('cat');
    const open = await makeCategory(t, { name: `Open ${word}` });
    await makeHiddenCategory(t, { name: `Hidden ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&recordTypes=category`)), [`category:${String(open.categoryID)}`]);
    assert.equal(keysOf(await searchAs(t, fx.admin, `query=${word}&recordTypes=category`)).length, 2);
  });
});
