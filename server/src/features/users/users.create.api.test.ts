import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { uniqueName } from '../../../test/actors.ts';
import { assertNoLeak } from './users.test-support.ts';
import { USERNAME_RULE, useUsersWriteFixture } from './users.write.api-fixture.ts';

describe(`Users API writes: POST /users (${testDialect})`, () => {
  const fx = useUsersWriteFixture();
  const { call, signIn, roleWith, actorWithRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let moderator: typeof fx.moderator;
  let member: typeof fx.member;
  let roleIDs: typeof fx.roleIDs;
  before(() => {
    ({ t, admin, moderator, member, roleIDs } = fx);
  });

  describe('POST /users', () => {
    const body = (overrides: Record<string, unknown> = {}) => {
      const name = uniqueName('new');
      return {
        name,
        email: `${name.toLowerCase()}@new.test`,
        password: 'Secret-Password-1',
        ...overrides,
      };
    };

    test('users.add creates a member with a confirmed e-mail, sends a welcome e-mail, answers the full user', async () => {
      const input = body();
      const sent = t.mail.sent.length;
      const response = await call(admin, 'POST', '/api/v2/users', input);
      assert.equal(response.statusCode, 201, response.body);
      const user = response.json();
      assert.equal(user.name, input.name);
      assert.equal(user.email, input.email);
      assert.equal(user.emailConfirmed, true);
      assert.equal(user.bypassSpam, false);
      assert.equal(user.private, false);
      assert.deepEqual(user.roles, [{ roleID: roleIDs.member, name: 'Member' }]);
      assertNoLeak(response, []);
      assert.equal(t.mail.sent.length, sent + 1);
      const mail = t.mail.sent.at(-1);
      assert.equal(mail?.to, input.email);
      assert.ok(
        !mail?.text.includes(input.password),
        'the welcome e-mail must not carry the password',
      );
      assert.equal((await signIn(input.name, input.password)).statusCode, 201);
    });

    test('roles, flags and a photo URL are taken; sendWelcomeEmail false sends nothing', async () => {
      const sent = t.mail.sent.length;
      const input = body({
        roleID: [roleIDs.moderator],
        emailConfirmed: false,
        bypassSpam: true,
        private: true,
        showEmail: true,
        sendWelcomeEmail: false,
        photo: 'https://cdn.example.test/a.png',
      });
      const response = await call(admin, 'POST', '/api/v2/users', input);
      assert.equal(response.statusCode, 201, response.body);
      const user = response.json();
      assert.deepEqual(user.roles, [{ roleID: roleIDs.moderator, name: 'Moderator' }]);
      assert.equal(user.emailConfirmed, false);
      assert.equal(user.bypassSpam, true);
      assert.equal(user.private, true);
      assert.equal(user.showEmail, true);
      assert.equal(user.photoUrl, 'https://cdn.example.test/a.png');
      assert.equal(t.mail.sent.length, sent);
    });

    test('a unicode name that follows the rule is accepted', async () => {
      const response = await call(
        admin,
        'POST',
        '/api/v2/users',
        body({ name: 'Zoë_Ünï' + String(Date.now()).slice(-4) }),
      );
      assert.equal(response.statusCode, 201, response.body);
    });

    test('403 for guests, members and moderators (no users.add)', async () => {
      for (const actor of [null, member, moderator]) {
        const input = body();
        const response = await call(actor, 'POST', '/api/v2/users', input);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['users.add']);
        assertNoLeak(response, [input.email]);
      }
    });

    test('a cookie write without the CSRF proof is refused', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users',
        headers: { cookie: admin.headers.cookie ?? '' },
        payload: body(),
      });
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().message, 'Invalid CSRF token. Please try again.');
    });

    test('the username rule refuses markup, short, long and spaced names', async () => {
      for (const name of [
        '<script>alert(1)</script>',
        'ab',
        'a'.repeat(21),
        'with space',
        'semi;colon',
        'x'.repeat(5000),
      ]) {
        const response = await call(admin, 'POST', '/api/v2/users', body({ name }));
        assert.equal(response.statusCode, 422, name);
        assert.deepEqual(response.json().errors, [
          { field: 'name', code: 'invalid', message: USERNAME_RULE, status: 422 },
        ]);
      }
    });

    test('missing and mistyped fields are validation errors', async () => {
      const cases: [Record<string, unknown>, string, number][] = [
        [{ name: undefined }, 'name', 400],
        [{ email: undefined }, 'email', 400],
        [{ password: undefined }, 'password', 400],
        [{ name: 12345 }, 'name', 422],
        [{ email: 'not-an-email' }, 'email', 422],
        [{ email: `${'a'.repeat(250)}@x.test` }, 'email', 422],
        [{ password: 1234567890 }, 'password', 422],
        [{ password: 'p'.repeat(201) }, 'password', 422],
        [{ name: '' }, 'name', 400],
        [{ emailConfirmed: 'yes' }, 'emailConfirmed', 422],
        [{ roleID: 'moderator' }, 'roleID', 422],
        [{ roleID: [1.5] }, 'roleID.0', 422],
        [{ photo: 'javascript:alert(1)' }, 'photo', 422],
        [{ photo: '<img src=x onerror=alert(1)>' }, 'photo', 422],
      ];
      for (const [overrides, field, status] of cases) {
        const response = await call(admin, 'POST', '/api/v2/users', body(overrides));
        assert.equal(response.statusCode, status, JSON.stringify(overrides));
        assert.equal(response.json().errors[0].field, field, JSON.stringify(overrides));
      }
    });

    test('a short password gets the minimum-length message', async () => {
      const response = await call(admin, 'POST', '/api/v2/users', body({ password: 'short12' }));
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors, [
        {
          field: 'password',
          code: 'minLength',
          message: 'Your password must be at least 8 characters long.',
          status: 422,
        },
      ]);
    });

    test('duplicate name or e-mail (any case) is a 400 with the spec messages', async () => {
      const first = body();
      assert.equal((await call(admin, 'POST', '/api/v2/users', first)).statusCode, 201);
      const both = await call(
        admin,
        'POST',
        '/api/v2/users',
        body({ name: first.name.toUpperCase(), email: first.email.toUpperCase() }),
      );
      assert.equal(both.statusCode, 400);
      assert.deepEqual(both.json().errors, [
        {
          field: 'name',
          code: 'invalid',
          message: 'The name you entered is already in use.',
          status: 400,
        },
        {
          field: 'email',
          code: 'invalid',
          message: 'The email you entered is already in use.',
          status: 400,
        },
      ]);
      const email = await call(admin, 'POST', '/api/v2/users', body({ email: first.email }));
      assert.deepEqual(
        email.json().errors.map((error: { field: string }) => error.field),
        ['email'],
      );
    });

    test('roles: at least one, existing, and assignable by the editor', async () => {
      const empty = await call(admin, 'POST', '/api/v2/users', body({ roleID: [] }));
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().errors[0].message, 'A user must have at least one role.');
      const unknown = await call(admin, 'POST', '/api/v2/users', body({ roleID: [987654] }));
      assert.equal(unknown.statusCode, 422);
      assert.equal(unknown.json().errors[0].field, 'roleID');
      // Holds what the member role grants plus users.add/edit, but not the administrator's grants.
      const memberGrants = await t.db
        .selectFrom('rolePermissions')
        .select('permission')
        .where('roleID', '=', roleIDs.member ?? 0)
        .where('resourceType', '=', 'global')
        .execute();
      const manager = await actorWithRole(
        await roleWith('User manager', [
          ...memberGrants.map((row) => row.permission),
          'users.add',
          'users.edit',
        ]),
      );
      const refused = await call(
        manager,
        'POST',
        '/api/v2/users',
        body({ roleID: [roleIDs.administrator] }),
      );
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json().errors, [
        {
          field: 'roleID',
          code: 'invalid',
          message: "You don't have permission to assign these roles: Administrator",
          status: 403,
        },
      ]);
      const allowed = await call(
        manager,
        'POST',
        '/api/v2/users',
        body({ roleID: [roleIDs.member] }),
      );
      assert.equal(allowed.statusCode, 201, allowed.body);
    });
  });
});
