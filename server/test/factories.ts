/**
 * Test data factories: users, categories, discussions and comments made the way the forum makes
 * them (categories, discussions and comments through the API as a real actor, so counters, bodies,
 * permissions and guest-cache tags are what production writes; users through actors.ts, which
 * inserts them with their default roles, because registration would send mail and need a confirm).
 *
 * Every factory takes the TestApp first and an options object; unset fields get unique, valid
 * values. Without an `as` actor, categories, discussions and comments are made by one
 * administrator per TestApp (made on first use), so member flood control never gets in the way.
 *
 *   const category = await makeCategory(t);
 *   const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
 *   const comment = await makeComment(t, { discussionID: discussion.discussionID, as: member });
 */
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { Category, CreateCategoryBody } from '../../common/src/api/categories.ts';
import type { Comment } from '../../common/src/api/comments.ts';
import type { CreateDiscussionBody, Discussion } from '../../common/src/api/discussions.ts';
import type { CreateRoleBody, Role, RoleType } from '../../common/src/api/roles.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  createUser,
  inject,
  type CreateUserOptions,
  type TestActor,
  type TestUser,
} from './actors.ts';
import type { TestApp } from './harness.ts';

export { TEST_PASSWORD, uniqueName, type CreateUserOptions, type TestUser } from './actors.ts';

/** A rich2 body of one paragraph (interfaces.md "rich2"). */
export function rich2(text: string): string {
  return JSON.stringify([{ type: 'p', children: [{ text }] }]);
}

/** The error body of the contract (§1.10), as tests read it. */
export interface ErrorBody {
  message: string;
  status: number;
  description?: string;
  permissions?: string[];
  recordIDs?: number[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

/** The four actors most API tests start from. */
export interface TestActors {
  admin: TestActor<TestUser>;
  member: TestActor<TestUser>;
  moderator: TestActor<TestUser>;
  guest: TestActor<null>;
}

/** An administrator, a member and a moderator (each signed in) and a guest. */
export async function makeActors(t: TestApp): Promise<TestActors> {
  return {
    admin: await asAdmin(t),
    member: await asMember(t),
    moderator: await asModerator(t),
    guest: await asGuest(t),
  };
}

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

const admins = new WeakMap<TestApp, Promise<TestActor<TestUser>>>();

/** The administrator factories act as when not told otherwise (one per TestApp). */
export function factoryAdmin(t: TestApp): Promise<TestActor<TestUser>> {
  let admin = admins.get(t);
  if (!admin) {
    admin = asAdmin(t);
    admins.set(t, admin);
  }
  return admin;
}

async function created<T>(response: LightMyRequestResponse, what: string): Promise<T> {
  assert.equal(response.statusCode, 201, `${what}: ${response.body}`);
  return response.json() as T;
}

/** A user with the default roles of `roleTypes` (default member), e-mail confirmed. */
export function makeUser(t: TestApp, options: CreateUserOptions = {}): Promise<TestUser> {
  return createUser(t, options);
}

export type MakeCategoryOptions = Partial<CreateCategoryBody> & { as?: TestActor };

/** `POST /categories` (as an administrator unless `as`); asserts 201. */
export async function makeCategory(
  t: TestApp,
  options: MakeCategoryOptions = {},
): Promise<Category> {
  const { as, ...fields } = options;
  const n = next();
  const payload = {
    name: `Category ${String(n)}`,
    urlcode: `category-${String(n)}-${String(process.pid)}`,
    ...fields,
  };
  const response = await inject(t, as ?? (await factoryAdmin(t)), {
    method: 'POST',
    url: '/api/v2/categories',
    payload,
  });
  return created<Category>(response, 'makeCategory');
}

export type MakeDiscussionOptions = Partial<CreateDiscussionBody> & {
  categoryID: number;
  as?: TestActor;
};

/** `POST /discussions` (as an administrator unless `as`), a rich2 body by default; asserts 201. */
export async function makeDiscussion(
  t: TestApp,
  options: MakeDiscussionOptions,
): Promise<Discussion> {
  const { as, ...fields } = options;
  const n = next();
  const payload = {
    name: `Discussion ${String(n)}`,
    body: rich2(`Opening post ${String(n)}.`),
    format: 'rich2',
    ...fields,
  };
  const response = await inject(t, as ?? (await factoryAdmin(t)), {
    method: 'POST',
    url: '/api/v2/discussions',
    payload,
  });
  return created<Discussion>(response, 'makeDiscussion');
}

export interface MakeCommentOptions {
  discussionID: number;
  /** The comment's text (a rich2 paragraph) unless `body` is given. */
  text?: string;
  body?: string;
  format?: string;
  parentCommentID?: number;
  as?: TestActor;
}

/** `POST /comments` on a discussion (as an administrator unless `as`); asserts 201. */
export async function makeComment(t: TestApp, options: MakeCommentOptions): Promise<Comment> {
  const n = next();
  const payload = {
    body: options.body ?? rich2(options.text ?? `Comment ${String(n)}.`),
    format: options.format ?? 'rich2',
    parentRecordType: 'discussion',
    parentRecordID: options.discussionID,
    ...(options.parentCommentID === undefined ? {} : { parentCommentID: options.parentCommentID }),
  };
  const response = await inject(t, options.as ?? (await factoryAdmin(t)), {
    method: 'POST',
    url: '/api/v2/comments',
    payload,
  });
  return created<Comment>(response, 'makeComment');
}

/** A category with `discussions` discussions of `commentsEach` comments each, for list and paging tests. */
export async function makeThreads(
  t: TestApp,
  options: {
    discussions?: number;
    commentsEach?: number;
    category?: MakeCategoryOptions;
    as?: TestActor;
  } = {},
): Promise<{ category: Category; discussions: Discussion[]; comments: Comment[] }> {
  const category = await makeCategory(t, options.category ?? {});
  const discussions: Discussion[] = [];
  const comments: Comment[] = [];
  const as = options.as ? { as: options.as } : {};
  for (let d = 0; d < (options.discussions ?? 1); d += 1) {
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, ...as });
    discussions.push(discussion);
    for (let c = 0; c < (options.commentsEach ?? 0); c += 1)
      comments.push(await makeComment(t, { discussionID: discussion.discussionID, ...as }));
  }
  return { category, discussions, comments };
}

