import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RoleType } from '../../common/src/api/roles.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { isoAfter, nowIso } from '../src/platform/dates.ts';
import { randomToken } from '../src/platform/secrets.ts';
import { createSession, SESSION_COOKIE } from '../src/features/auth/sessions.ts';
import { hashToken } from '../src/features/tokens/token-hash.ts';
import { bumpPermissionsVersion } from '../src/permissions/permission-set.repo.ts';
import type { TestApp } from './harness.ts';
import { userNameKey } from '../src/features/users/user-names.ts';

/** The password every factory user gets unless told otherwise. */
export const TEST_PASSWORD = 'Test-Password-123!';

export interface CreateUserOptions {
  name?: string;
  email?: string;
  password?: string;
  /** Default roles by `roles.type`; default `['member']`. */
  roleTypes?: RoleType[];
  /** Default: true, unless roleTypes contains `unconfirmed`. */
  emailConfirmed?: boolean;
  banned?: boolean;
  deleted?: boolean;
  /** The users.isAdmin flag (every permission); default false. */
  isAdmin?: boolean;
  /** A private profile; default false. */
  private?: boolean;
  /** Shows the e-mail address on the profile; default false. */
  showEmail?: boolean;
  /** Further roles by ID (roles made by a test), after those of `roleTypes`. */
  roleIDs?: number[];
}

export interface TestUser {
  userID: number;
  name: string;
  email: string;
  /** The plain password, to sign in with. */
  password: string;
  roleIDs: number[];
}

export interface TestActor<U extends TestUser | null = TestUser | null> {
  user: U;
  /** Headers to send: the session cookie, `x-requested-with` and a same-host `referer` (CSRF passes). */
  headers: Record<string, string>;
  sessionID: string | null;
  transientKey: string | null;
}

let sequence = 0;
const hashCache = new Map<string, Promise<string>>();

// scrypt costs ~50 ms; one hash per distinct password per process keeps the suites fast.
function cachedHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

/** A unique, valid user name (3–20 characters). */
export function uniqueName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix.slice(0, 8)}${sequence}${randomBytes(3).toString('hex')}`.slice(0, 20);
}

/** Inserts a user directly (no API, no e-mail) with the default roles of `roleTypes`. */
export async function createUser(t: TestApp, options: CreateUserOptions = {}): Promise<TestUser> {
  const name = options.name ?? uniqueName();
  const email = options.email ?? `${name.toLowerCase()}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const roleTypes = options.roleTypes ?? ['member'];
  const emailConfirmed = options.emailConfirmed ?? !roleTypes.includes('unconfirmed');
  const passwordHash = await cachedHash(password);
  const now = nowIso();

  const row = await t.db
    .insertInto('users')
    .values({
      name,
      nameKey: options.deleted ? null : userNameKey(name),
      email,
      password: passwordHash,
      emailConfirmed,
      banned: options.banned ? 1 : 0,
      deleted: options.deleted ?? false,
      isAdmin: options.isAdmin ?? false,
      private: options.private ?? false,
      showEmail: options.showEmail ?? false,
      dateInserted: now,
    })
    .returning('userID')
    .executeTakeFirstOrThrow();

  const roleIDs: number[] = [];
  for (const type of roleTypes) {
    const role = await t.db.selectFrom('roles').select('roleID').where('type', '=', type).orderBy('roleID').executeTakeFirst();
    if (!role) throw new Error(`createUser: no role of type ${type}`);
    await t.db.insertInto('userRoles').values({ userID: row.userID, roleID: role.roleID }).execute();
    roleIDs.push(role.roleID);
  }
  for (const roleID of options.roleIDs ?? []) {
    await t.db.insertInto('userRoles').values({ userID: row.userID, roleID }).execute();
    roleIDs.push(roleID);
  }
  if (roleIDs.length > 0) await bumpPermissionsVersion(t.db);
  return { userID: row.userID, name, email, password, roleIDs };
}

function siteHeaders(t: TestApp): Record<string, string> {
  const base = new URL(t.config.baseUrl);
  return { host: base.host, 'x-requested-with': 'vanilla', referer: `${base.origin}/` };
}

