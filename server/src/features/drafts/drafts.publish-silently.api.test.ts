import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { Draft } from '../../../../common/src/api/drafts.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor } from '../../../test/actors.ts';
import { makeCategory, makeRole } from '../../../test/factories.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { discussionAttributes, runJobs } from './drafts.api-fixture.ts';

// api-contract §23 `publishedSilently` (kept in draftMeta; Vanilla's "publish silently"): the
// scheduled post appears, but the real notifications pipeline tells no follower about it.

const MINUTE = 60_000;

describe(`scheduled publishing, silently (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-07-01T08:00:00Z'));
  const fx = useTestApp(async (t) => ({ scheduler: await makeRole(t, { globalPermissions: ['schedule.allow'] }) }), {}, { clock: clock.now });
  const at = (milliseconds: number) => new Date(clock.now() + milliseconds).toISOString();

  async function schedule(actor: TestActor, categoryID: number, name: string): Promise<Draft> {
    const response = await inject(fx.t, actor, {
      method: 'POST',
      url: '/api/v2/drafts',
      payload: { recordType: 'discussion', draftStatus: 'scheduled', dateScheduled: at(20 * MINUTE), attributes: discussionAttributes(categoryID, name) },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Draft;
  }

  const notificationsOf = async (actor: TestActor) =>
    ((await inject(fx.t, actor, { method: 'GET', url: '/api/v2/notifications' })).json() as Notification[]).map((item) => item.activityType);

  const discussionNamed = async (actor: TestActor, categoryID: number, name: string) =>
    ((await inject(fx.t, actor, { method: 'GET', url: `/api/v2/discussions?categoryID=${String(categoryID)}` })).json() as Discussion[]).filter(
      (discussion) => discussion.name === name,
    );

  test('a draft scheduled with publishedSilently: true publishes without notifying followers; one without does notify', async () => {
    const author = await asMember(fx.t, { roleIDs: [fx.scheduler.roleID] });
    const follower = await asMember(fx.t);
    const category = await makeCategory(fx.t);
    const follow = await inject(fx.t, follower, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(category.categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, 'preferences.popup.posts': true, 'preferences.email.posts': true },
    });
    assert.equal(follow.statusCode, 200, follow.body);

    const quiet = await schedule(author, category.categoryID, 'Quiet news');
    const patched = await inject(fx.t, author, {
      method: 'PATCH',
      url: `/api/v2/drafts/schedule/${String(quiet.draftID)}`,
      payload: { dateScheduled: at(20 * MINUTE), publishedSilently: true },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const mailsBefore = fx.t.mail.sent.length;

    clock.advance(20 * MINUTE);
    await runJobs(fx.t);
    assert.equal((await discussionNamed(follower, category.categoryID, 'Quiet news')).length, 1, 'the post is published');
    assert.deepEqual(await notificationsOf(follower), [], 'no notification of a silent post');
    assert.equal(fx.t.mail.sent.length, mailsBefore, 'no e-mail either');

    await schedule(author, category.categoryID, 'Loud news');
    clock.advance(20 * MINUTE);
    await runJobs(fx.t);
    assert.equal((await discussionNamed(follower, category.categoryID, 'Loud news')).length, 1);
    assert.deepEqual(await notificationsOf(follower), ['NewDiscussion'], 'the same pipeline notifies of a post not published silently');
  });
});
