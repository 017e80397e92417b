import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SearchBootstrap } from '../../../../common/src/api/search.page.ts';
import { BOOTSTRAP_END, BOOTSTRAP_START, createPagesApp, type PagesApp } from '../../../test/fake-web-build.ts';
import { makeCategory, makeDiscussion, makeHiddenCategory } from '../../../test/factories.ts';
import { testDialect } from '../../../test/harness.ts';
import { uniqueWord, useSearchFixture } from './search.api-fixture.ts';

describe(`the /search page renders its results on the server (${testDialect})`, () => {
  const fx = useSearchFixture();
  let pages: PagesApp;
  before(async () => {
    pages = await createPagesApp(fx.t);
  });
  after(async () => {
    await pages.close();
  });

  const bootstrapOf = async (url: string): Promise<{ status: number; search: SearchBootstrap | undefined }> => {
    const response = await pages.app.inject({ method: 'GET', url });
    const start = response.body.indexOf(BOOTSTRAP_START) + BOOTSTRAP_START.length;
    const end = response.body.indexOf(BOOTSTRAP_END);
    const bootstrap = JSON.parse(response.body.slice(start, end)) as { search?: SearchBootstrap };
    return { status: response.statusCode, search: bootstrap.search };
  };

  test('a guest gets the first page of visible results, with the query values the page sends', async () => {
    const word = uniqueWord();
    const open = await makeCategory(fx.t);
    const hidden = await makeHiddenCategory(fx.t);
    const visible = await makeDiscussion(fx.t, { categoryID: open.categoryID, name: `Seen ${word}` });
    await makeDiscussion(fx.t, { categoryID: hidden.categoryID, name: `Unseen ${word}` });
    const page = await bootstrapOf(`/search?query=${word}`);
    assert.equal(page.status, 200);
    assert.equal(page.search?.total, 1);
    assert.deepEqual(page.search?.results.map((result) => result.recordID), [visible.discussionID]);
    assert.match(page.search?.results[0]?.excerpt ?? '', /Opening post/);
    assert.equal(page.search?.params.query, word);
    assert.equal(page.search?.params.recordTypes, 'discussion,comment');
  });

  test('no query, another page, or a query the API refuses: nothing embedded, the page still renders', async () => {
    assert.equal((await bootstrapOf('/search')).search, undefined);
    assert.equal((await bootstrapOf('/discussions')).search, undefined);
    const tooLong = await bootstrapOf(`/search?query=${'x'.repeat(400)}`);
    assert.equal(tooLong.status, 200);
    assert.equal(tooLong.search, undefined);
  });
});
