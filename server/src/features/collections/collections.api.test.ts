import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inject, type TestActor } from '../../../test/actors.ts';
import {
  makeActors,
  makeCategory,
  makeDiscussion,
  makeHiddenCategory,
  type ErrorBody,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { createTestClock } from '../../../test/clock.ts';
import type {
  Collection,
  CollectionContent,
  CollectionSummary,
} from '../../../../common/src/api/collections.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';

describe(`collections API (${testDialect})`, () => {
  const clock = createTestClock();
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const category = await makeCategory(t);
    const hidden = await makeHiddenCategory(t, { hiddenFrom: ['member', 'guest', 'moderator'] });
    const one = await makeDiscussion(t, { categoryID: category.categoryID });
    const two = await makeDiscussion(t, { categoryID: category.categoryID });
    const secret = await makeDiscussion(t, { categoryID: hidden.categoryID });
    return { ...actors, category, hidden, one, two, secret };
  }, {}, { clock: clock.now });
  let sequence = 0;
  const unique = (prefix: string) => `${prefix} ${String(++sequence)}`;
  const call = (actor: TestActor | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    inject(fx.t, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  let one: Discussion;
  let two: Discussion;
  let category: Category;
  before(() => {
    ({ one, two, category } = fx);
  });
  const create = async (name: string, records: unknown[]): Promise<Collection> => {
    const response = await call(fx.admin, 'POST', '/api/v2/collections', { name, records });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Collection;
  };

  test('POST creates a collection with its records in order', async () => {
    const name = unique('Featured');
    const collection = await create(name, [
      { recordType: 'discussion', recordID: two.discussionID },
      { recordType: 'category', recordID: category.categoryID },
      { recordType: 'discussion', recordID: one.discussionID, sort: 9 },
    ]);
    assert.equal(collection.name, name);
    assert.equal(collection.updateUserID, null);
    assert.equal(collection.dateUpdated, null);
    assert.match(collection.dateInserted, /\+00:00$/);
    assert.deepEqual(
      collection.records.map((record) => [record.recordType, record.recordID, record.sort]),
      [
        ['discussion', two.discussionID, 0],
        ['category', category.categoryID, 1],
        ['discussion', one.discussionID, 9],
      ],
    );
    const read = await call(fx.admin, 'GET', `/api/v2/collections/${String(collection.collectionID)}`);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), collection);
  });

  test('a name in use, whatever its case, is 400 with the contract message', async () => {
    const name = unique('Staff picks');
    await create(name, [{ recordType: 'discussion', recordID: one.discussionID }]);
    const response = await call(fx.admin, 'POST', '/api/v2/collections', {
      name: name.toUpperCase(),
      records: [{ recordType: 'discussion', recordID: one.discussionID }],
    });
    assert.equal(response.statusCode, 400);
    const body = response.json() as ErrorBody;
    assert.equal(body.errors?.[0]?.field, 'name');
    assert.equal(body.errors?.[0]?.message, `A collection with the name ${name.toUpperCase()} already exists.`);
  });

  test('bad input: no records, more than 30, unknown type, missing record, empty name', async () => {
    const record = { recordType: 'discussion', recordID: one.discussionID };
    const cases: [unknown, number, string][] = [
      [{ name: unique('x'), records: [] }, 422, 'records'],
      [{ name: unique('x'), records: Array.from({ length: 31 }, () => record) }, 422, 'records'],
      [{ name: unique('x'), records: [{ recordType: 'poll', recordID: 1 }] }, 422, 'records.0.recordType'],
      [{ name: '', records: [record] }, 400, 'name'],
      [{ records: [record] }, 400, 'name'],
      [{ name: unique('x'), records: [{ recordType: 'discussion', recordID: 2_000_000 }] }, 400, 'records'],
      [{ name: unique('x'), records: [{ recordType: 'discussion', recordID: 99_999_999_999 }] }, 422, 'records.0.recordID'],
    ];
    for (const [payload, status, field] of cases) {
      const response = await call(fx.admin, 'POST', '/api/v2/collections', payload);
      assert.equal(response.statusCode, status, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`);
      assert.equal((response.json() as ErrorBody).errors?.[0]?.field, field);
    }
    const missing = await call(fx.admin, 'POST', '/api/v2/collections', {
      name: unique('x'),
      records: [{ recordType: 'discussion', recordID: 2_000_000 }],
    });
    assert.equal((missing.json() as ErrorBody).errors?.[0]?.message, 'The discussion 2000000 does not exist.');
  });

  test('every call is 403 without community.manage (member, moderator, guest)', async () => {
    const collection = await create(unique('Private'), [{ recordType: 'discussion', recordID: one.discussionID }]);
    const id = String(collection.collectionID);
    const calls: [('GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'), string, unknown?][] = [
      ['GET', '/api/v2/collections'],
      ['GET', `/api/v2/collections/${id}`],
      ['POST', '/api/v2/collections', { name: unique('x'), records: [{ recordType: 'discussion', recordID: one.discussionID }] }],
      ['PATCH', `/api/v2/collections/${id}`, { name: unique('y') }],
      ['DELETE', `/api/v2/collections/${id}`],
      ['GET', `/api/v2/collections/by-resource?recordType=discussion&recordID=${String(one.discussionID)}`],
      ['PUT', '/api/v2/collections/by-resource', { record: { recordType: 'discussion', recordID: one.discussionID }, collectionIDs: [] }],
      ['GET', '/api/v2/collections/contents/en'],
      ['GET', `/api/v2/collections/${id}/content/en`],
    ];
    for (const actor of [fx.member, fx.moderator, fx.guest]) {
      for (const [method, url, payload] of calls) {
        const response = await call(actor, method, url, payload);
        assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
        const body = response.json() as ErrorBody & { permissions?: string[] };
        assert.equal(body.message, 'Permission Problem');
        assert.deepEqual(body.permissions, ['community.manage']);
      }
    }
    assert.equal((await call(fx.admin, 'GET', `/api/v2/collections/${id}`)).statusCode, 200);
  });

  test('404 for an unknown or out-of-range collection', async () => {
    for (const id of ['987654', '99999999999']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await call(fx.admin, method, `/api/v2/collections/${id}`);
        assert.equal(response.statusCode, 404, response.body);
        assert.equal((response.json() as ErrorBody).message, 'Collection not found.');
      }
    }
    const patch = await call(fx.admin, 'PATCH', '/api/v2/collections/987654', { name: 'x' });
    assert.equal(patch.statusCode, 404);
  });

  test('PATCH renames and replaces the records (kept records keep their date); DELETE removes', async () => {
    const collection = await create(unique('Weekly'), [
      { recordType: 'discussion', recordID: one.discussionID },
      { recordType: 'discussion', recordID: two.discussionID },
    ]);
    const id = String(collection.collectionID);
    clock.advance(60_000);
    const name = unique('Weekly renamed');
    const response = await call(fx.admin, 'PATCH', `/api/v2/collections/${id}`, {
      name,
      records: [
        { recordType: 'discussion', recordID: two.discussionID },
        { recordType: 'category', recordID: category.categoryID },
      ],
    });
    assert.equal(response.statusCode, 200, response.body);
    const patched = response.json() as Collection;
    assert.equal(patched.name, name);
    assert.equal(patched.updateUserID, fx.admin.user.userID);
    assert.notEqual(patched.dateUpdated, null);
    assert.deepEqual(
      patched.records.map((record) => [record.recordType, record.recordID]),
      [
        ['discussion', two.discussionID],
        ['category', category.categoryID],
      ],
    );
    const kept = collection.records.find((record) => record.recordID === two.discussionID);
    assert.equal(patched.records[0]?.dateAddedToCollection, kept?.dateAddedToCollection);
    assert.notEqual(patched.records[1]?.dateAddedToCollection, kept?.dateAddedToCollection);

    const other = await create(unique('Other'), [{ recordType: 'discussion', recordID: one.discussionID }]);
    const clash = await call(fx.admin, 'PATCH', `/api/v2/collections/${id}`, { name: other.name });
    assert.equal(clash.statusCode, 400);

    assert.equal((await call(fx.admin, 'DELETE', `/api/v2/collections/${id}`)).statusCode, 204);
    assert.equal((await call(fx.admin, 'GET', `/api/v2/collections/${id}`)).statusCode, 404);
  });

  test('by-resource: PUT puts the record in exactly the listed collections; GET lists them', async () => {
    const a = await create(unique('A'), [{ recordType: 'discussion', recordID: one.discussionID }]);
    const b = await create(unique('B'), [{ recordType: 'discussion', recordID: one.discussionID }]);
    const c = await create(unique('C'), [{ recordType: 'category', recordID: category.categoryID }]);
    const record = { recordType: 'discussion', recordID: two.discussionID };
    const put = await call(fx.admin, 'PUT', '/api/v2/collections/by-resource', { record, collectionIDs: [a.collectionID, c.collectionID] });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(
      (put.json() as CollectionSummary[]).map((row) => row.collectionID),
      [a.collectionID, c.collectionID],
    );
    const moved = await call(fx.admin, 'PUT', '/api/v2/collections/by-resource', { record, collectionIDs: [b.collectionID] });
    assert.deepEqual(
      (moved.json() as CollectionSummary[]).map((row) => row.collectionID),
      [b.collectionID],
    );
    const get = await call(fx.admin, 'GET', `/api/v2/collections/by-resource?recordType=discussion&recordID=${String(two.discussionID)}`);
    assert.equal(get.statusCode, 200);
    assert.deepEqual((get.json() as CollectionSummary[]).map((row) => row.name), [b.name]);
    const aNow = (await call(fx.admin, 'GET', `/api/v2/collections/${String(a.collectionID)}`)).json() as Collection;
    assert.deepEqual(aNow.records.map((row) => row.recordID), [one.discussionID]);
    assert.equal(aNow.updateUserID, fx.admin.user.userID);

    const unknown = await call(fx.admin, 'PUT', '/api/v2/collections/by-resource', { record, collectionIDs: [987654] });
    assert.equal(unknown.statusCode, 404);
    assert.equal((unknown.json() as ErrorBody).message, 'Collection not found.');
    const noRecord = await call(fx.admin, 'PUT', '/api/v2/collections/by-resource', {
      record: { recordType: 'discussion', recordID: 2_000_000 },
      collectionIDs: [],
    });
    assert.equal(noRecord.statusCode, 400);
    const badQuery = await call(fx.admin, 'GET', '/api/v2/collections/by-resource?recordType=discussion');
    assert.ok([400, 422].includes(badQuery.statusCode), badQuery.body);
    assert.equal((badQuery.json() as ErrorBody).errors?.[0]?.field, 'recordID');
  });

  test('contents carry the record; GET /collections is a more pager', async () => {
    const collection = await create(unique('Contents'), [
      { recordType: 'discussion', recordID: one.discussionID },
      { recordType: 'category', recordID: category.categoryID },
    ]);
    const id = String(collection.collectionID);
    const content = await call(fx.admin, 'GET', `/api/v2/collections/${id}/content/en`);
    assert.equal(content.statusCode, 200, content.body);
    const records = (content.json() as { records: CollectionContent[] }).records;
    assert.equal(records[0]?.record['name'], one.name);
    assert.equal(records[1]?.record['categoryID'], category.categoryID);
    const list = await call(fx.admin, 'GET', `/api/v2/collections/contents/en?collectionID=${id}&expand=collection`);
    assert.equal(list.statusCode, 200, list.body);
    const rows = list.json() as CollectionContent[];
    assert.equal(rows.length, 2);
    assert.equal(rows[0]?.collection?.name, collection.name);
    const paged = await call(fx.admin, 'GET', '/api/v2/collections?limit=1');
    assert.equal(paged.statusCode, 200);
    assert.equal((paged.json() as Collection[]).length, 1);
    assert.ok(paged.headers['x-app-page-next-url']);
    assert.equal(paged.headers['x-app-page-result-count'], undefined);
  });
});
