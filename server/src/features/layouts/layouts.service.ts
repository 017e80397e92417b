import {
  isLayoutRedirect,
  type HydratedLayout,
  type LayoutLookup,
  type LayoutRecordType,
  type LayoutSeo,
  type LayoutViewType,
  type LookupHydrateResult,
  type WidgetNode,
} from '../../../../common/src/api/layouts.ts';
import { enableRequestLoader } from '../../http/request-loader.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { RequestContext } from '../../http/context.ts';
import { INT_MAX } from '../../../../common/src/api/common.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { getCategory } from '../categories/categories.service.ts';
import { feedLinksOf, findTagOfPage } from '../feeds/feeds.service.ts';
import { findCommentLocation } from '../comments/comments.thread.service.ts';
import { getDiscussion, recordDiscussionView } from '../discussions/discussions.read.ts';
import { defaultLayouts, type LayoutSpec, type LayoutSpecNode } from './layouts.defaults.ts';
import { hydrators, type HydrateScope } from './layouts.hydrators.ts';
import { parseLayoutParams } from './layouts.params.ts';
import type { SharedParts } from './layouts.shared-parts.ts';
import { assertPageExists, mainListPaging, withPageLinks } from './layouts.paging.ts';
import { absoluteUrl, excerptOfHtml, pagedPath, relativeUrl } from './layouts.urls.ts';

/** Which record types each view type is looked up with (api-contract §22 "Front-end lookups"). */
const recordTypesOf: Record<LayoutViewType, readonly LayoutRecordType[]> = {
  home: ['siteSection'],
  discussionList: ['siteSection'],
  categoryList: ['siteSection', 'category'],
  post: ['discussion', 'comment'],
  discussion: ['discussion', 'comment'],
};

function positiveID(field: string, value: string, type: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) {
    throw validationError([
      { field, code: 'invalid', message: `${field} is not a valid integer.`, status: 422 },
    ]);
  }
  // Past the integer column's range no record exists (PostgreSQL would fail the statement).
  if (Number(value) > INT_MAX) throw notFound(type);
  return Number(value);
}

/** A category path segment: its ID, else its URL code (`/categories/{urlcode}`). */
function categoryRef(recordID: string): number | `$urlcode:${string}` {
  if (!/^\d+$/.test(recordID)) return `$urlcode:${recordID}`;
  if (Number(recordID) > INT_MAX) throw notFound('Category');
  return Number(recordID);
}

/** Hydrates one spec node: its widget's props, then any nested node lists; null drops it. */
async function hydrateNode(scope: HydrateScope, node: LayoutSpecNode): Promise<WidgetNode | null> {
  const { $hydrate, $middleware, ...staticProps } = node;
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(staticProps)) {
    if (Array.isArray(value) && value.every(isSpecNode)) {
      const children = await hydrateNodes(scope, value);
      props[key] = children;
    } else {
      props[key] = value;
    }
  }
  const hydrator = hydrators[$hydrate];
  const hydrated = hydrator ? await hydrator(scope, props) : props;
  if (hydrated === null) return null;
  return {
    $reactComponent: $hydrate,
    $reactProps: hydrated,
    ...($middleware === undefined ? {} : { $middleware }),
  };
}

function isSpecNode(value: unknown): value is LayoutSpecNode {
  return typeof value === 'object' && value !== null && typeof (value as { $hydrate?: unknown }).$hydrate === 'string';
}

async function hydrateNodes(scope: HydrateScope, nodes: readonly LayoutSpecNode[]): Promise<WidgetNode[]> {
  const hydrated: WidgetNode[] = [];
  // In order: widgets of one page share the request's database connection.
  for (const node of nodes) {
    const result = await hydrateNode(scope, node);
    if (result !== null) hydrated.push(result);
  }
  return hydrated;
}