/** The default roles' IDs by type (`GET /roles`, as an administrator unless `as`). */
export async function roleIDsByType(
  t: TestApp,
  as?: TestActor,
): Promise<Partial<Record<RoleType, number>>> {
  const response = await inject(t, as ?? (await factoryAdmin(t)), {
    method: 'GET',
    url: '/api/v2/roles',
  });
  assert.equal(response.statusCode, 200, response.body);
  const result: Partial<Record<RoleType, number>> = {};
  for (const role of response.json() as Role[]) if (role.type) result[role.type] = role.roleID;
  return result;
}

/** A default role's ID (`GET /roles`, as an administrator unless `as`). */
export async function roleIDOf(t: TestApp, type: RoleType, as?: TestActor): Promise<number> {
  const roleID = (await roleIDsByType(t, as))[type];
  assert.ok(roleID, `roleIDOf: no role of type ${type}`);
  return roleID;
}

export type MakeRoleOptions = Partial<CreateRoleBody> & {
  /** Global permissions the role grants (shorthand for a `global` entry of `permissions`). */
  globalPermissions?: readonly string[];
  as?: TestActor;
};

/** `POST /roles` (as an administrator unless `as`); unset name unique; asserts 201. */
export async function makeRole(t: TestApp, options: MakeRoleOptions = {}): Promise<Role> {
  const { globalPermissions, as, ...fields } = options;
  const payload = {
    name: `Role ${String(next())}`,
    ...(globalPermissions
      ? {
          permissions: [
            {
              type: 'global',
              permissions: Object.fromEntries(globalPermissions.map((name) => [name, true])),
            },
          ],
        }
      : {}),
    ...fields,
  };
  const response = await inject(t, as ?? (await factoryAdmin(t)), {
    method: 'POST',
    url: '/api/v2/roles',
    payload,
  });
  return created<Role>(response, 'makeRole');
}

/**
 * A category with custom permissions in which the roles of `hiddenFrom` (default member and guest)
 * lack `discussions.view`; the other roles keep the default category permissions.
 */
export async function makeHiddenCategory(
  t: TestApp,
  options: MakeCategoryOptions & { hiddenFrom?: readonly RoleType[] } = {},
): Promise<Category> {
  const { hiddenFrom = ['member', 'guest'], ...fields } = options;
  const denied = [];
  for (const type of hiddenFrom)
    denied.push({ roleID: await roleIDOf(t, type), permissions: { 'discussions.view': false } });
  return makeCategory(t, {
    customPermissions: true,
    ...fields,
    permissions: [...denied, ...(fields.permissions ?? [])],
  });
}
