import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asModerator,
  asUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { ConfigSchema, ConfigValues } from '../../../../common/src/api/config.ts';
import { nowIso } from '../../platform/dates.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { makeActors, type ErrorBody } from '../../../test/factories.ts';
import { getSettings } from './config.service.ts';

describe(`config API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;

  const getConfig = async (actor: TestActor | null, query = ''): Promise<ConfigValues> => {
    const response = await inject(t, actor, { method: 'GET', url: `/api/v2/config${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as ConfigValues;
  };

  const patch = (actor: TestActor | null, payload: Record<string, unknown>) =>
    inject(t, actor, { method: 'PATCH', url: '/api/v2/config', payload });

  before(async () => {
    t = await createTestApp();
    ({ admin, member, moderator, guest } = await makeActors(t));
  });
  after(async () => {
    await t.close();
  });

  describe('GET /config', () => {
    test('guests read public keys with their defaults', async () => {
      const values = await getConfig(
        guest,
        '?select=garden.cookie.name,garden.cookie.path,garden.title',
      );
      assert.deepEqual(values, {
        'garden.cookie.name': 'hearth',
        'garden.cookie.path': '/',
        'garden.title': 'Hearth',
      });
      const all = await getConfig(guest);
      assert.equal(all['ui.editContentTimeout'], 3600);
      assert.equal(all['tagging.enabled'], true);
      assert.deepEqual(all['navigation.items'], []);
    });

    test('member-only keys are hidden from guests, shown to members', async () => {
      const asGuestView = await getConfig(guest, '?select=upload.maxSize,upload.allowedExtensions');
      assert.deepEqual(asGuestView, {});
      const asMemberView = await getConfig(
        member,
        '?select=upload.maxSize,upload.allowedExtensions',
      );
      assert.equal(asMemberView['upload.maxSize'], 50 * 1024 * 1024);
      assert.ok((asMemberView['upload.allowedExtensions'] as string[]).includes('tar.gz'));
    });

    test('moderator keys: hidden from members, shown to moderators', async () => {
      assert.deepEqual(await getConfig(member, '?select=floodControl.*'), {});
      const values = await getConfig(moderator, '?select=floodControl.*');
      assert.deepEqual(values, {
        'floodControl.comments.count': 5,
        'floodControl.comments.lockSeconds': 120,
        'floodControl.comments.seconds': 60,
        'floodControl.discussions.count': 3,
        'floodControl.discussions.lockSeconds': 120,
        'floodControl.discussions.seconds': 60,
      });
    });

    test('wildcard select, CSV and bracket forms; unknown keys are absent', async () => {
      const values = await getConfig(guest, '?select=signatures.*,nothing.here');
      assert.deepEqual(Object.keys(values).sort(), [
        'signatures.enabled',
        'signatures.hideMobile',
        'signatures.imageMaxHeight',
      ]);
      const bracket = await getConfig(guest, '?select[]=garden.t*&select[]=emails.enabled');
      assert.deepEqual(Object.keys(bracket).sort(), ['emails.enabled', 'garden.title']);
    });

    test('server secrets and state are never readable, even by admins and with *', async () => {
      await t.db
        .insertInto('config')
        .values({ configKey: 'internal.test', value: '"secret state"', dateUpdated: nowIso() })
        .execute();
      for (const query of [
        '',
        '?select=*',
        '?select=hearth.secret',
        '?select=hearth.*,internal.*',
      ]) {
        const values = await getConfig(admin, query);
        assert.ok(
          !Object.keys(values).some(
            (key) => key.startsWith('hearth.') || key.startsWith('internal.'),
          ),
          query,
        );
      }
      const secretRow = await t.db
        .selectFrom('config')
        .select('value')
        .where('configKey', '=', 'hearth.secret')
        .executeTakeFirst();
      assert.ok(secretRow, 'the secret exists, yet is not served');
    });

    test('banned users still read public keys (no ban check)', async () => {
      const banned = await asUser(t, { banned: true });
      const values = await getConfig(banned, '?select=garden.title,upload.maxSize');
      assert.deepEqual(values, { 'garden.title': 'Hearth' });
    });

    test('upload keys answer absolute URLs', async () => {
      const response = await patch(admin, {
        'branding.logo': 'uploads/logo.png',
        'branding.favicon': 'https://cdn.example.test/f.ico',
      });
      assert.equal(response.statusCode, 200, response.body);
      const values = await getConfig(guest, '?select=branding.logo,branding.favicon');
      assert.deepEqual(values, {
        'branding.logo': 'http://hearth.test/uploads/logo.png',
        'branding.favicon': 'https://cdn.example.test/f.ico',
      });
    });

    test('422 for a malformed select', async () => {
      const response = await inject(t, guest, {
        method: 'GET',
        url: `/api/v2/config?select=${'x'.repeat(201)}`,
      });
      assert.equal(response.statusCode, 422);
    });
  });

  describe('PATCH /config', () => {
    test('an admin’s change persists: 200 with an empty body, read back at once', async () => {
      const response = await patch(admin, {
        'garden.title': 'Fireside',
        'ui.editContentTimeout': -1,
        'navigation.items': [
          {
            name: 'Docs',
            url: 'https://docs.example.test',
            children: [{ name: 'API', url: '/api' }],
          },
        ],
      });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, '');
      const values = await getConfig(
        guest,
        '?select=garden.title,ui.editContentTimeout,navigation.items',
      );
      assert.deepEqual(values, {
        'garden.title': 'Fireside',
        'ui.editContentTimeout': -1,
        'navigation.items': [
          {
            name: 'Docs',
            url: 'https://docs.example.test',
            children: [{ name: 'API', url: '/api' }],
          },
        ],
      });
      const stored = await t.db
        .selectFrom('config')
        .select('value')
        .where('configKey', '=', 'garden.title')
        .executeTakeFirstOrThrow();
      assert.equal(stored.value, '"Fireside"');
      const settings = await getSettings(t.db);
      assert.equal(settings['garden.title'], 'Fireside');
      assert.equal(settings['password.minLength'], 8);
    });

    test('strings are stored as plain text', async () => {
      const response = await patch(admin, {
        'garden.description': '<b>Warm</b> talk <script>x</script>',
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(await getConfig(guest, '?select=garden.description'), {
        'garden.description': 'Warm talk x',
      });
    });

    test('403 for members and guests; moderators cannot write community.manage keys', async () => {
      const asMemberResponse = await patch(member, { 'garden.title': 'Mine' });
      assert.equal(asMemberResponse.statusCode, 403);
      assert.deepEqual(asMemberResponse.json(), {
        message: 'Permission Problem',
        status: 403,
        description: 'You need the site.manage permission to do that.',
        permissions: ['site.manage'],
      });
      assert.equal((await patch(guest, { 'garden.title': 'Mine' })).statusCode, 403);
      const asModeratorResponse = await patch(moderator, { 'floodControl.comments.count': 50 });
      assert.equal(asModeratorResponse.statusCode, 403);
      assert.deepEqual((asModeratorResponse.json() as ErrorBody).permissions, ['community.manage']);
      assert.notEqual((await getConfig(guest, '?select=garden.title'))['garden.title'], 'Mine');
    });

    test('every key needs its own write permission (the union, not any one)', async () => {
      const communityManager = await asModerator(t);
      const role = await t.db
        .insertInto('roles')
        .values({ name: 'Community Managers', dateInserted: nowIso() })
        .returning('roleID')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('rolePermissions')
        .values({
          roleID: role.roleID,
          resourceType: 'global',
          resourceID: 0,
          permission: 'community.manage',
          granted: true,
        })
        .execute();
      await t.db
        .insertInto('userRoles')
        .values({ userID: communityManager.user.userID, roleID: role.roleID })
        .execute();
      await bumpPermissionsVersion(t.db);
      const allowed = await patch(communityManager, { 'floodControl.comments.count': 7 });
      assert.equal(allowed.statusCode, 200, allowed.body);
      const mixed = await patch(communityManager, {
        'floodControl.comments.count': 8,
        'garden.title': 'Both',
      });
      assert.equal(mixed.statusCode, 403);
      assert.deepEqual((mixed.json() as ErrorBody).permissions, ['site.manage']);
      assert.equal(
        (await getConfig(admin, '?select=floodControl.comments.count'))[
          'floodControl.comments.count'
        ],
        7,
      );
    });

    test('unknown and private keys answer 422 and nothing is written', async () => {
      const response = await patch(admin, {
        'garden.title': 'Not saved',
        'no.such.key': 1,
        'hearth.secret': 'x',
        'internal.permissionsVersion': 'x',
      });
      assert.equal(response.statusCode, 422);
      const body = response.json() as ErrorBody;
      assert.equal(body.message, 'Validation Failed');
      assert.deepEqual(
        body.errors?.map((error) => error.field),
        ['no.such.key', 'hearth.secret', 'internal.permissionsVersion'],
      );
      assert.notEqual(
        (await getConfig(guest, '?select=garden.title'))['garden.title'],
        'Not saved',
      );
    });

    test('a wrong type answers 422 with one error per key', async () => {
      const response = await patch(admin, {
        'password.minLength': 'eight',
        'registration.method': 'anything',
        'ui.editContentTimeout': -5,
        'navigation.items': [{ name: 'X', permission: 'not.a.permission' }],
      });
      assert.equal(response.statusCode, 422);
      const body = response.json() as ErrorBody;
      const byField = Object.fromEntries((body.errors ?? []).map((error) => [error.field, error]));
      assert.equal(
        byField['password.minLength']?.message,
        'password.minLength is not a valid number.',
      );
      assert.equal(byField['registration.method']?.code, 'invalid');
      assert.equal(byField['ui.editContentTimeout']?.code, 'minimum');
      assert.equal(
        byField['navigation.items.0.permission']?.message,
        'permission must be a known permission name.',
      );
    });

    test('upload.maxSize past the media size column answers 422 and keeps the old value', async () => {
      for (const value of [2_147_483_648, 1e300]) {
        const response = await patch(admin, { 'upload.maxSize': value });
        assert.equal(response.statusCode, 422, String(value));
        assert.equal((response.json() as ErrorBody).errors?.[0]?.field, 'upload.maxSize');
      }
      assert.equal((await getConfig(admin, '?select=upload.maxSize'))['upload.maxSize'], 50 * 1024 * 1024);
    });

    test('read-only keys cannot be changed', async () => {
      const response = await patch(admin, { 'garden.cookie.name': 'other' });
      assert.equal(response.statusCode, 422);
      assert.equal((response.json() as ErrorBody).errors?.[0]?.field, 'garden.cookie.name');
    });

    test('a body that is not an object answers 422', async () => {
      const response = await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/config',
        payload: [1, 2],
      });
      assert.equal(response.statusCode, 422);
    });
  });

  describe('GET /config/schema', () => {
    test('site.manage: every key with its JSON Schema, default and access levels', async () => {
      const response = await inject(t, admin, { method: 'GET', url: '/api/v2/config/schema' });
      assert.equal(response.statusCode, 200, response.body);
      const schema = response.json() as ConfigSchema;
      assert.equal(schema.type, 'object');
      assert.deepEqual(
        { ...schema.properties['garden.title'] },
        {
          type: 'string',
          maxLength: 255,
          default: 'Hearth',
          description: 'The site title.',
          'x-read': 'public',
          'x-write': 'site.manage',
        },
      );
      assert.equal(
        schema.properties['floodControl.comments.count']?.['x-write'],
        'community.manage',
      );
      assert.equal(schema.properties['garden.cookie.name']?.readOnly, true);
      assert.ok(schema.properties['navigation.items']);
      assert.ok(
        !Object.keys(schema.properties).some(
          (key) => key.startsWith('hearth.') || key.startsWith('internal.'),
        ),
      );
    });

    test('403 for members and moderators', async () => {
      for (const actor of [member, moderator, guest]) {
        const response = await inject(t, actor, { method: 'GET', url: '/api/v2/config/schema' });
        assert.equal(response.statusCode, 403);
        assert.deepEqual((response.json() as ErrorBody).permissions, ['site.manage']);
      }
    });
  });
});
