import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, asMember, asModerator, bearerFor, createUser, inject, type TestActor, type TestUser } from './actors.ts';
import { multipartBody, tinyImages } from '../src/features/users/users.test-support.ts';

// Issue 11 item 7, api-contract §1.12: a call that acts on another user needs its permission and a
// rank above that user's (system > admin > site.manage > community.manage > community.moderate >
// curation.manage > session.valid). This walks every route of the OpenAPI document that names a
// user (a `{userID}` or `/users/{id}` path parameter, a `userID` query parameter) or a record that
// belongs to one (`/tokens/{id}`), as a member, a moderator and an administrator acting on a
// member, a moderator and an administrator. A new route that names a user fails here until it has
// a sample request below (or a reason to be exempt).

type Kind = 'member' | 'moderator' | 'administrator';
const kinds: readonly Kind[] = ['member', 'moderator', 'administrator'];
const rank: Record<Kind, number> = { member: 1, moderator: 2, administrator: 3 };

interface Sample {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface SampleInput {
  t: TestApp;
  actor: TestActor<TestUser>;
  target: TestUser;
  categoryID: number;
}

/** Routes that name a user but do not act on them, and why. */
const exempt: Record<string, string> = {
  'GET /api/v2/users': '`userID` filters the list by a range; it names no one user',
  'GET /api/v2/users/{id}': 'a public profile read; what it shows depends on the viewer (api-contract §3 views)',
  'GET /api/v2/users/{id}/reacted': 'a public profile list (the reactions tab); what it shows depends on the viewer',
  'GET /api/v2/users/{id}/ignore': 'reads the caller’s own ignore list; the named member is not acted on',
  'PUT /api/v2/users/{id}/ignore': 'changes the caller’s own ignore list; the named member is not acted on',
  'DELETE /api/v2/users/{id}/ignore': 'changes the caller’s own ignore list; the named member is not acted on',
  'POST /api/v2/users/{id}/confirm-email': 'authorized by the e-mailed confirmation code, not by a rank',
  'POST /api/v2/users/{id}/reset-password': 'authorized by the e-mailed reset code, not by a rank',
  'DELETE /api/v2/discussions/{id}/reactions/{userID}': 'moderates a post’s reaction (category permission), not the user',
  'DELETE /api/v2/comments/{id}/reactions/{userID}': 'moderates a post’s reaction (category permission), not the user',
};

/** Routes whose own rule refuses acting on oneself, and why. */
const selfRefused: Record<string, string> = {
  'PUT /api/v2/users/{id}/ban': 'nobody bans themself (Vanilla: "the same permission level as you")',
};

/**
 * How a route refuses: 403, or for another user's token 404 (api-contract §2: another user's token
 * is not even confirmed to exist unless the caller holds `site.manage`).
 */
function isRefusal(route: string, response: LightMyRequestResponse): boolean {
  if (response.statusCode === 403) return true;
  return route.includes('/tokens/') && response.statusCode === 404;
}

/** One request per route that acts on a user, aimed at `target`. */
const samples: Record<string, (input: SampleInput) => Promise<Sample> | Sample> = {
  'GET /api/v2/sessions': ({ target }) => ({ url: `/api/v2/sessions?userID=${target.userID}` }),
  'DELETE /api/v2/sessions': ({ target }) => ({ url: `/api/v2/sessions?userID=${target.userID}` }),
  'GET /api/v2/users/{id}/edit': ({ target }) => ({ url: `/api/v2/users/${target.userID}/edit` }),
  'PATCH /api/v2/users/{id}': ({ target }) => ({ url: `/api/v2/users/${target.userID}`, payload: { showEmail: true } }),
  'DELETE /api/v2/users/{id}': ({ target }) => ({ url: `/api/v2/users/${target.userID}` }),
  'PUT /api/v2/users/{id}/ban': ({ target }) => ({ url: `/api/v2/users/${target.userID}/ban`, payload: { banned: true } }),
  'POST /api/v2/users/{id}/photo': ({ target }) => {
    const body = multipartBody([{ field: 'photo', fileName: 'me.png', contentType: 'image/png', content: tinyImages.png }]);
    return { url: `/api/v2/users/${target.userID}/photo`, payload: body.payload, headers: body.headers };
  },
  'DELETE /api/v2/users/{id}/photo': ({ target }) => ({ url: `/api/v2/users/${target.userID}/photo` }),
  'POST /api/v2/users/{id}/confirm-email/resend': ({ target }) => ({ url: `/api/v2/users/${target.userID}/confirm-email/resend`, payload: {} }),
  'GET /api/v2/users/{id}/permissions': ({ target }) => ({ url: `/api/v2/users/${target.userID}/permissions` }),
  'GET /api/v2/categories/preferences/{userID}': ({ target }) => ({ url: `/api/v2/categories/preferences/${target.userID}` }),
  'GET /api/v2/categories/{id}/preferences/{userID}': ({ target, categoryID }) => ({
    url: `/api/v2/categories/${categoryID}/preferences/${target.userID}`,
  }),
  'PATCH /api/v2/categories/{id}/preferences/{userID}': ({ target, categoryID }) => ({
    url: `/api/v2/categories/${categoryID}/preferences/${target.userID}`,
    payload: { 'preferences.followed': true },
  }),
  'GET /api/v2/notification-preferences/schema': ({ target }) => ({ url: `/api/v2/notification-preferences/schema?userID=${target.userID}` }),
  'GET /api/v2/notification-preferences/{userID}': ({ target }) => ({ url: `/api/v2/notification-preferences/${target.userID}` }),
  'PATCH /api/v2/notification-preferences/{userID}': ({ target }) => ({
    url: `/api/v2/notification-preferences/${target.userID}`,
    payload: { Reaction: { popup: false } },
  }),
  'GET /api/v2/tokens/{id}': async ({ t, actor, target }) => {
    const token = await bearerFor(t, target.userID);
    return { url: `/api/v2/tokens/${token.accessTokenID}?transientKey=${actor.transientKey ?? ''}` };
  },
  'DELETE /api/v2/tokens/{id}': async ({ t, target }) => {
    const token = await bearerFor(t, target.userID);
    return { url: `/api/v2/tokens/${token.accessTokenID}` };
  },
};

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
}

