import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asMember,
  asModerator,
  createUser,
  inject,
  sessionFor,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import { multipartBody, tinyImages } from './users.test-support.ts';
import { USER_PHOTO_MAX_BYTES } from './users.photo.ts';

// Profile pictures (api-contract §3): POST /users/{id}/photo, DELETE /users/{id}/photo, and the
// `/uploads/...` files they are served from.

const site = { host: 'hearth.test', 'x-requested-with': 'vanilla', referer: 'http://hearth.test/' };

describe(`Users API pictures (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;

  const upload = (
    actor: { headers: Record<string, string> } | null,
    userRef: string | number,
    parts: Parameters<typeof multipartBody>[0],
  ) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${userRef}/photo`,
      headers: { ...(actor?.headers ?? site), ...headers },
      payload,
    });
  };
  const photo = (fileName: string, content: Uint8Array | string, contentType = 'image/png') => [
    { field: 'photo', fileName, contentType, content },
  ];
  const fetchUpload = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const remove = (actor: { headers: Record<string, string> } | null, userRef: string | number) =>
    inject(t, actor ?? { headers: site }, {
      method: 'DELETE',
      url: `/api/v2/users/${userRef}/photo`,
    });

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    moderator = await asModerator(t);
    member = await asMember(t);
  });
  after(async () => {
    await t.close();
  });

  test('a member uploads their own PNG: 201 {photoUrl}, shown on their profile and served inert', async () => {
    const response = await upload(member, member.user.userID, photo('me.png', tinyImages.png));
    assert.equal(response.statusCode, 201, response.body);
    const { photoUrl } = response.json();
    assert.match(photoUrl, /^http:\/\/hearth\.test\/uploads\/userpics\/[a-z0-9]{2}\/[\w-]+\.png$/);
    const me = await inject(t, member, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(me.json().photoUrl, photoUrl);
    assert.equal(me.json().profilePhotoUrl, photoUrl);
    const file = await fetchUpload(photoUrl);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    assert.match(String(file.headers['content-security-policy']), /default-src 'none'/);
    assert.match(String(file.headers['cache-control']), /max-age=31536000/);
    assert.deepEqual(file.rawPayload, tinyImages.png);
  });

  test('GIF, JPEG and WebP are accepted; the stored type follows the bytes, not the name', async () => {
    for (const [fileName, bytes, extension] of [
      ['a.gif', tinyImages.gif, 'gif'],
      ['a.JPEG', tinyImages.jpeg, 'jpg'],
      ['a.webp', tinyImages.webp, 'webp'],
      ['really-a-png.jpg', tinyImages.png, 'png'],
    ] as const) {
      const response = await upload(member, '$me', photo(fileName, bytes));
      assert.equal(response.statusCode, 201, `${fileName}: ${response.body}`);
      assert.ok(response.json().photoUrl.endsWith(`.${extension}`), fileName);
    }
  });

  test('replacing or deleting a picture removes the old file', async () => {
    const first = (await upload(member, '$me', photo('one.png', tinyImages.png))).json().photoUrl;
    const second = (await upload(member, '$me', photo('two.png', tinyImages.png))).json().photoUrl;
    assert.notEqual(first, second);
    assert.equal((await fetchUpload(first)).statusCode, 404);
    assert.equal((await fetchUpload(second)).statusCode, 200);
    const deleted = await remove(member, '$me');
    assert.equal(deleted.statusCode, 204);
    assert.equal((await fetchUpload(second)).statusCode, 404);
    const me = await inject(t, member, { method: 'GET', url: '/api/v2/users/me' });
    assert.match(me.json().photoUrl, /defaults\/avatar\.svg$/);
  });

  test('a file that is not an image is refused, whatever its name or declared type', async () => {
    for (const [fileName, content] of [
      ['evil.png', '<script>alert(1)</script>'],
      ['evil.gif', 'GIF87 but not really'],
      ['empty.png', ''],
    ] as const) {
      const response = await upload(member, '$me', photo(fileName, content));
      assert.equal(response.statusCode, 422, fileName);
      assert.deepEqual(response.json().errors, [
        {
          field: 'photo',
          code: 'invalid',
          message: 'The uploaded file is not a valid image.',
          status: 422,
        },
      ]);
    }
    for (const fileName of ['evil.svg', 'evil.html', 'noextension', 'image.png.exe']) {
      const response = await upload(member, '$me', photo(fileName, tinyImages.png));
      assert.equal(response.statusCode, 422, fileName);
      assert.match(
        response.json().errors[0].message,
        /^The uploaded file did not have an allowed extension\. Only the following extensions are allowed\. jpg, jpeg, png, gif, webp\.$/,
      );
    }
  });

  test('a file over the size limit is refused', async () => {
    const big = Buffer.alloc(USER_PHOTO_MAX_BYTES + 1, 0);
    tinyImages.png.copy(big);
    const response = await upload(member, '$me', photo('big.png', big));
    assert.equal(response.statusCode, 422);
    assert.equal(response.json().errors[0].message, 'The uploaded file was too big (max 5 MB).');
  });

  test('no photo part, another field name, or a JSON body: photo is required', async () => {
    const wrongField = await upload(member, '$me', [
      { field: 'file', fileName: 'a.png', contentType: 'image/png', content: tinyImages.png },
    ]);
    assert.equal(wrongField.statusCode, 400);
    assert.equal(wrongField.json().errors[0].field, 'photo');
    const onlyText = await upload(member, '$me', [{ field: 'photo', content: 'just text' }]);
    assert.equal(onlyText.statusCode, 400);
    const json = await inject(t, member, {
      method: 'POST',
      url: '/api/v2/users/$me/photo',
      payload: { photo: 'x' },
    });
    assert.equal(json.statusCode, 400);
    assert.equal(json.json().errors[0].field, 'photo');
  });

  test("others' pictures need users.edit and no higher rank", async () => {
    const target = await createUser(t);
    for (const actor of [null, member, moderator]) {
      const response = await upload(actor, target.userID, photo('x.png', tinyImages.png));
      assert.equal(response.statusCode, 403);
    }
    const byAdmin = await upload(admin, target.userID, photo('x.png', tinyImages.png));
    assert.equal(byAdmin.statusCode, 201, byAdmin.body);
    for (const actor of [null, member, moderator])
      assert.equal((await remove(actor, target.userID)).statusCode, 403);
    assert.equal((await remove(admin, target.userID)).statusCode, 204);
    const installed = await t.db
      .selectFrom('users')
      .select(['userID', 'name', 'email'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const higher = await upload(admin, installed.userID, photo('x.png', tinyImages.png));
    assert.equal(higher.statusCode, 403);
    const installedAdmin = await sessionFor(t, {
      userID: installed.userID,
      name: installed.name,
      email: installed.email ?? '',
      password: ADMIN_PASSWORD,
      roleIDs: [],
    });
    assert.equal(
      (await upload(installedAdmin, admin.user.userID, photo('x.png', tinyImages.png))).statusCode,
      201,
    );
  });

  test('DELETE without a picture is a 400; missing users 404; bad IDs 422', async () => {
    const fresh = await asMember(t);
    const response = await remove(fresh, '$me');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'The user does not have a photo.');
    assert.equal((await remove(admin, 987654)).statusCode, 404);
    assert.equal((await upload(admin, 987654, photo('x.png', tinyImages.png))).statusCode, 404);
    assert.equal((await remove(admin, 'abc')).statusCode, 422);
  });

  test('uploads are served only by generated names: no traversal, no dotfiles', async () => {
    for (const url of [
      '/uploads/../hearth.db',
      '/uploads/%2e%2e/hearth.db',
      '/uploads/..%2fhearth.db',
      '/uploads/userpics/.hidden',
      '/uploads/userpics/xx/nope.png',
      '/uploads/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /SQLite format/);
    }
  });

  test('the built-in avatars are served', async () => {
    for (const url of ['/uploads/defaults/avatar.svg', '/uploads/defaults/banned.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
      assert.match(response.body, /^<svg /);
    }
  });
});
