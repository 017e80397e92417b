import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HydratedLayout } from '../../../common/src/api/layouts.ts';
import { registeredLazyWidgets } from '../layout/registry.ts';
import { guestBootstrap } from '../lib/bootstrap.ts';
import { pageModulesFor } from './page-modules.ts';

const webRoot = path.resolve(import.meta.dirname, '..', '..');

function layoutWith(nodes: HydratedLayout['layout']): HydratedLayout {
  return {
    layoutID: 'post',
    name: 'Discussion',
    layoutViewType: 'post',
    isDefault: true,
    titleBar: { $reactComponent: 'TitleBar', $reactProps: {} },
    contexts: [],
    seo: { title: '', description: '', meta: [], links: [], 'json-ld': [] },
    layout: nodes,
  };
}

function sourcesFor(pathname: string, layout?: HydratedLayout): string[] {
  const bootstrap = guestBootstrap(
    layout === undefined
      ? {}
      : {
          layout: {
            lookup: { layoutViewType: 'post', recordType: 'discussion', recordID: '1', params: {} },
            result: layout,
          },
        },
  );
  return pageModulesFor(pathname, bootstrap).map((module) => module.source);
}

describe('the lazily loaded code of a page (announced by the server, preloaded by the browser)', () => {
  it('is the page of an entry, profile, post or admin path', () => {
    expect(sourcesFor('/entry/signin')).toEqual(['src/features/auth/components/SignInPage.tsx']);
    expect(sourcesFor('/entry/passwordreset/7/abc')).toEqual([
      'src/features/auth/components/ResetPasswordPage.tsx',
    ]);
    // The same ranking as the router: the edit page, not /post/:postType/:categoryID.
    expect(sourcesFor('/post/editdiscussion/12')).toEqual([
      'src/features/discussions/components/post/EditDiscussionPage.tsx',
    ]);
    expect(sourcesFor('/dashboard/categories/3/edit')).toEqual([
      'src/features/admin/components/CategoryFormPage.tsx',
    ]);
    expect(sourcesFor('/no-such-page')).toEqual([]);
  });

  it('is found as the router finds it: whatever the case, escaped, and never on a layout path', () => {
    expect(sourcesFor('/Entry/SignIn')).toEqual(['src/features/auth/components/SignInPage.tsx']);
    expect(sourcesFor('/%65ntry/signin')).toEqual(['src/features/auth/components/SignInPage.tsx']);
    for (const pathname of ['/', '//entry/signin', '/discussions', '/categories/garden/p2', '/discussion/1/kindling/p3', '/discussion/comment/9', '/%zz']) {
      expect(sourcesFor(pathname)).toEqual([]);
    }
  });

  it('is every widget of a layout page, nested ones included', () => {
    const layout = layoutWith([
      {
        $reactComponent: 'SectionTwoColumns',
        $reactProps: {
          breadcrumbs: [{ $reactComponent: 'Breadcrumbs', $reactProps: { crumbs: [] } }],
          mainTop: [
            { $reactComponent: 'DiscussionOriginalPost', $reactProps: {} },
            { $reactComponent: 'DiscussionCommentThread', $reactProps: {} },
            { $reactComponent: 'CreateComment', $reactProps: {} },
          ],
          secondaryTop: [{ $reactComponent: 'TagCloud', $reactProps: { tags: [] } }],
        },
      },
      { $reactComponent: 'NoSuchWidget', $reactProps: {} },
    ]);
    expect([...new Set(sourcesFor('/discussion/1/kindling', layout))].sort()).toEqual([
      'src/features/comments/widgets.ts',
      'src/features/discussions/widgets.ts',
      'src/layout/widgets/BreadcrumbsWidget.tsx',
      'src/layout/widgets/TagCloud.tsx',
    ]);
  });

  it('names modules that exist, so the build can find their chunks', () => {
    const sources = [
      ...[...registeredLazyWidgets().values()].map((widget) => widget.source),
      ...[
        '/entry/signin',
        '/entry/register',
        '/entry/signout',
        '/entry/emailconfirmrequest',
        '/entry/emailconfirm/1/code',
        '/entry/passwordrequest',
        '/entry/passwordreset/1/code',
        '/profile/edit',
        '/dashboard/settings',
        '/dashboard/categories',
        '/dashboard/categories/add',
        '/dashboard/jobs',
        '/dashboard/users',
        '/dashboard/roles',
        '/dashboard/roles/add',
        '/dashboard/roles/1/edit',
        '/dashboard/content/report-reasons',
        '/home/leaving',
        '/post/discussion',
        '/post/editdiscussion/1',
      ].flatMap((pathname) => sourcesFor(pathname)),
    ];
    expect(sources.length).toBeGreaterThan(20);
    expect(sources.filter((source) => !existsSync(path.join(webRoot, source)))).toEqual([]);
  });
});
