import assert from 'node:assert/strict';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeActors } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { contextFor } from '../../../test/request-context.ts';
import type { Tag, TagFragment } from '../../../../common/src/api/tags.ts';
import type { RequestContext } from '../../http/context.ts';
import { setDiscussionTags } from './tags.service.ts';

// The set-up the tags API test files share (one app per file).

export type { ErrorBody } from '../../../test/factories.ts';

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useTagsFixture() {
  const fx = useTestApp((t) => makeActors(t));
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
    inject(fx.t, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const createTag = async (body: Record<string, unknown>): Promise<Tag> => {
    const response = await call(fx.admin, 'POST', '/api/v2/tags', body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Tag;
  };

  const contextOf = (user: TestUser): Promise<RequestContext> => contextFor(fx.t, user.userID);

  const tagDiscussion = async (
    user: TestUser,
    discussionID: number,
    input: { tagIDs?: number[]; newTagNames?: string[] },
  ): Promise<TagFragment[]> => {
    const ctx = await contextOf(user);
    return fx.t.db.transaction().execute((trx) => setDiscussionTags(trx, ctx, discussionID, input));
  };

  const countOf = async (tagID: number): Promise<number> =>
    ((await call(fx.admin, 'GET', `/api/v2/tags/${String(tagID)}`)).json() as Tag).countDiscussions;

  return Object.assign(fx, { unique, call, createTag, contextOf, tagDiscussion, countOf });
}
