import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
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
import type { ErrorBody } from '../../../test/factories.ts';
import { multipartBody, tinyImages } from '../users/users.test-support.ts';
import { UPLOAD_FLOOD_RULE } from './media.service.ts';

// Uploads (api-contract §18): POST /media, GET /media/{id}, DELETE /media/{id}, and how the
// stored files are served from /uploads/.

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><script>alert(1)</script></svg>';

describe(`Media API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let otherMember: TestActor<TestUser>;

  const upload = (
    actor: { headers: Record<string, string> },
    fileName: string,
    content: Uint8Array | string,
    field = 'file',
  ) => {
    const { payload, headers } = multipartBody([
      { field, fileName, contentType: 'application/octet-stream', content },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { ...actor.headers, ...headers },
      payload,
    });
  };
  const storedFile = (url: string) =>
    path.join(t.config.dataDir, 'uploads', new URL(url).pathname.replace(/^\/uploads\//, ''));
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const setConfig = async (values: Record<string, unknown>) => {
    const response = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: values });
    assert.equal(response.statusCode, 200, response.body);
  };

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    moderator = await asModerator(t);
    member = await asMember(t);
    otherMember = await asMember(t);
  });
  after(async () => {
    await t.close();
  });

  test('a member uploads a PNG: 201 Media with its size, and the file is served inline and inert', async () => {
    const response = await upload(member, 'Holiday Photo.PNG', tinyImages.png);
    assert.equal(response.statusCode, 201, response.body);
    const media = response.json();
    assert.equal(typeof media.mediaID, 'number');
    assert.match(media.url, /^http:\/\/hearth\.test\/uploads\/media\/[a-z0-9]{2}\/[\w-]+\.png$/);
    assert.deepEqual(
      { ...media, mediaID: 0, url: '', downloadUrl: '', dateInserted: '' },
      {
        mediaID: 0,
        url: '',
        name: 'Holiday Photo.PNG',
        type: 'image/png',
        size: tinyImages.png.byteLength,
        width: 1,
        height: 1,
        displaySize: 'large',
        float: 'none',
        downloadUrl: '',
        dateInserted: '',
        insertUserID: member.user.userID,
        foreignType: 'embed',
        foreignID: String(member.user.userID),
      },
    );
    assert.match(media.dateInserted, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const file = await fetchFile(media.url);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.equal(file.headers['content-disposition'], undefined);
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    assert.match(String(file.headers['content-security-policy']), /sandbox/);
    assert.deepEqual(file.rawPayload, tinyImages.png);
  });

  test('the shown name never carries folders', async () => {
    const response = await upload(member, '..\\..\\secret/../evil.png', tinyImages.png);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().name, 'evil.png');
  });

  test('an image is stored as what its bytes are, whatever its name says', async () => {
    const response = await upload(member, 'really-a-gif.jpg', tinyImages.gif);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().type, 'image/gif');
    assert.ok(response.json().url.endsWith('.gif'));
  });

  test('a file claiming to be an image that is not one is refused on `file`', async () => {
    const response = await upload(member, 'photo.png', '<html><script>alert(1)</script></html>');
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual((response.json() as ErrorBody).errors, [
      { field: 'file', code: 'invalid', message: 'The uploaded file is not a valid image.', status: 422 },
    ]);
  });

  test('other allowed files are stored and served as downloads, never as pages', async () => {
    const response = await upload(member, 'notes.TXT', '<html><script>alert(1)</script></html>');
    assert.equal(response.statusCode, 201, response.body);
    const media = response.json();
    assert.equal(media.type, 'text/plain');
    assert.equal(media.width, null);
    const file = await fetchFile(media.url);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/octet-stream');
    assert.equal(file.headers['content-disposition'], 'attachment');
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
  });

  test('a file over upload.maxSize is refused with the spec message and nothing is kept', async () => {
    await setConfig({ 'upload.maxSize': 1024 });
    try {
      const before = await t.db.selectFrom('media').select('mediaID').execute();
      const response = await upload(member, 'big.txt', 'x'.repeat(1025));
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual((response.json() as ErrorBody).errors, [
        { field: 'file', code: 'invalid', message: 'The uploaded file was too big (max 1 KB).', status: 422 },
      ]);
      const afterRows = await t.db.selectFrom('media').select('mediaID').execute();
      assert.equal(afterRows.length, before.length);
      const incoming = path.join(t.config.dataDir, 'incoming-uploads');
      assert.deepEqual(fs.existsSync(incoming) ? fs.readdirSync(incoming) : [], []);
      const exact = await upload(member, 'exact.txt', 'x'.repeat(1024));
      assert.equal(exact.statusCode, 201, exact.body);
    } finally {
      await setConfig({ 'upload.maxSize': 50 * 1024 * 1024 });
    }
  });

  test('an extension outside upload.allowedExtensions is refused with the list, case-insensitively', async () => {
    await setConfig({ 'upload.allowedExtensions': ['png', 'tar.gz'] });
    try {
      for (const name of ['page.html', 'no-extension', 'archive.gz', '.png']) {
        const response = await upload(member, name, 'content');
        assert.equal(response.statusCode, 422, `${name}: ${response.body}`);
        assert.deepEqual((response.json() as ErrorBody).errors, [
          {
            field: 'file',
            code: 'invalid',
            message:
              'The uploaded file did not have an allowed extension. Only the following extensions are allowed. png, tar.gz.',
            status: 422,
          },
        ]);
      }
      const archive = await upload(member, 'backup.TAR.GZ', 'not checked');
      assert.equal(archive.statusCode, 201, archive.body);
      assert.equal(archive.json().type, 'application/gzip');
    } finally {
      await setConfig({ 'upload.allowedExtensions': ['txt', 'jpg', 'jpeg', 'gif', 'png', 'zip'] });
    }
  });

  test('SVG: refused for a member and a moderator, accepted from community.manage and served as a download', async () => {
    for (const actor of [member, moderator]) {
      const refused = await upload(actor, 'logo.svg', svg);
      assert.equal(refused.statusCode, 422, refused.body);
      assert.match((refused.json() as ErrorBody).errors?.[0]?.message ?? '', /^The uploaded file did not have an allowed extension\./);
    }
    const response = await upload(admin, 'logo.svg', svg);
    assert.equal(response.statusCode, 201, response.body);
    const media = response.json();
    assert.equal(media.type, 'image/svg+xml');
    assert.equal(media.width, 10);
    assert.equal(media.height, 20);
    const file = await fetchFile(media.url);
    assert.equal(file.headers['content-type'], 'application/octet-stream');
    assert.equal(file.headers['content-disposition'], 'attachment');
    assert.match(String(file.headers['content-security-policy']), /default-src 'none'.*sandbox/);
  });

  test('a request without the `file` field is a 400 on `file`', async () => {
    const wrongField = await upload(member, 'a.png', tinyImages.png, 'photo');
    assert.equal(wrongField.statusCode, 400, wrongField.body);
    assert.deepEqual((wrongField.json() as ErrorBody).errors, [
      { field: 'file', code: 'missingField', message: 'file is required.', status: 400 },
    ]);
    const notMultipart = await inject(t, member, { method: 'POST', url: '/api/v2/media', payload: {} });
    assert.equal(notMultipart.statusCode, 400, notMultipart.body);
  });

  test('a truncated or malformed multipart body answers 400 in the contract shape (issue 11)', async () => {
    const uploader = await asMember(t);
    const whole = multipartBody([{ field: 'file', fileName: 'a.txt', content: 'hello world' }]);
    const boundary = whole.headers['content-type']?.split('boundary=')[1] ?? '';
    const bodies: { payload: Buffer; contentType: string }[] = [
      // Cut inside the file's content, inside a part header, and garbage after the boundary.
      { payload: whole.payload.subarray(0, whole.payload.length - 20), contentType: whole.headers['content-type'] ?? '' },
      { payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`), contentType: whole.headers['content-type'] ?? '' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d]), contentType: whole.headers['content-type'] ?? '' },
      // No boundary at all.
      { payload: whole.payload, contentType: 'multipart/form-data' },
    ];
    for (const { payload, contentType } of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/media',
        headers: { ...uploader.headers, 'content-type': contentType },
        payload,
      });
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json() as ErrorBody;
      assert.equal(body.status, 400);
      assert.equal(body.message, 'The request body is not valid multipart/form-data.');
    }
    const stored = await t.db.selectFrom('media').select('mediaID').where('insertUserID', '=', uploader.user.userID).execute();
    assert.equal(stored.length, 0);
  });

  test('guests and unconfirmed users (no uploads.add) get 403 and nothing is stored', async () => {
    const guest = await asGuest(t);
    const unconfirmed = await asUser(t, { roleTypes: ['unconfirmed'] });
    const countMedia = async () => (await t.db.selectFrom('media').select('mediaID').execute()).length;
    const before = await countMedia();
    for (const actor of [guest, unconfirmed]) {
      const response = await upload(actor, 'a.png', tinyImages.png);
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().message, 'Permission Problem');
      assert.deepEqual(response.json().permissions, ['uploads.add']);
    }
    assert.equal(await countMedia(), before);
  });

  test(`more than ${UPLOAD_FLOOD_RULE.limit} uploads a minute answer 429`, async () => {
    const flooder = await asMember(t);
    for (let index = 0; index < UPLOAD_FLOOD_RULE.limit; index += 1) {
      const response = await upload(flooder, `n${index}.txt`, 'x');
      assert.equal(response.statusCode, 201, response.body);
    }
    const refused = await upload(flooder, 'one-more.txt', 'x');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().message, 'You have exceeded the threshold for file uploads.');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    // Other users are not held back.
    assert.equal((await upload(otherMember, 'fine.txt', 'x')).statusCode, 201);
  });

  describe('GET /media/{id}', () => {
    test('the uploader and community.manage read it; other members, moderators and guests get 403', async () => {
      const media = (await upload(member, 'mine.png', tinyImages.png)).json();
      for (const actor of [member, admin]) {
        const response = await inject(t, actor, { method: 'GET', url: `/api/v2/media/${media.mediaID}` });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), media);
      }
      for (const actor of [otherMember, moderator, await asGuest(t)]) {
        const response = await inject(t, actor, { method: 'GET', url: `/api/v2/media/${media.mediaID}` });
        assert.equal(response.statusCode, 403, response.body);
      }
    });

    test('unknown IDs are 404 and bad IDs 422', async () => {
      const missing = await inject(t, admin, { method: 'GET', url: '/api/v2/media/999999' });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Media not found.');
      const bad = await inject(t, admin, { method: 'GET', url: '/api/v2/media/abc' });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.equal(bad.json().errors[0].field, 'id');
    });
  });

  describe('DELETE /media/{id}', () => {
    test('another member or a moderator gets 403 and the file stays', async () => {
      const media = (await upload(member, 'keep.png', tinyImages.png)).json();
      for (const actor of [otherMember, moderator, await asGuest(t)]) {
        const response = await inject(t, actor, { method: 'DELETE', url: `/api/v2/media/${media.mediaID}` });
        assert.equal(response.statusCode, 403, response.body);
      }
      assert.ok(fs.existsSync(storedFile(media.url)));
    });

    test('the uploader deletes it: 204, the record and the file are gone', async () => {
      const media = (await upload(member, 'gone.png', tinyImages.png)).json();
      const response = await inject(t, member, { method: 'DELETE', url: `/api/v2/media/${media.mediaID}` });
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(response.body, '');
      assert.equal(fs.existsSync(storedFile(media.url)), false);
      const again = await inject(t, member, { method: 'GET', url: `/api/v2/media/${media.mediaID}` });
      assert.equal(again.statusCode, 404);
      assert.equal((await fetchFile(media.url)).statusCode, 404);
    });

    test('community.manage deletes anyone’s; deleteFile=false keeps the file', async () => {
      const media = (await upload(member, 'kept-file.png', tinyImages.png)).json();
      const response = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/media/${media.mediaID}?deleteFile=false`,
      });
      assert.equal(response.statusCode, 204, response.body);
      assert.ok(fs.existsSync(storedFile(media.url)));
      const bad = await inject(t, admin, { method: 'DELETE', url: `/api/v2/media/${media.mediaID}?deleteFile=maybe` });
      assert.equal(bad.statusCode, 422, bad.body);
      const missing = await inject(t, admin, { method: 'DELETE', url: `/api/v2/media/${media.mediaID}` });
      assert.equal(missing.statusCode, 404, missing.body);
    });
  });
});
