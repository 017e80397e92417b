import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inject, type TestActor } from '../../../test/actors.ts';
import {
  makeActors,
  makeCategory,
  makeDiscussion,
  makeHiddenCategory,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { contextFor } from '../../../test/request-context.ts';
import type { Collection } from '../../../../common/src/api/collections.ts';
import { getSettings } from '../config/config.service.ts';
import { hydrators, type HydrateScope } from '../layouts/layouts.hydrators.ts';
import type { FeaturedItem } from './collections.widget.ts';

// Issue 15: the featured collections layout widget shows each viewer only the collection's records
// they may see (the records' own read checks), without `community.manage`.
describe(`featured collections widget (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const open = await makeCategory(t, { name: 'Open Garden', urlcode: 'open-garden' });
    const staff = await makeHiddenCategory(t, { name: 'Staff Room', urlcode: 'staff-room' });
    const hello = await makeDiscussion(t, { categoryID: open.categoryID, name: 'Hello there' });
    const secret = await makeDiscussion(t, { categoryID: staff.categoryID, name: 'Staff only' });
    const response = await inject(t, actors.admin, {
      method: 'POST',
      url: '/api/v2/collections',
      payload: {
        name: 'Start Here',
        records: [
          { recordType: 'discussion', recordID: secret.discussionID, sort: 1 },
          { recordType: 'discussion', recordID: hello.discussionID, sort: 2 },
          { recordType: 'category', recordID: staff.categoryID, sort: 3 },
          { recordType: 'category', recordID: open.categoryID, sort: 4 },
        ],
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    const collection = response.json() as Collection;
    return { ...actors, open, staff, hello, secret, collection };
  });

  const hydrate = async (who: TestActor | null, props: Record<string, unknown>) => {
    const ctx = await contextFor(fx.t, who ?? 0);
    const scope: HydrateScope = {
      ctx,
      viewType: 'home',
      params: {},
      settings: await getSettings(ctx.db),
      siteTitle: 'Hearth',
      page: 1,
    };
    return hydrators.FeaturedCollections!(scope, props) as Promise<{
      title: string;
      items: FeaturedItem[];
    } | null>;
  };
  const names = (result: { items: FeaturedItem[] } | null) =>
    result?.items.map((item) => item.name);

  test('guests and members see only the visible records, in the collection’s order', async () => {
    for (const who of [null, fx.member]) {
      const result = await hydrate(who, { collectionID: fx.collection.collectionID });
      assert.equal(result?.title, 'Start Here');
      assert.deepEqual(names(result), ['Hello there', 'Open Garden']);
      assert.deepEqual(
        result?.items.map((item) => item.url),
        [new URL(fx.hello.url).pathname, '/categories/open-garden'],
      );
    }
  });

  test('an administrator sees every record; the title prop replaces the name', async () => {
    const result = await hydrate(fx.admin, {
      collectionID: fx.collection.collectionID,
      title: 'Featured',
    });
    assert.equal(result?.title, 'Featured');
    assert.deepEqual(names(result), ['Staff only', 'Hello there', 'Staff Room', 'Open Garden']);
    const limited = await hydrate(fx.admin, { collectionID: fx.collection.collectionID, limit: 2 });
    assert.deepEqual(names(limited), ['Staff only', 'Hello there']);
  });

  test('the widget is left out for an unknown collection, none given, or nothing visible', async () => {
    assert.equal(await hydrate(fx.admin, { collectionID: 999_999 }), null);
    assert.equal(await hydrate(fx.admin, {}), null);
    const response = await inject(fx.t, fx.admin, {
      method: 'POST',
      url: '/api/v2/collections',
      payload: {
        name: 'Staff Picks',
        records: [{ recordType: 'discussion', recordID: fx.secret.discussionID }],
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    const staffOnly = response.json() as Collection;
    assert.equal(await hydrate(null, { collectionID: staffOnly.collectionID }), null);
    assert.deepEqual(names(await hydrate(fx.admin, { collectionID: staffOnly.collectionID })), [
      'Staff only',
    ]);
  });
});