/** Signs a user in directly (a real session row and signed cookie) and returns headers that pass CSRF. */
export async function sessionFor(t: TestApp, user: TestUser, persist = false): Promise<TestActor<TestUser>> {
  const session = await createSession(t.app.deps, { userID: user.userID, persist, ipAddress: '127.0.0.1', userAgent: 'test' });
  return {
    user,
    headers: { ...siteHeaders(t), cookie: `${SESSION_COOKIE}=${session.cookieValue}` },
    sessionID: session.sessionID,
    transientKey: session.transientKey,
  };
}

export async function asGuest(t: TestApp): Promise<TestActor<null>> {
  return { user: null, headers: siteHeaders(t), sessionID: null, transientKey: null };
}

export async function asUser(t: TestApp, options: CreateUserOptions = {}): Promise<TestActor<TestUser>> {
  return sessionFor(t, await createUser(t, options));
}

export async function asMember(t: TestApp, options: CreateUserOptions = {}): Promise<TestActor<TestUser>> {
  return asUser(t, { roleTypes: ['member'], ...options });
}

export async function asModerator(t: TestApp, options: CreateUserOptions = {}): Promise<TestActor<TestUser>> {
  return asUser(t, { name: uniqueName('mod'), roleTypes: ['moderator'], ...options });
}

/** A user with the administrator role (not the users.isAdmin flag unless asked). */
export async function asAdmin(t: TestApp, options: CreateUserOptions = {}): Promise<TestActor<TestUser>> {
  return asUser(t, { name: uniqueName('admin'), roleTypes: ['administrator'], ...options });
}

export interface TestBearer {
  accessTokenID: number;
  token: string;
  headers: Record<string, string>;
}

/** Creates a personal access token for a user (stored hashed) and the `Authorization` header to send it. */
export async function bearerFor(t: TestApp, userID: number, options: { name?: string; expiresInSeconds?: number } = {}): Promise<TestBearer> {
  const token = `va.${randomToken(32)}`;
  const row = await t.db
    .insertInto('accessTokens')
    .values({
      userID,
      name: options.name ?? 'test token',
      tokenHash: hashToken(token),
      dateInserted: nowIso(),
      dateExpires: isoAfter(options.expiresInSeconds ?? 365 * 24 * 60 * 60),
    })
    .returning('accessTokenID')
    .executeTakeFirstOrThrow();
  return { accessTokenID: row.accessTokenID, token, headers: { authorization: `Bearer ${token}` } };
}

export interface InjectInput {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** `app.inject` as an actor: its headers, then any extra headers. */
export function inject(t: TestApp, actor: { headers: Record<string, string> } | null, input: InjectInput): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: input.method,
    url: input.url,
    headers: { ...(actor?.headers ?? {}), ...(input.headers ?? {}) },
    ...(input.payload === undefined ? {} : { payload: input.payload }),
  });
}

let ipSequence = 0;

/** A fresh client address for `x-forwarded-for`, so per-IP throttles of one test never touch another's. */
export function uniqueIP(): string {
  ipSequence += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

/** The `name=value` pair of a response's `Set-Cookie` for `name`, or null. */
export function cookieFrom(response: LightMyRequestResponse, name: string = SESSION_COOKIE): string | null {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const found = list.find((cookie) => cookie.startsWith(`${name}=`));
  return found ? (found.split(';')[0] ?? null) : null;
}

/**
 * Signs in through `POST /authenticate/password` (from a fresh IP unless given) and returns the
 * response and an actor carrying the new cookie (null when refused).
 */
export async function signInThroughApi(
  t: TestApp,
  input: { username: string; password: string; persist?: boolean; ip?: string },
): Promise<{ response: LightMyRequestResponse; actor: TestActor<null> | null }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/authenticate/password',
    headers: { ...siteHeaders(t), 'x-forwarded-for': input.ip ?? uniqueIP() },
    payload: { username: input.username, password: input.password, persist: input.persist ?? false },
  });
  const cookie = cookieFrom(response);
  if (response.statusCode !== 201 || cookie === null) return { response, actor: null };
  return { response, actor: { user: null, headers: { ...siteHeaders(t), cookie }, sessionID: null, transientKey: null } };
}

/** Row count of a table, to assert that a refused call wrote nothing. */
export async function countRows(
  t: TestApp,
  table: 'users' | 'userRoles' | 'sessions' | 'userTokens' | 'accessTokens' | 'throttles',
): Promise<number> {
  const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
