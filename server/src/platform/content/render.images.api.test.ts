import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, inject, type TestActor } from '../../../test/actors.ts';
import { multipartBody, tinyImages } from '../../features/users/users.test-support.ts';

// Issue 11 item 19: an uploaded image shown in a post states its size, so the page keeps its room
// before it loads (no layout shift). The media record knows the size (measured at upload).

describe(`uploaded images in bodies carry their size (${testDialect})`, () => {
  let t: TestApp;
  let member: TestActor;

  before(async () => {
    t = await createTestApp();
    member = await asMember(t);
  });
  after(async () => {
    await t.close();
  });

  test("a Markdown image of an upload gets the upload's width and height", async () => {
    const { payload, headers } = multipartBody([
      { field: 'file', fileName: 'dot.png', contentType: 'image/png', content: tinyImages.png },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { ...member.headers, ...headers },
      payload,
    });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const media = uploaded.json() as { url: string; width: number; height: number };
    assert.deepEqual([media.width, media.height], [1, 1]);
    const path = new URL(media.url).pathname;

    const categories = await inject(t, member, { method: 'GET', url: '/api/v2/categories' });
    const categoryID = (categories.json() as { categoryID: number }[])[0]?.categoryID;
    const posted = await inject(t, member, {
      method: 'POST',
      url: '/api/v2/discussions',
      payload: {
        name: 'A dot',
        categoryID,
        format: 'markdown',
        body: `Look: ![a dot](${media.url}) and ![far](https://cdn.example/x.png)`,
      },
    });
    assert.equal(posted.statusCode, 201, posted.body);
    const body = (posted.json() as { body: string }).body;
    assert.ok(
      body.includes(`<img src="${path}" alt="a dot" width="1" height="1" loading="lazy" />`),
      body,
    );
    assert.ok(
      body.includes('<img src="https://cdn.example/x.png" alt="far" loading="lazy" />'),
      body,
    );
  });
});