/** A section is dropped when every list of widgets it had came out empty. */
function dropEmptySections(nodes: WidgetNode[]): WidgetNode[] {
  return nodes.filter((node) => {
    if (!node.$reactComponent.startsWith('Section')) return true;
    const lists = Object.entries(node.$reactProps).filter(
      ([key, value]) => key !== 'breadcrumbs' && Array.isArray(value),
    );
    return lists.some(([, value]) => (value as unknown[]).length > 0);
  });
}

function seoOf(
  scope: HydrateScope,
  input: { title: string; description: string; canonicalPath: string; type?: string; jsonLd?: Record<string, unknown>[] },
): LayoutSeo {
  const canonical = absoluteUrl(scope.ctx.config.baseUrl, input.canonicalPath);
  const description = input.description;
  const meta: LayoutSeo['meta'] = [
    { property: 'og:title', content: input.title },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: scope.siteTitle },
  ];
  if (description !== '') meta.push({ property: 'og:description', content: description });
  return {
    title: input.title,
    description,
    meta,
    links: [{ rel: 'canonical', href: canonical }],
    'json-ld': input.jsonLd ?? [],
  };
}

function discussionJsonLd(scope: HydrateScope, discussion: Discussion, description: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    headline: discussion.name,
    text: description,
    url: absoluteUrl(scope.ctx.config.baseUrl, relativeUrl(scope.ctx.config.baseUrl, discussion.url)),
    datePublished: discussion.dateInserted,
    author: { '@type': 'Person', name: discussion.insertUser?.name ?? '' },
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/CommentAction',
      userInteractionCount: discussion.countComments,
    },
  };
}

export interface LookupHydrateOptions {
  /** Count a view of a discussion page (pages and the client's navigations do; default true). */
  recordView?: boolean;
  /** Props for a server-rendered page's bootstrap: only what the widgets draw (HydrateScope.compact). */
  compact?: boolean;
  /** Where parts shared by viewers of the same scope are kept (HydrateScope.shared). */
  shared?: SharedParts;
}

/**
 * `GET /layouts/lookup-hydrate` (api-contract §22): the default layout of a view type, with every
 * widget's props hydrated for the record and the viewer (lists are scoped to what they may view).
 * A discussion page counts a view and moves a signed-in reader's read position.
 * @throws AppError 404 "{Type} not found." for an unknown record, 403 without permission to view it,
 * 422 for malformed params.
 */
