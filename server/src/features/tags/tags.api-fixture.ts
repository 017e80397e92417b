import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Tag, TagFragment } from '../../../../common/src/api/tags.ts';
import type { RequestContext } from '../../http/context.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { setDiscussionTags } from './tags.service.ts';

// The set-up the tags API test files share (one app per file).

export type { ErrorBody } from '../../../test/factories.ts';

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useTagsFixture() {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let sequence = 0;

  const unique = (prefix: string) => {
    sequence += 1;
    return `${prefix} ${String(sequence)}`;
  };

  const call = (
    actor: TestActor | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    inject(t, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const createTag = async (body: Record<string, unknown>): Promise<Tag> => {
    const response = await call(admin, 'POST', '/api/v2/tags', body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Tag;
  };

  const contextOf = async (user: TestUser): Promise<RequestContext> => ({
    ...t.app.deps,
    actor: {
      userID: user.userID,
      via: 'session',
      sessionID: null,
      transientKey: null,
      csrfFailed: false,
      banned: false,
    },
    permissions: await loadPermissionSet(t.db, user.userID),
    ipAddress: '127.0.0.1',
    userAgent: null,
  });

  const tagDiscussion = async (
    user: TestUser,
    discussionID: number,
    input: { tagIDs?: number[]; newTagNames?: string[] },
  ): Promise<TagFragment[]> => {
    const ctx = await contextOf(user);
    return t.db.transaction().execute((trx) => setDiscussionTags(trx, ctx, discussionID, input));
  };

  const countOf = async (tagID: number): Promise<number> =>
    ((await call(admin, 'GET', `/api/v2/tags/${String(tagID)}`)).json() as Tag).countDiscussions;

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    moderator = await asModerator(t);
    guest = await asGuest(t);
  });
  after(async () => {
    await t.close();
  });

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    get member() {
      return member;
    },
    get moderator() {
      return moderator;
    },
    get guest() {
      return guest;
    },
    get sequence() {
      return sequence;
    },
    unique,
    call,
    createTag,
    contextOf,
    tagDiscussion,
    countOf,
  };
}
