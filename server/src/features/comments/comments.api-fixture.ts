import { after, before } from 'node:test';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { ThreadItem } from '../../../../common/src/api/comments.ts';
import { asMember, asUser, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeActors, makeCategory, roleIDOf } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { RequestContext } from '../../http/context.ts';
import { contextFor } from '../../../test/request-context.ts';
import {
  createTestDiscussion,
  insertTestDiscussion,
  setSettings,
} from './comments.test-support.ts';

/** API dates carry whole seconds. */
export const seconds = (date: string) => Math.floor(new Date(date).getTime() / 1000);

/** The 403 body of a missing permission. */
export const forbidden = (permission: string) => ({
  message: 'Permission Problem',
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

/** A compact picture of a structure: comment IDs, and holes as `hole(offset:count)`. */
export function shape(items: readonly ThreadItem[]): unknown[] {
  return items.map((item) =>
    item.type === 'hole'
      ? `hole(${String(item.offset)}:${String(item.countAllComments)})`
      : item.children.length === 0
        ? item.commentID
        : [item.commentID, shape(item.children)],
  );
}

/**
 * The world the comments API tests act in, one fresh app per test file: actors of every kind, an
 * open category under a parent, and a restricted one members, unconfirmed users and guests cannot
 * see (members cannot comment there either); member flood control is lifted (it has its own test).
 */
export interface CommentsApi {
  t: TestApp;
  admin: TestActor<TestUser>;
  member: TestActor<TestUser>;
  otherMember: TestActor<TestUser>;
  moderator: TestActor<TestUser>;
  unconfirmed: TestActor<TestUser>;
  guest: TestActor<null>;
  parent: Category;
  open: Category;
  restricted: Category;
  /** A discussion by the administrator (in `open` unless told); a pending one is inserted. */
  newDiscussion: (input?: {
    categoryID?: number;
    closed?: boolean;
    name?: string;
    moderationStatus?: 'accepted' | 'pending';
  }) => Promise<number>;
  post: (actor: TestActor | null, payload: unknown) => ReturnType<typeof inject>;
  /** A GET; an absolute URL of the test host (a hole's `apiUrl`) is made relative. */
  get: (actor: TestActor | null, url: string) => ReturnType<typeof inject>;
  patch: (
    actor: TestActor | null,
    commentID: number,
    payload: Record<string, unknown>,
  ) => ReturnType<typeof inject>;
  remove: (actor: TestActor | null, commentID: number) => ReturnType<typeof inject>;
  /** A request context of this user (0: a guest), to call services directly. */
  contextOf: (userID: number) => Promise<RequestContext>;
}

/**
 * Registers the `before` that builds a CommentsApi and the `after` that closes it; call it at the
 * top of a `describe`. The returned object is filled in before the first test runs.
 */
export function useCommentsApi(): CommentsApi {
  const w = {} as CommentsApi;
  before(async () => {
    const t = await createTestApp();
    const actors = await makeActors(t);
    const { admin } = actors;
    Object.assign(w, actors, {
      t,
      otherMember: await asMember(t),
      unconfirmed: await asUser(t, { roleTypes: ['unconfirmed'] }),
    });
    await setSettings(t, admin, { 'floodControl.comments.count': 1000 });
    w.parent = await makeCategory(t, { as: admin, name: 'Lounge', urlcode: 'lounge' });
    w.open = await makeCategory(t, {
      as: admin,
      name: 'Chat',
      urlcode: 'chat',
      parentCategoryID: w.parent.categoryID,
    });
    w.restricted = await makeCategory(t, {
      as: admin,
      name: 'Staff Room',
      urlcode: 'staff-room',
      customPermissions: true,
      permissions: [
        {
          roleID: await roleIDOf(t, 'member'),
          permissions: { 'discussions.view': false, 'comments.add': false },
        },
        { roleID: await roleIDOf(t, 'guest'), permissions: { 'discussions.view': false } },
        { roleID: await roleIDOf(t, 'unconfirmed'), permissions: { 'discussions.view': false } },
      ],
    });
  });
  after(async () => {
    await w.t.close();
  });

  w.newDiscussion = (input = {}) => {
    const categoryID = input.categoryID ?? w.open.categoryID;
    const name = input.name ?? 'Fireside chat';
    return input.moderationStatus === 'pending'
      ? insertTestDiscussion(w.t, {
          categoryID,
          insertUserID: w.admin.user.userID,
          name,
          moderationStatus: 'pending',
        })
      : createTestDiscussion(w.t, w.admin, { categoryID, name, closed: input.closed ?? false });
  };
  w.post = (actor, payload) =>
    inject(w.t, actor, {
      method: 'POST',
      url: '/api/v2/comments',
      payload: payload as Record<string, unknown>,
    });
  w.get = (actor, url) =>
    inject(w.t, actor, { method: 'GET', url: url.replace('http://hearth.test', '') });
  w.patch = (actor, commentID, payload) =>
    inject(w.t, actor, {
      method: 'PATCH',
      url: `/api/v2/comments/${String(commentID)}`,
      payload,
    });
  w.remove = (actor, commentID) =>
    inject(w.t, actor, { method: 'DELETE', url: `/api/v2/comments/${String(commentID)}` });
  w.contextOf = (userID) => contextFor(w.t, userID);
  return w;
}