export async function lookupHydrate(
  ctx: RequestContext,
  lookup: LayoutLookup,
  options: LookupHydrateOptions = {},
): Promise<LookupHydrateResult> {
  // A read: the widgets share their loads of a record (a category, the reaction types).
  enableRequestLoader(ctx);
  const viewType: LayoutViewType = lookup.layoutViewType === 'discussion' ? 'post' : lookup.layoutViewType;
  if (!recordTypesOf[viewType].includes(lookup.recordType)) {
    throw validationError([
      {
        field: 'recordType',
        code: 'invalid',
        message: `recordType must be one of: ${recordTypesOf[viewType].join(', ')}.`,
        status: 422,
      },
    ]);
  }
  const settings = await getSettings(ctx.db);
  const params = parseLayoutParams(viewType, lookup.params);
  const scope: HydrateScope = {
    ctx,
    viewType,
    params,
    settings,
    siteTitle: settings['garden.title'],
    page: params.page ?? 1,
    compact: options.compact === true,
    shared: options.shared,
  };
  const baseUrl = ctx.config.baseUrl;
  let spec: LayoutSpec;
  let seo: LayoutSeo;
  // The site path of a page of the page's main list (spec 000 §2: `/p{page}`, page 1 bare).
  let pathOfPage: ((page: number) => string) | null = null;

  switch (viewType) {
    case 'home': {
      spec = defaultLayouts.home;
      const title = settings['garden.homepageTitle'] !== '' ? settings['garden.homepageTitle'] : settings['garden.title'];
      seo = seoOf(scope, { title, description: settings['garden.description'], canonicalPath: '/' });
      break;
    }
    case 'discussionList': {
      spec = defaultLayouts.discussionList;
      let title = 'Recent Discussions';
      // A tag's discussions are their own list; sorts are views of the same one.
      let listPath = params.tagID === undefined ? '/discussions' : `/discussions?tagID=${params.tagID}`;
      if (params.tag !== undefined) {
        // issue 14: a tag page; an unknown or invisible tag is 404 "Tag not found.".
        const tag = await findTagOfPage(ctx, params.tag);
        params.tagID = tag.tagID;
        title = tag.name;
        listPath = `/discussions/tagged/${encodeURIComponent(tag.urlcode)}`;
      }
      pathOfPage = (page) => pagedPath(listPath, page);
      seo = seoOf(scope, {
        title,
        description: settings['garden.description'],
        canonicalPath: pathOfPage(scope.page),
      });
      break;
    }
    case 'categoryList': {
      if (lookup.recordType === 'siteSection') {
        spec = defaultLayouts.categoryList;
        seo = seoOf(scope, {
          title: 'Categories',
          description: settings['garden.description'],
          canonicalPath: '/categories',
        });
        break;
      }
      const category = await getCategory(ctx, categoryRef(lookup.recordID), {
        lastPost: false,
        preferences: false,
        permissions: true,
      });
      scope.category = category;
      spec = defaultLayouts.categoryPage;
      const categoryPath = relativeUrl(baseUrl, category.url);
      pathOfPage = (page) => pagedPath(categoryPath, page);
      seo = seoOf(scope, {
        title: category.name,
        description: category.description !== '' ? category.description : settings['garden.description'],
        canonicalPath: pathOfPage(scope.page),
      });
      break;
    }
    case 'post': {
      let discussionID: number;
      if (lookup.recordType === 'comment') {
        const commentID = positiveID('recordID', lookup.recordID, 'Comment');
        const location = await findCommentLocation(ctx, commentID, { limit: settings['comments.perPage'] });
        discussionID = location.discussionID;
        scope.page = location.page;
        scope.focusCommentID = commentID;
      } else {
        discussionID = positiveID('recordID', lookup.recordID, 'Discussion');
      }
      const discussion = await getDiscussion(ctx, discussionID, ['all']);
      scope.discussion = discussion;
      const description = excerptOfHtml(discussion.body ?? '', 160);
      spec = defaultLayouts.post;
      const discussionPath = relativeUrl(baseUrl, discussion.url);
      pathOfPage = (page) => pagedPath(discussionPath, page);
      seo = seoOf(scope, {
        title: discussion.name,
        description,
        canonicalPath: pathOfPage(scope.page),
        type: 'article',
        jsonLd: [discussionJsonLd(scope, discussion, description)],
      });
      break;
    }
  }

  const layout = dropEmptySections(await hydrateNodes(scope, spec.layout));
  if (pathOfPage !== null) {
    const paging = mainListPaging(layout);
    assertPageExists(scope.page, paging);
    seo = withPageLinks(seo, { baseUrl, page: scope.page, paging, pathOfPage });
  }
  if (viewType !== 'post') {
    // issue 14: list pages name their RSS feeds (`<link rel="alternate">`).
    seo = { ...seo, links: [...seo.links, ...(await feedLinksOf(ctx, scope.category?.categoryID, params.tag))] };
  }
  if (scope.discussion !== undefined && options.recordView !== false) {
    const limit = settings['comments.perPage'];
    const seen = Math.min(scope.discussion.countComments, scope.page * limit);
    await recordDiscussionView(ctx, scope.discussion.discussionID, seen);
  }
  const result: HydratedLayout = {
    layoutID: spec.layoutID,
    name: spec.name,
    layoutViewType: spec.layoutViewType,
    isDefault: true,
    titleBar: { $reactComponent: 'TitleBar', $reactProps: {} },
    layout,
    contexts: [],
    seo,
  };
  return result;
}

export { isLayoutRedirect };
