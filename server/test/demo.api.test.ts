import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadDemo } from '../../scripts/demo.ts';
import { demoDiscussions } from '../../scripts/demo-data.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';

describe(`npm run demo (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('loads a living community once, with counters that match its rows', async () => {
    const message = await loadDemo(t.app, t.db, t.config);
    assert.match(message, /Loaded the demo community/);

    const guestList = await t.app.inject({ method: 'GET', url: '/api/v2/discussions?limit=100' });
    assert.equal(guestList.statusCode, 200);
    const discussions = guestList.json() as { name: string; countComments: number; discussionID: number }[];
    const staffOnly = demoDiscussions.filter((discussion) => discussion.category === 'staff');
    assert.equal(discussions.length, demoDiscussions.length - staffOnly.length);
    assert.ok(!discussions.some((discussion) => discussion.name === staffOnly[0]?.name), 'guests never see the staff lounge');

    // Stored counters agree with the rows they count.
    const counted = await t.db
      .selectFrom('comments')
      .select(['discussionID', t.db.fn.countAll<number>().as('count')])
      .groupBy('discussionID')
      .execute();
    for (const discussion of discussions) {
      const row = counted.find((entry) => entry.discussionID === discussion.discussionID);
      assert.equal(discussion.countComments, Number(row?.count ?? 0), discussion.name);
    }
    const dates = await t.db.selectFrom('discussions').select('dateInserted').execute();
    assert.ok(new Set(dates.map((row) => row.dateInserted.slice(0, 10))).size > 5, 'dates are spread out');

    assert.match(await loadDemo(t.app, t.db, t.config), /already loaded/);
  });
});
