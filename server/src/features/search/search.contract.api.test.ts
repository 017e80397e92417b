import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asMember, inject } from '../../../test/actors.ts';
import { factoryAdmin, makeCategory, makeComment, makeDiscussion, makeHiddenCategory, makeUser, roleIDOf } from '../../../test/factories.ts';
import { BOOTSTRAP_END, BOOTSTRAP_START, createPagesApp } from '../../../test/fake-web-build.ts';
import { createTestApp, testDialect } from '../../../test/harness.ts';
import type { SearchBootstrap } from '../../../../common/src/api/search.page.ts';
import { dialectOf } from '../../platform/db/dialect.ts';
import { searchEngineFor } from '../../platform/search/search-engines.ts';
import { parseSearchText } from '../../platform/search/search-text.ts';
import type { SearchRequest } from '../../platform/search/search-engine.ts';
import { keysOf, searchAs, uniqueWord, useSearchFixture } from './search.api-fixture.ts';

// api-contract §17, sentence by sentence (the filters' finer cases: search.api.test.ts).
describe(`GET /search, contract §17 word for word (${testDialect})`, () => {
  const fx = useSearchFixture();
  let t: typeof fx.t;
  before(() => {
    ({ t } = fx);
  });
  const d = (id: number): string => `discussion:${String(id)}`;
  const c = (id: number): string => `comment:${String(id)}`;

  test('"no top-level check": a guest searches; results the viewer may not see are never returned', async () => {
    const word = uniqueWord();
    const open = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `Open ${word}` });
    await makeDiscussion(t, { categoryID: (await makeHiddenCategory(t)).categoryID, name: `Hidden ${word}` });
    const answer = await searchAs(t, fx.guest, `query=${word}`);
    assert.deepEqual(keysOf(answer), [d(open.discussionID)]);
    assert.equal(answer.total, 1);
  });

  test('recordTypes[]: installed types only, else 422; types[] and postTypeID[] narrow to sub-types', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const question = await makeDiscussion(t, { categoryID: category.categoryID, name: `Q ${word}` });
    const typed = await inject(t, fx.admin, { method: 'PUT', url: `/api/v2/discussions/${String(question.discussionID)}/type`, payload: { type: 'question' } });
    assert.equal(typed.statusCode, 200, typed.body);
    const plain = await makeDiscussion(t, { categoryID: category.categoryID, name: `D ${word}` });
    for (const type of ['article', 'group', 'nosuch']) assert.equal((await searchAs(t, fx.member, `query=${word}&recordTypes=${type}`)).status, 422, type);
    assert.equal((await searchAs(t, fx.member, `query=${word}&recordTypes[]=discussion&recordTypes[]=user`)).status, 200);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&types[]=question`)), [d(question.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&types[]=discussion`)), [d(plain.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&postTypeID=question`)), [d(question.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&postTypeID=nosuchtype`)), []);
  });

  test('queryOperator: `and` by default, `or` finds either word', async () => {
    const [one, two] = [uniqueWord(), uniqueWord()];
    const category = await makeCategory(t);
    const both = await makeDiscussion(t, { categoryID: category.categoryID, name: `${one} ${two}` });
    const single = await makeDiscussion(t, { categoryID: category.categoryID, name: `${one} only` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${one}+${two}`)), [d(both.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${one}+${two}&queryOperator=or`)).sort(), [d(both.discussionID), d(single.discussionID)].sort());
  });

  test('discussion/comment scope: categoryID with includeChildCategories (default false)', async () => {
    const word = uniqueWord();
    const parent = await makeCategory(t);
    const child = await makeCategory(t, { parentCategoryID: parent.categoryID });
    const top = await makeDiscussion(t, { categoryID: parent.categoryID, name: `Top ${word}` });
    const below = await makeDiscussion(t, { categoryID: child.categoryID, name: `Below ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(parent.categoryID)}`)), [d(top.discussionID)]);
    const tree = keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(parent.categoryID)}&includeChildCategories=true`));
    assert.deepEqual(tree.sort(), [d(top.discussionID), d(below.discussionID)].sort());
  });

  test('tags[] takes tag names or url codes; tagOperator `or` (default) and `and`', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const makeTag = async (stem: string): Promise<{ tagID: number; name: string; urlcode: string }> => {
      const name = `${stem} ${uniqueWord()}`;
      const response = await inject(t, fx.admin, { method: 'POST', url: '/api/v2/tags', payload: { name, urlcode: uniqueWord('code') } });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as { tagID: number; name: string; urlcode: string };
    };
    const [red, blue] = [await makeTag('Red'), await makeTag('Blue')];
    const both = await makeDiscussion(t, { categoryID: category.categoryID, name: `B ${word}`, tagIDs: [red.tagID, blue.tagID] });
    const onlyRed = await makeDiscussion(t, { categoryID: category.categoryID, name: `R ${word}`, tagIDs: [red.tagID] });
    const byName = keysOf(await searchAs(t, fx.member, `query=${word}&tags[]=${encodeURIComponent(red.name)}`));
    assert.deepEqual(byName.sort(), [d(both.discussionID), d(onlyRed.discussionID)].sort());
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&tags[]=${red.urlcode}`)).sort(), byName);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&tags=${red.urlcode},${encodeURIComponent(blue.name)}&tagOperator=and`)), [d(both.discussionID)]);
  });

  test('authors: insertUserNames[], excludedInsertUserIDs[], included/excludedInsertUserRoleIDs[]', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const author = await asMember(t);
    const byMember = await makeDiscussion(t, { categoryID: category.categoryID, name: `M ${word}`, as: author });
    const byAdmin = await makeDiscussion(t, { categoryID: category.categoryID, name: `A ${word}` });
    const name = encodeURIComponent(author.user?.name ?? '');
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&insertUserNames[]=${name}`)), [d(byMember.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&excludedInsertUserIDs=${String(author.user?.userID)}`)), [d(byAdmin.discussionID)]);
    const memberRole = await roleIDOf(t, 'member');
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&includedInsertUserRoleIDs=${String(memberRole)}`)), [d(byMember.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&excludedInsertUserRoleIDs=${String(memberRole)}`)), [d(byAdmin.discussionID)]);
  });

  test('statusID[] filters discussions (comments pass); matchMode, cursor and the knowledge-base params are accepted', async () => {
    const word = uniqueWord();
    const discussion = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `S ${word}` });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `reply ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&statusID=0`)).sort(), [c(comment.commentID), d(discussion.discussionID)].sort());
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&statusID[]=7`)), [c(comment.commentID)]);
    const accepted = `query=${word}&matchMode=wildcard&cursor=abc&knowledgeBaseID=1&knowledgeCategoryIDs=1,2&locale=fr&featured=true&siteSectionGroup=x&siteSectionID=y&postMeta[a]=b`;
    assert.equal(keysOf(await searchAs(t, fx.member, accepted)).length, 2);
    assert.equal((await searchAs(t, fx.member, `query=${word}&matchMode=psychic`)).status, 422);
  });

  test('member search: e-mail domain, confirmation and last activity for those allowed, ignored for others', async () => {
    const stem = uniqueWord('member');
    const domain = `${uniqueWord('d')}.example`;
    const confirmed = await makeUser(t, { name: `${stem}One`, email: `${stem}1@${domain}` });
    const unconfirmed = await makeUser(t, { name: `${stem}Two`, email: `${stem}2@${domain}`, emailConfirmed: false });
    const both = [`user:${String(confirmed.userID)}`, `user:${String(unconfirmed.userID)}`].sort();
    const base = `query=${stem}&recordTypes=user`;
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `${base}&emailDomain=other.example`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `${base}&emailDomain[]=@${domain}`)).sort(), both);
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `${base}&emailConfirmed=false`)), [`user:${String(unconfirmed.userID)}`]);
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `${base}&dateLastActive=>2999-01-01`)), []);
    for (const ignored of ['emailDomain=other.example', 'emailConfirmed=false', 'dateLastActive=>2999-01-01'])
      assert.deepEqual(keysOf(await searchAs(t, fx.member, `${base}&${ignored}`)).sort(), both, ignored);
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `${base}&sort=-name`)), [`user:${String(unconfirmed.userID)}`, `user:${String(confirmed.userID)}`]);
    assert.deepEqual(keysOf(await searchAs(t, fx.moderator, `${base}&sort=userID`)), [`user:${String(confirmed.userID)}`, `user:${String(unconfirmed.userID)}`]);
    for (const sort of ['dateLastActive', '-dateLastActive', 'points', '-points', 'countPosts', '-countPosts', 'name', '-userID'])
      assert.equal(keysOf(await searchAs(t, fx.member, `${base}&sort=${sort}`)).length, 2, sort);
  });

  test('sort: relevance (default), dates, and score/hot for discussions', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const older = await makeDiscussion(t, { categoryID: category.categoryID, name: `Old ${word}` });
    const newer = await makeDiscussion(t, { categoryID: category.categoryID, name: `New ${word}` });
    const query = `query=${word}&recordTypes=discussion`;
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `${query}&sort=-dateInserted`)), [d(newer.discussionID), d(older.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `${query}&sort=dateInserted`)), [d(older.discussionID), d(newer.discussionID)]);
    for (const sort of ['relevance', 'dateUpdated', '-dateUpdated', 'score', '-score', 'hot', '-hot'])
      assert.equal(keysOf(await searchAs(t, fx.member, `${query}&sort=${sort}`)).length, 2, sort);
    assert.equal((await searchAs(t, fx.member, `${query}&sort=sideways`)).status, 422);
  });

  test('collapse: one result per discussion, its subqueryMatchCount the matches it stands for (default 1)', async () => {
    const word = uniqueWord();
    const discussion = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `C ${word}` });
    await makeComment(t, { discussionID: discussion.discussionID, text: `one ${word}` });
    await makeComment(t, { discussionID: discussion.discussionID, text: `two ${word}` });
    const flat = await searchAs(t, fx.member, `query=${word}`);
    assert.deepEqual(flat.results.map((result) => result.subqueryMatchCount), [1, 1, 1]);
    const collapsed = await searchAs(t, fx.member, `query=${word}&collapse=true`);
    assert.equal(collapsed.total, 1);
    assert.equal(collapsed.results[0]?.subqueryMatchCount, 3);
  });

  test('limit: default 10, max 100; page ≥ 1; the numbered pager and x-search-powered-by', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    for (let index = 0; index < 11; index += 1) await makeDiscussion(t, { categoryID: category.categoryID, name: `P${String(index)} ${word}` });
    const response = await inject(t, fx.guest, { method: 'GET', url: `/api/v2/search?query=${word}` });
    assert.equal(response.statusCode, 200);
    assert.ok(Array.isArray(response.json()));
    assert.equal((response.json() as unknown[]).length, 10);
    assert.equal(response.headers['x-app-page-limit'], '10');
    assert.equal(response.headers['x-app-page-result-count'], '11');
    assert.match(String(response.headers['x-app-page-last-url']), /page=2/);
    assert.match(String(response.headers['x-search-powered-by']), /^(sqlite-fts5|postgresql-fts)$/);
    assert.equal((await searchAs(t, fx.guest, `query=${word}&limit=100`)).results.length, 11);
    assert.equal((await searchAs(t, fx.guest, `query=${word}&limit=101`)).status, 422);
    assert.equal((await searchAs(t, fx.guest, `query=${word}&page=0`)).status, 422);
  });

  test('result items: the contract fields, labelCodes Closed/Announcement, counts; a comment carries discussionID', async () => {
    const word = uniqueWord();
    const discussion = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `Item ${word}`, closed: true, pinned: true });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `reply ${word}` });
    const answer = await searchAs(t, fx.member, `query=${word}`);
    const post = answer.results.find((result) => result.recordType === 'discussion');
    const reply = answer.results.find((result) => result.recordType === 'comment');
    assert.ok(post && reply);
    for (const result of [post, reply]) {
      assert.equal(result.isForeign, false);
      assert.equal(result.subqueryMatchCount, 1);
      assert.equal(typeof result.searchScore, 'number');
      assert.equal(result.format, 'rich2');
      assert.match(result.dateInserted ?? '', /\+00:00$/);
      assert.equal(result.categoryID, discussion.categoryID);
    }
    assert.equal(post.type, 'discussion');
    assert.deepEqual(post.labelCodes, ['Closed', 'Announcement']);
    assert.deepEqual(post.counts, [{ labelCode: 'comments', count: 1 }, { labelCode: 'views', count: discussion.countViews ?? 0 }]);
    assert.equal(reply.type, 'comment');
    assert.equal(reply.recordID, comment.commentID);
    assert.equal(reply.discussionID, discussion.discussionID);
  });

  test('URLs carry UTM parameters when a query was given', async () => {
    const word = uniqueWord();
    const discussion = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `Utm ${word}` });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `reply ${word}` });
    const answer = await searchAs(t, fx.member, `query=${word}+reply&queryOperator=or`);
    const utm = `utm_source=community-search&utm_medium=organic-search&utm_term=${word}+reply`;
    const urlOf = (key: string): string => answer.results.find((result) => `${result.recordType}:${String(result.recordID)}` === key)?.url ?? '';
    assert.match(urlOf(d(discussion.discussionID)), new RegExp(`/discussion/${String(discussion.discussionID)}/[^?]*\\?${utm.replace(/\+/g, '\\+')}$`));
    assert.ok(urlOf(c(comment.commentID)).endsWith(`/discussion/comment/${String(comment.commentID)}?${utm}#Comment_${String(comment.commentID)}`));
    const byName = await searchAs(t, fx.member, `name=${word}`);
    assert.doesNotMatch(byName.results[0]?.url ?? 'utm_', /utm_/);
  });

  test('expand: insertUser, updateUser, breadcrumbs, image, excerpt, -body, tagIDs, all', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const tag = (await inject(t, fx.admin, { method: 'POST', url: '/api/v2/tags', payload: { name: uniqueWord('tag') } })).json() as { tagID: number };
    const body = `Look ${word}: ![A picture](https://cdn.example/${word}.png)`;
    await makeDiscussion(t, { categoryID: category.categoryID, name: `Img ${word}`, body, format: 'markdown', tagIDs: [tag.tagID] });
    const plain = (await searchAs(t, fx.member, `query=${word}`)).results[0];
    assert.ok(plain?.body?.includes('<img'));
    for (const field of ['insertUser', 'updateUser', 'breadcrumbs', 'image', 'excerpt', 'tagIDs'] as const) assert.equal(plain?.[field], undefined, field);
    const all = (await searchAs(t, fx.member, `query=${word}&expand=all`)).results[0];
    assert.equal(all?.insertUser?.userID, all?.insertUserID);
    assert.equal(all?.updateUser, null);
    assert.deepEqual(all?.breadcrumbs?.map((crumb) => crumb.name), ['Home', category.name]);
    assert.deepEqual(all?.image, { url: `https://cdn.example/${word}.png`, alt: 'A picture' });
    assert.match(all?.excerpt ?? '', new RegExp(`<mark>${word}</mark>`));
    assert.deepEqual(all?.tagIDs, [tag.tagID]);
    const lean = (await searchAs(t, fx.member, `query=${word}&expand[]=image&expand[]=-body`)).results[0];
    assert.equal(lean?.body, undefined);
    assert.equal(lean?.image && typeof lean.image === 'object' ? lean.image.alt : '', 'A picture');
  });

  test('includeTypeaheads matches the last word as a prefix; includeResults=false answers no results', async () => {
    const word = uniqueWord();
    const discussion = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `Typeahead ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word.slice(0, -2)}`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word.slice(0, -2)}&includeTypeaheads=true`)), [d(discussion.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&includeResults=false`)), []);
  });

  test('search-syntax characters in query are matched as text or ignored, never an error', async () => {
    const word = uniqueWord();
    const discussion = await makeDiscussion(t, { categoryID: (await makeCategory(t)).categoryID, name: `Syntax ${word}` });
    for (const query of [`"${word}`, `${word}*`, `-${word}`, `(${word}`, `${word} OR`, `name:${word}`, `${word} NEAR/2 x`, '"', '*', '()', "'", '\\'])
      assert.equal((await searchAs(t, fx.member, `query=${encodeURIComponent(query)}`)).status, 200, query);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${encodeURIComponent(`"${word}" (`)}`)), [d(discussion.discussionID)]);
  });

  test('never served from a shared cache: a guest sees a new, an edited and a deleted post in the next answer, API and page', async () => {
    const cached = await createTestApp({ GUEST_CACHE_SECONDS: '60' });
    const pages = await createPagesApp(cached);
    try {
      // Writes go through the page-serving app, whose guest cache they empty (one process).
      const site = { ...cached, app: pages.app };
      const word = uniqueWord();
      const category = await makeCategory(site);
      const page = async (): Promise<{ ids: number[]; cache: unknown }> => {
        const response = await pages.app.inject({ method: 'GET', url: `/search?query=${word}` });
        assert.equal(response.statusCode, 200);
        const start = response.body.indexOf(BOOTSTRAP_START) + BOOTSTRAP_START.length;
        const bootstrap = JSON.parse(response.body.slice(start, response.body.indexOf(BOOTSTRAP_END))) as { search?: SearchBootstrap };
        return { ids: (bootstrap.search?.results ?? []).map((result) => result.recordID), cache: response.headers['x-hearth-cache'] };
      };
      const api = async (): Promise<string[]> => keysOf(await searchAs(site, null, `query=${word}`));
      assert.deepEqual((await page()).ids, []);
      assert.deepEqual(await page(), { ids: [], cache: 'hit' });
      assert.deepEqual(await api(), []);
      const first = await makeDiscussion(site, { categoryID: category.categoryID, name: `First ${word}` });
      assert.deepEqual((await page()).ids, [first.discussionID]);
      assert.deepEqual(await api(), [d(first.discussionID)]);
      const response = await inject(site, null, { method: 'GET', url: `/api/v2/search?query=${word}` });
      assert.equal(response.headers['x-hearth-cache'], undefined);
      const other = await makeDiscussion(site, { categoryID: category.categoryID, name: 'Unrelated title' });
      assert.deepEqual((await page()).ids, [first.discussionID]);
      assert.deepEqual(await page(), { ids: [first.discussionID], cache: 'hit' });
      const patched = await inject(site, await factoryAdmin(site), {
        method: 'PATCH',
        url: `/api/v2/discussions/${String(other.discussionID)}`,
        payload: { name: `Renamed ${word}` },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.deepEqual((await page()).ids.sort(), [first.discussionID, other.discussionID].sort());
      assert.deepEqual((await api()).sort(), [d(first.discussionID), d(other.discussionID)].sort());
      assert.equal((await page()).cache, 'hit');
      const removed = await inject(site, await factoryAdmin(site), { method: 'DELETE', url: `/api/v2/discussions/${String(first.discussionID)}` });
      assert.equal(removed.statusCode, 204, removed.body);
      assert.deepEqual((await page()).ids, [other.discussionID]);
      assert.deepEqual(await api(), [d(other.discussionID)]);
    } finally {
      await pages.close();
      await cached.close();
    }
  });

  test('bounded candidates: the total is exact under the cap and the cap past it; the pager ends there', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await makeDiscussion(t, { categoryID: category.categoryID, name: `Cap${String(index)} ${word}` })).discussionID);
    const engine = searchEngineFor(dialectOf(t.db));
    const request = (cap: number, offset = 0): SearchRequest => ({
      text: parseSearchText(word), name: null, operator: 'and', prefixLast: false, recordTypes: new Set(['discussion', 'comment']),
      visiblePermissionCategoryIDs: undefined, includeChildCategories: false, excludeArchivedCategories: true, tagOperator: 'or',
      users: { includeBanned: false, onlyBanned: false }, sort: '-dateInserted', collapse: false, cap, limit: 2, offset, now: new Date().toISOString(),
    });
    assert.equal((await engine.search(t.db, request(5))).total, 5);
    assert.equal((await engine.search(t.db, request(10))).total, 5);
    const capped = await engine.search(t.db, request(3));
    assert.equal(capped.total, 3);
    // The newest candidates, newest first; the last page holds what is left under the cap.
    assert.deepEqual(capped.hits.map((hit) => hit.recordID), [ids[4], ids[3]]);
    assert.deepEqual((await engine.search(t.db, request(3, 2))).hits.map((hit) => hit.recordID), [ids[2]]);
    const past = await engine.search(t.db, request(3, 4));
    assert.deepEqual([past.hits.length, past.total], [0, 3]);
  });
});
