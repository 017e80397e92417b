import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTestClock } from '../../../test/clock.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { ReactionLog, ReactionSummary } from '../../../../common/src/api/reactions.ts';
import {
  createHiddenCategory,
  markDiscussionPending,
  postTestComment,
  postTestDiscussion,
} from './reactions.test-support.ts';

// The set-up the reactions API test files share (one app per file).

export type { ErrorBody } from '../../../test/factories.ts';

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useReactionsFixture() {
  let t: TestApp;
  // The reaction log is newest first: the test moves this clock between reactions instead of sleeping.
  const clock = createTestClock();
  let admin: TestActor<TestUser>;
  let poster: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let other: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let unconfirmed: TestActor<TestUser>;
  let guest: TestActor<null>;
  let hiddenDiscussionID: number;
  let hiddenCommentID: number;
  let pendingDiscussionID: number;

  const call = (
    actor: TestActor | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    inject(t, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
    });

  const newDiscussion = () => postTestDiscussion(t, poster);

  const reactTo = async (
    actor: TestActor,
    discussionID: number,
    reactionType: string,
  ): Promise<ReactionSummary[]> => {
    const response = await call(
      actor,
      'POST',
      `/api/v2/discussions/${String(discussionID)}/reactions`,
      {
        reactionType,
      },
    );
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as ReactionSummary[];
  };

  const countsOf = (summaries: readonly ReactionSummary[]) =>
    Object.fromEntries(summaries.map((item) => [item.urlcode, item.count]));

  const logOf = async (actor: TestActor | null, url: string): Promise<ReactionLog[]> => {
    const response = await call(actor, 'GET', url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as ReactionLog[];
  };

  before(async () => {
    t = await createTestApp({}, { clock: clock.now });
    admin = await asAdmin(t);
    poster = await asAdmin(t);
    member = await asMember(t);
    other = await asMember(t);
    moderator = await asModerator(t);
    unconfirmed = await asUser(t, { roleTypes: ['unconfirmed'] });
    guest = await asGuest(t);
    const hiddenCategoryID = await createHiddenCategory(t, admin, 'reactions-hidden');
    hiddenDiscussionID = await postTestDiscussion(t, poster, { categoryID: hiddenCategoryID });
    hiddenCommentID = await postTestComment(t, poster, { discussionID: hiddenDiscussionID });
    pendingDiscussionID = await postTestDiscussion(t, poster);
    await markDiscussionPending(t, pendingDiscussionID);
  });
  after(async () => {
    await t.close();
  });

  return {
    get t() {
      return t;
    },
    clock,
    get admin() {
      return admin;
    },
    get poster() {
      return poster;
    },
    get member() {
      return member;
    },
    get other() {
      return other;
    },
    get moderator() {
      return moderator;
    },
    get unconfirmed() {
      return unconfirmed;
    },
    get guest() {
      return guest;
    },
    get hiddenDiscussionID() {
      return hiddenDiscussionID;
    },
    get hiddenCommentID() {
      return hiddenCommentID;
    },
    get pendingDiscussionID() {
      return pendingDiscussionID;
    },
    call,
    newDiscussion,
    reactTo,
    countsOf,
    logOf,
  };
}
