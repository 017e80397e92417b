import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Category } from '../../common/src/api/categories.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, asGuest, asMember, asModerator, inject, type TestActor } from './actors.ts';
import {
  createPlanInspector,
  createQueryCapture,
  isReadOnly,
  readsContentTables,
  type CapturedStatement,
  type PlanInspector,
  type PlanVerdict,
} from './query-capture.ts';
import { type ActorName, type Seed, endpoints } from './query-plans.endpoints.ts';

// Issue 4: every list and detail query must reach discussions and comments through an index.
// A realistic small forum is seeded through the API; then each read endpoint is called as a
// guest, a member and an administrator, the SELECTs it ran on discussions or comments are
// captured, and each one's plan is read with the same parameters: SQLite's EXPLAIN QUERY PLAN
// must show no bare `SCAN discussions|comments` (a SCAN … USING [COVERING] INDEX walks an index
// in order and passes), PostgreSQL's EXPLAIN (after ANALYZE, with enable_seqscan off) no
// `Seq Scan` on them. Writes (view counts on page hydrate) are not checked.

describe(`query plans of list and detail reads (${testDialect})`, () => {
  const capture = createQueryCapture();
  let t: TestApp;
  let inspector: PlanInspector;
  let actors: Record<ActorName, TestActor>;
  let seed: Seed;
  /** Plans already read, by SQL and parameters (many endpoints share statements). */
  const verdicts = new Map<string, Promise<PlanVerdict>>();

  const call = async (
    actor: TestActor,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: unknown,
  ) =>
    inject(t, actor, {
      method,
      url: `/api/v2${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const created = async <T>(actor: TestActor, url: string, payload: unknown): Promise<T> => {
    const response = await call(actor, 'POST', url, payload);
    assert.equal(response.statusCode, 201, `POST ${url}: ${response.body}`);
    return response.json() as T;
  };

  const verdictOf = (statement: CapturedStatement): Promise<PlanVerdict> => {
    const key = `${statement.sql}\n${JSON.stringify(statement.parameters)}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = inspector.inspect(statement);
      verdicts.set(key, verdict);
    }
    return verdict;
  };

  before(async () => {
    t = await createTestApp({}, { onQuery: capture.onQuery });
    const admin = await asAdmin(t);
    const moderator = await asModerator(t);
    const member = await asMember(t);
    actors = { guest: await asGuest(t), member, admin };

    const general = (
      await t.db
        .selectFrom('categories')
        .select('categoryID')
        .where('categoryID', '>', 0)
        .orderBy('categoryID')
        .executeTakeFirstOrThrow()
    ).categoryID;
    const roleIDOf = async (type: string): Promise<number> =>
      (
        await t.db
          .selectFrom('roles')
          .select('roleID')
          .where('type', '=', type)
          .executeTakeFirstOrThrow()
      ).roleID;
    const garden = await created<Category>(admin, '/categories', {
      name: 'Garden Talk',
      urlcode: 'garden-talk',
    });
    const seedlings = await created<Category>(admin, '/categories', {
      name: 'Seedlings',
      urlcode: 'seedlings',
      parentCategoryID: garden.categoryID,
    });
    const staff = await created<Category>(admin, '/categories', {
      name: 'Staff Room',
      urlcode: 'staff-room',
      customPermissions: true,
      permissions: [
        { roleID: await roleIDOf('member'), permissions: { 'discussions.view': false } },
        { roleID: await roleIDOf('guest'), permissions: { 'discussions.view': false } },
      ],
    });

    // Five discussions a page, so a tag's list has a page 2 for every actor (a page past the end
    // answers 404).
    const perPage = await call(admin, 'PATCH', '/config', { 'discussions.perPage': 5 });
    assert.equal(perPage.statusCode, 200, perPage.body);

    const tagIDs: number[] = [];
    for (const name of ['Tomatoes', 'Compost', 'Watering']) {
      tagIDs.push((await created<{ tagID: number }>(admin, '/tags', { name })).tagID);
    }

    // 40 discussions over four categories by two posters exempt from flood control, some tagged,
    // two announcements (one everywhere, one in its category).
    const categories = [general, garden.categoryID, seedlings.categoryID, staff.categoryID];
    const discussionIDs: number[] = [];
    const moderatorParticipated = new Set<number>();
    for (let index = 0; index < 40; index += 1) {
      const poster = index % 3 === 0 ? moderator : admin;
      const tags =
        index % 4 === 0 ? [tagIDs[index % 3]] : index % 5 === 0 ? [tagIDs[1], tagIDs[2]] : [];
      const discussion = await created<{ discussionID: number }>(poster, '/discussions', {
        name: `Discussion number ${String(index + 1)}`,
        body: `What do you think about topic ${String(index + 1)}?`,
        format: 'text',
        categoryID: categories[index % categories.length],
        ...(tags.length > 0 ? { tagIDs: tags } : {}),
        ...(index === 5 ? { pinned: true, pinLocation: 'recent' } : {}),
        ...(index === 8 ? { pinned: true, pinLocation: 'category' } : {}),
      });
      discussionIDs.push(discussion.discussionID);
      if (poster === moderator) moderatorParticipated.add(discussion.discussionID);
    }

    // The busy discussion: 60 top-level comments and replies up to depth 3.
    const busyID = discussionIDs[4] ?? 0;
    const busyComments: number[] = [];
    let parentCommentID = 0;
    let replyID = 0;
    for (let index = 0; index < 60; index += 1) {
      const poster = index % 2 === 0 ? admin : moderator;
      const parent =
        index % 4 === 1
          ? busyComments[index - 1]
          : index % 4 === 3
            ? busyComments[index - 1]
            : undefined;
      const comment = await created<{ commentID: number }>(poster, '/comments', {
        body: `Comment ${String(index + 1)} on the busy discussion`,
        format: 'text',
        discussionID: busyID,
        ...(parent === undefined ? {} : { parentCommentID: parent }),
      });
      busyComments.push(comment.commentID);
      if (poster === moderator) moderatorParticipated.add(busyID);
      if (index === 0) parentCommentID = comment.commentID;
      if (index === 1) replyID = comment.commentID;
    }
    // 90 more comments spread over every discussion.
    for (let index = 0; index < 90; index += 1) {
      const discussionID = discussionIDs[(index * 7) % discussionIDs.length] ?? busyID;
      const poster = index % 2 === 0 ? moderator : admin;
      await created(poster, '/comments', {
        body: `A remark ${String(index + 1)}`,
        format: 'text',
        discussionID,
      });
      if (poster === moderator) moderatorParticipated.add(discussionID);
    }
    // The member comments once too (participated), within flood limits.
    await created(member, '/comments', {
      body: 'Thanks, useful!',
      format: 'text',
      discussionID: discussionIDs[1],
    });

    // Reactions, bookmarks and a followed category.
    for (const [index, discussionID] of discussionIDs.slice(0, 12).entries()) {
      // Every fourth discussion is in the staff room, which members cannot see.
      const reactors = [
        ...(index % 4 === 3 ? [] : [member]),
        ...(index % 2 === 0 ? [moderator] : []),
      ];
      for (const actor of reactors) {
        const response = await call(
          actor,
          'POST',
          `/discussions/${String(discussionID)}/reactions`,
          {
            reactionType: index % 3 === 0 ? 'Like' : 'Insightful',
          },
        );
        assert.equal(response.statusCode, 201, response.body);
      }
    }
    for (const commentID of busyComments.slice(0, 15)) {
      const response = await call(member, 'POST', `/comments/${String(commentID)}/reactions`, {
        reactionType: 'Like',
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    for (const discussionID of [
      discussionIDs[0],
      discussionIDs[4],
      discussionIDs[9],
      discussionIDs[13],
      discussionIDs[22],
    ]) {
      for (const actor of [member, admin]) {
        const response = await call(actor, 'PUT', `/discussions/${String(discussionID)}/bookmark`, {
          bookmarked: true,
        });
        assert.equal(response.statusCode, 200, response.body);
      }
    }
    for (const actor of [member, admin]) {
      const response = await call(actor, 'PUT', `/categories/${String(garden.categoryID)}/follow`, {
        followed: true,
      });
      assert.equal(response.statusCode, 200, response.body);
    }

    seed = {
      general,
      garden,
      seedlings,
      staff,
      tagIDs,
      discussionIDs,
      busyID,
      parentCommentID,
      replyID,
      lateCommentID: busyComments[52] ?? 0,
      memberID: member.user.userID,
      moderatorID: moderator.user.userID,
      moderatorParticipated: [...moderatorParticipated].sort((a, b) => a - b),
    };
    inspector = await createPlanInspector(t);
  });

  after(async () => {
    await inspector.close();
    await t.close();
  });

  test('the plan check finds a full scan when no index serves a query', async () => {
    // Guards the check itself: a filter on an unindexed column must be reported on this database.
    const placeholder = testDialect === 'postgres' ? '$1' : '?';
    const unindexed = await inspector.inspect({
      sql: `select "discussionID" from "discussions" where "bodyPlainText" = ${placeholder}`,
      parameters: ['nothing'],
    });
    assert.equal(unindexed.fullScans.length, 1, unindexed.plan);
    const aliased = await inspector.inspect({
      sql: `select "c"."commentID" from "comments" as "c" where "c"."body" = ${placeholder}`,
      parameters: ['nothing'],
    });
    assert.equal(aliased.fullScans.length, 1, aliased.plan);
    const indexed = await inspector.inspect({
      sql: `select "discussionID" from "discussions" where "discussionID" = ${placeholder}`,
      parameters: [1],
    });
    assert.deepEqual(indexed.fullScans, [], indexed.plan);
  });

  test('participatedUserID lists the discussions a user started or commented in', async () => {
    // The filter is one IN over a UNION so both halves use their author index; it must still
    // mean "started it or commented in it".
    const idsOf = async (actor: TestActor, userID: number): Promise<number[]> => {
      const response = await call(
        actor,
        'GET',
        `/discussions?participatedUserID=${String(userID)}&limit=100`,
      );
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as { discussionID: number }[])
        .map((discussion) => discussion.discussionID)
        .sort((a, b) => a - b);
    };
    assert.deepEqual(await idsOf(actors.admin, seed.moderatorID), seed.moderatorParticipated);
    assert.ok(seed.moderatorParticipated.length < seed.discussionIDs.length);
    // The member started nothing and commented once.
    assert.deepEqual(await idsOf(actors.member, seed.memberID), [seed.discussionIDs[1]]);
  });

  for (const endpoint of endpoints) {
    test(`${endpoint.name} reads discussions and comments through indexes`, async () => {
      const problems: string[] = [];
      let inspected = 0;
      for (const actorName of endpoint.actors) {
        const url = endpoint.url(seed);
        const { value: response, statements } = await capture.record(() =>
          call(actors[actorName], 'GET', url),
        );
        assert.equal(response.statusCode, 200, `${actorName} GET ${url}: ${response.body}`);
        for (const statement of statements) {
          if (!isReadOnly(statement.sql) || !readsContentTables(statement.sql)) continue;
          inspected += 1;
          const verdict = await verdictOf(statement);
          if (verdict.fullScans.length === 0) continue;
          problems.push(
            [
              `${actorName} GET ${url}`,
              `  full scan: ${verdict.fullScans.join('; ')}`,
              `  SQL: ${statement.sql}`,
              `  parameters: ${JSON.stringify(statement.parameters)}`,
              `  plan:\n${verdict.plan.replace(/^/gm, '    ')}`,
            ].join('\n'),
          );
        }
      }
      if (endpoint.readsContent)
        assert.ok(inspected > 0, `${endpoint.name} ran no SELECT on discussions or comments`);
      if (problems.length > 0)
        assert.fail(`${String(problems.length)} full scan(s):\n${problems.join('\n\n')}`);
    });
  }
});
