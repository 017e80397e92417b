// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import { guestBootstrap } from './lib/bootstrap.ts';
import { layoutLookupForPath, type LayoutLookup } from '../../common/src/api/layouts.lookup.ts';
import type { HydratedLayout } from '../../common/src/api/layouts.ts';
import { discussionFixture } from './layout/test-fixtures.ts';

function listLayout(
  discussions = [
    discussionFixture({ name: 'Growing tomatoes indoors' }),
    discussionFixture({ discussionID: 12, name: 'Pruning <roses> & more' }),
  ],
): HydratedLayout {
  return {
    layoutID: 'discussionList',
    name: 'Discussions',
    layoutViewType: 'discussionList',
    isDefault: true,
    titleBar: { $reactComponent: 'TitleBar', $reactProps: {} },
    contexts: [],
    seo: { title: 'Recent Discussions', description: '', meta: [], links: [], 'json-ld': [] },
    layout: [
      {
        $reactComponent: 'SectionTwoColumns',
        $reactProps: {
          mainTop: [
            {
              $reactComponent: 'DiscussionList',
              $reactProps: {
                title: 'Recent Discussions',
                headingLevel: 1,
                discussions,
                paging: { page: 1, limit: 30, total: discussions.length },
              },
            },
          ],
        },
      },
    ],
  };
}

describe('server render', () => {
  it('renders a page with the title bar, the bootstrap and one :root theme style', async () => {
    const result = await render(
      '/entry/signin?target=%2Fcategories',
      guestBootstrap({ config: { 'garden.title': 'Emberly' } }),
    );
    expect(result.status).toBe(200);
    expect(result.html).toContain('Skip to content');
    expect(result.html).toContain('Keep me signed in');
    expect(result.head).toContain('<title>Sign In - Emberly</title>');
    expect(result.head.match(/<style id="hearth-theme">:root\{/g)).toHaveLength(1);
    expect(result.head).toContain('<script type="application/json" id="hearth-bootstrap">');
  });

  it('answers 404 for unknown pages', async () => {
    const result = await render('/no/such/page', guestBootstrap());
    expect(result.status).toBe(404);
    expect(result.html).toContain('The page you were looking for could not be found.');
  });

  it('escapes the bootstrap so it cannot close its script element', async () => {
    const result = await render(
      '/',
      guestBootstrap({ config: { 'garden.title': '</script><script>alert(1)</script>' } }),
    );
    expect(result.head).not.toContain('</script><script>alert(1)');
    expect(result.head).toContain('\\u003c/script\\u003e');
  });

  it('escapes the forum title in the page title', async () => {
    const result = await render(
      '/entry/signin',
      guestBootstrap({ config: { 'garden.title': `Tom's <b>"Garden"</b>` } }),
    );
    expect(result.head).toContain(
      '<title>Sign In - Tom&#39;s &lt;b&gt;&quot;Garden&quot;&lt;/b&gt;</title>',
    );
  });

  it('renders a layout page from the hydrated layout: titles in the HTML, the page title', async () => {
    const lookup = layoutLookupForPath('/discussions', '') as LayoutLookup;
    const result = await render(
      '/discussions',
      guestBootstrap({
        config: { 'garden.title': 'Emberly' },
        layout: { lookup, result: listLayout() },
      }),
    );
    expect(result.status).toBe(200);
    expect(result.html).toContain('Growing tomatoes indoors');
    expect(result.html).toContain('Pruning &lt;roses&gt; &amp; more');
    expect(result.html).toContain('href="/discussion/11/growing-tomatoes-indoors"');
    expect(result.head).toContain('<title>Recent Discussions - Emberly</title>');
  });

  it('puts a long list in place in the HTML, not in a segment revealed later (no layout shift, issue 11 item 19)', async () => {
    const lookup = layoutLookupForPath('/discussions', '') as LayoutLookup;
    const discussions = Array.from({ length: 30 }, (_, index) =>
      discussionFixture({
        discussionID: 100 + index,
        name: `Discussion number ${index + 1} about the garden`,
      }),
    );
    const result = await render(
      '/discussions',
      guestBootstrap({ layout: { lookup, result: listLayout(discussions) } }),
    );
    expect(result.html.length).toBeGreaterThan(12_800);
    // React outlines a big ready boundary (an empty <template> now, the content in a hidden div
    // moved in by a script): the page would grow under the reader's eyes.
    expect(result.html).not.toMatch(/<template id="B:|<div hidden id="S:/);
    const main = result.html.slice(result.html.indexOf('<main'), result.html.indexOf('</main>'));
    expect(main).toContain('Discussion number 30 about the garden');
  });

  it('answers 404 with "Discussion Not Found" for a missing discussion', async () => {
    const lookup = layoutLookupForPath('/discussion/404/gone', '') as LayoutLookup;
    const result = await render(
      '/discussion/404/gone',
      guestBootstrap({
        layout: { lookup, error: { status: 404, message: 'Discussion not found.' } },
      }),
    );
    expect(result.status).toBe(404);
    expect(result.html).toContain('Discussion Not Found');
    expect(result.html).toContain('The discussion you were looking for could not be found.');
    // The title bar stays rendered on error pages.
    expect(result.html).toContain('Skip to content');
  });

  it('answers 403 with the permission page for a category the reader may not view', async () => {
    const lookup = layoutLookupForPath('/categories/staff', '') as LayoutLookup;
    const result = await render(
      '/categories/staff',
      guestBootstrap({ layout: { lookup, error: { status: 403, message: 'Permission Problem' } } }),
    );
    expect(result.status).toBe(403);
    expect(result.html).toContain('Permission Problem');
  });
});
