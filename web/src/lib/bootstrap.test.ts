import { describe, expect, it } from 'vitest';
import type { HydratedLayout, WidgetNode } from '../../../common/src/api/layouts.ts';
import { discussionFixture } from '../layout/test-fixtures.ts';
import { guestBootstrap, parseBootstrap, serializeBootstrap, type Bootstrap } from './bootstrap.ts';

const lookup = {
  layoutViewType: 'post',
  recordType: 'discussion',
  recordID: '11',
  params: {},
} as const;

function postLayout(nodes: WidgetNode[]): HydratedLayout {
  return {
    layoutID: 'discussionThread',
    name: 'Discussion',
    layoutViewType: 'post',
    isDefault: true,
    titleBar: { $reactComponent: 'TitleBar', $reactProps: {} },
    contexts: [],
    seo: { title: 'Growing tomatoes indoors', description: '', meta: [], links: [], 'json-ld': [] },
    layout: nodes,
  };
}

/** A discussion page's bootstrap: three widgets share one discussion record, as the server hydrates it. */
function discussionPage(): Bootstrap {
  const discussion = discussionFixture({
    body: '<p>Which lamp? </script><script>alert(1)</script> & more</p>',
  });
  return guestBootstrap({
    layout: {
      lookup,
      result: postLayout([
        {
          $reactComponent: 'SectionTwoColumns',
          $reactProps: {
            mainTop: [
              { $reactComponent: 'DiscussionOriginalPost', $reactProps: { discussion } },
              {
                $reactComponent: 'DiscussionCommentThread',
                $reactProps: {
                  discussion,
                  thread: { comments: [] },
                  paging: { page: 1, limit: 30, total: 0 },
                },
              },
              { $reactComponent: 'CreateComment', $reactProps: { discussion } },
            ],
            secondaryTop: [{ $reactComponent: 'TagCloud', $reactProps: { tags: [] } }],
          },
        },
      ]),
    },
  });
}

describe('the page bootstrap', () => {
  it('reads back as it was written', () => {
    const bootstrap = discussionPage();
    expect(parseBootstrap(serializeBootstrap(bootstrap))).toEqual(bootstrap);
    const plain = guestBootstrap({ config: { 'garden.title': 'Emberly' } });
    expect(parseBootstrap(serializeBootstrap(plain))).toEqual(plain);
  });

  it('carries a discussion its widgets share once', () => {
    const bootstrap = discussionPage();
    const text = serializeBootstrap(bootstrap);
    expect(text.split('"Growing tomatoes indoors","format"')).toHaveLength(2);
    // Each copy of the record costs as much as the record: the page carries one.
    const copies = JSON.stringify(bootstrap).length - text.length;
    expect(copies).toBeGreaterThan(2 * JSON.stringify(discussionFixture()).length - 200);
  });

  it('keeps records that are not shared where they are', () => {
    const first = discussionFixture();
    const second = discussionFixture({ discussionID: 12, name: 'Pruning roses' });
    const bootstrap = guestBootstrap({
      layout: {
        lookup,
        result: postLayout([
          { $reactComponent: 'DiscussionOriginalPost', $reactProps: { discussion: first } },
          { $reactComponent: 'CreateComment', $reactProps: { discussion: second } },
        ]),
      },
    });
    const text = serializeBootstrap(bootstrap);
    expect(text).not.toContain('sharedDiscussion');
    expect(parseBootstrap(text)).toEqual(bootstrap);
  });

  it('cannot close its script element', () => {
    const text = serializeBootstrap(discussionPage());
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u0026 more');
  });
});