/** `METHOD /path` of every route whose parameters name a user or a user's token. */
function routesNamingAUser(document: { paths: Record<string, Record<string, OpenApiOperation>> }): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const namesUser =
        parameters.some((parameter) => parameter.name === 'userID') ||
        /^\/api\/v2\/(users|tokens)\/\{id\}/.test(path);
      if (namesUser) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

function actorOf(t: TestApp, kind: Kind): Promise<TestActor<TestUser>> {
  if (kind === 'member') return asMember(t);
  if (kind === 'moderator') return asModerator(t);
  return asAdmin(t);
}

function describeAnswer(response: LightMyRequestResponse): string {
  return `${response.statusCode} ${response.body.slice(0, 200)}`;
}

describe(`acting on another user needs a higher rank (${testDialect})`, () => {
  let t: TestApp;
  let routes: string[];
  let categoryID: number;
  before(async () => {
    t = await createTestApp();
    routes = routesNamingAUser(t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> });
    categoryID = (await t.db.selectFrom('categories').select('categoryID').orderBy('categoryID').executeTakeFirstOrThrow()).categoryID;
  });
  after(async () => {
    await t.close();
  });

  test('every route that names a user has a sample request or a reason to be exempt', () => {
    assert.ok(routes.includes('PATCH /api/v2/users/{id}') && routes.includes('GET /api/v2/sessions'), routes.join('\n'));
    const uncovered = routes.filter((route) => samples[route] === undefined && exempt[route] === undefined);
    assert.deepEqual(uncovered, [], 'add a sample request (or an exemption with its reason) for these routes');
  });

  test('member, moderator and administrator acting on a member, a moderator and an administrator', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const sample = samples[route];
      if (sample === undefined) continue;
      const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const actorKind of kinds) {
        for (const targetKind of [...kinds, 'self'] as const) {
          // Fresh users each time: a call may delete, ban or change its target (or its actor).
          const actor = await actorOf(t, actorKind);
          const target = targetKind === 'self' ? actor.user : (await actorOf(t, targetKind)).user;
          const request = await sample({ t, actor, target, categoryID });
          const response = await inject(t, actor, {
            method,
            url: request.url,
            ...(request.payload === undefined ? {} : { payload: request.payload as never }),
            ...(request.headers === undefined ? {} : { headers: request.headers }),
          });
          const label = `${route} as ${actorKind} on ${targetKind}: ${describeAnswer(response)}`;
          if (targetKind === 'self') {
            // Acting on oneself is never a rank question (the route's own permission still applies).
            const refusedForRank = response.statusCode === 403 && response.json().message !== 'Permission Problem';
            if (refusedForRank && selfRefused[route] === undefined) failures.push(`${label} (self refused for rank)`);
          } else if (rank[targetKind] >= rank[actorKind]) {
            if (!isRefusal(route, response)) failures.push(`${label} (an equal or higher rank must be refused)`);
          } else if (response.statusCode === 403 && response.json().message !== 'Permission Problem') {
            // Downwards: allowed when the permission is held; a missing permission is a Permission Problem.
            failures.push(`${label} (a lower rank must be allowed when the permission is held)`);
          } else if (actorKind === 'administrator' && (response.statusCode === 403 || response.statusCode === 404)) {
            failures.push(`${label} (an administrator holds every permission)`);
          }
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  test('a moderator can no longer list or end an administrator’s sessions', async () => {
    const moderator = await asModerator(t);
    const admin = await createUser(t, { roleTypes: ['administrator'] });
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await inject(t, moderator, { method, url: `/api/v2/sessions?userID=${admin.userID}` });
      assert.equal(response.statusCode, 403, response.body);
    }
  });
});
