import {
  categoryListQuerySchema,
  type Breadcrumb,
  type Category,
} from '../../../../common/src/api/categories.ts';
import type { CommentThreadSort } from '../../../../common/src/api/comments.ts';
import { discussionsQuerySchema, type Discussion } from '../../../../common/src/api/discussions.ts';
import {
  categoryLinkOf,
  defaultCategoryItemOptions,
  type LayoutPaging,
  type LayoutViewType,
} from '../../../../common/src/api/layouts.ts';
import { tagListQuerySchema } from '../../../../common/src/api/tags.ts';
import type { RequestContext } from '../../http/context.ts';
import { declareGuestRead } from '../../platform/guest-cache.ts';
import type { SiteSettings } from '../config/config.service.ts';
import { listCategories, listPostableCategories } from '../categories/categories.service.ts';
import { hiddenCategoryIDsOf } from '../categories/categories.visibility.ts';
import { postableScope } from '../categories/categories.policy.ts';
import { getCommentThread } from '../comments/comments.thread.service.ts';
import { listDiscussions } from '../discussions/discussions.list.ts';
import { listTags } from '../tags/tags.service.ts';
import { featuredCollectionsHydrator } from '../collections/collections.widget.ts';
import type { LayoutParams } from './layouts.params.ts';
import type { SharedParts } from './layouts.shared-parts.ts';
import { relativeUrl } from './layouts.urls.ts';

/** What the widgets of one page are hydrated for. */
export interface HydrateScope {
  ctx: RequestContext;
  viewType: LayoutViewType;
  params: LayoutParams;
  settings: SiteSettings;
  siteTitle: string;
  /** The page of the page's main list (discussions, or the discussion's comments). */
  page: number;
  /** The category of a category page. */
  category?: Category | undefined;
  /** The discussion of a discussion page (every expansion). */
  discussion?: Discussion | undefined;
  /** `/discussion/comment/{id}`: the comment to scroll to (its thread branch is expanded). */
  focusCommentID?: number | undefined;
  /**
   * For a server-rendered page's bootstrap: widgets whose records are drawn only in part carry
   * only those parts (the page weighs less, and grows less with the forum). The widgets draw
   * exactly what they draw from the full props of `GET /layouts/lookup-hydrate`.
   */
  compact?: boolean | undefined;
  /** Parts shared by every viewer of the same scope (layouts.shared-parts.ts); none: computed here. */
  shared?: SharedParts | undefined;
}

/** Fills a widget's props from its static props; null leaves the widget out. */
export type Hydrator = (
  scope: HydrateScope,
  props: Record<string, unknown>,
) => Promise<Record<string, unknown> | null>;

const NEW_POST_TYPES = ['discussion', 'question'] as const;

function relativeCrumbs(ctx: RequestContext, crumbs: readonly Breadcrumb[]): Breadcrumb[] {
  return crumbs.map((crumb) => ({ name: crumb.name, url: relativeUrl(ctx.config.baseUrl, crumb.url) }));
}

/** The heading level of a widget's title: 1 when it names the page, else 2. */
function headingLevel(props: Record<string, unknown>): 1 | 2 {
  return props.headingLevel === 1 ? 1 : 2;
}

function stringProp(props: Record<string, unknown>, key: string): string | undefined {
  const value = props[key];
  return typeof value === 'string' ? value : undefined;
}

/** Plain JSON of the query a list was loaded with (the client pages with the same params). */
function plainParams(params: Record<string, unknown>): Record<string, string | number | boolean> {
  const plain: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') plain[key] = value;
  }
  return plain;
}

const bannerHydrator: Hydrator = async (scope, props) => {
  if (props.scope === 'category') {
    if (scope.category === undefined) return null;
    return {
      title: scope.category.name,
      description: scope.category.description,
      showSearch: props.showSearch === true,
      iconUrl: scope.category.iconUrl,
      bannerUrl: scope.category.bannerUrl,
    };
  }
  // title null: the widget shows its default, 'How can we help you?' (spec 001 §9).
  return {
    title: null,
    description: scope.settings['garden.description'],
    showSearch: props.showSearch !== false,
  };
};

const breadcrumbsHydrator: Hydrator = async (scope) => {
  const { ctx } = scope;
  const home: Breadcrumb = { name: 'Home', url: '/' };
  switch (scope.viewType) {
    case 'discussionList':
      return { crumbs: [home, { name: 'Discussions', url: '/discussions' }] };
    case 'categoryList':
      if (scope.category?.breadcrumbs !== undefined) {
        return { crumbs: relativeCrumbs(ctx, scope.category.breadcrumbs) };
      }
      return { crumbs: [home, { name: 'Categories', url: '/categories' }] };
    case 'post':
    case 'discussion': {
      const discussion = scope.discussion;
      if (discussion === undefined) return null;
      if (discussion.breadcrumbs !== undefined && discussion.breadcrumbs.length > 0) {
        return { crumbs: relativeCrumbs(ctx, discussion.breadcrumbs) };
      }
      const crumbs = [home];
      if (discussion.category !== undefined) {
        crumbs.push({ name: discussion.category.name, url: relativeUrl(ctx.config.baseUrl, discussion.category.url) });
      }
      return { crumbs };
    }
    case 'home':
      return null;
  }
};

const discussionListHydrator: Hydrator = async (scope, props) => {
  const limit = scope.settings['discussions.perPage'];
  // Announcements lead the list (api-contract §8 `pinOrder=first`): in their category's list, and
  // in every list when announced everywhere (`pinLocation: recent`).
  const staticParams = { pinOrder: 'first', ...((props.apiParams ?? {}) as Record<string, unknown>) };
  let apiParams: Record<string, unknown>;
  if (props.scope === 'category') {
    const category = scope.category;
    // Only categories that display discussions hold them (api-contract §7 displayAs).
    if (category === undefined || category.displayAs !== 'discussions') return null;
    apiParams = {
      limit,
      ...staticParams,
      categoryID: category.categoryID,
      includeChildCategories: true,
      page: scope.page,
      ...(scope.params.sort === undefined ? {} : { sort: scope.params.sort }),
      ...(scope.params.tagID === undefined ? {} : { tagID: scope.params.tagID }),
    };
  } else if (props.showPager === true) {
    apiParams = {
      limit,
      ...staticParams,
      page: scope.page,
      ...(scope.params.sort === undefined ? {} : { sort: scope.params.sort }),
      ...(scope.params.tagID === undefined ? {} : { tagID: scope.params.tagID }),
    };
  } else {
    apiParams = { limit, ...staticParams, page: 1 };
  }
  const query = discussionsQuerySchema.parse({
    ...apiParams,
    // Lists show an excerpt, not the whole body (it would weigh on the page bootstrap).
    expand: ['category', 'insertUser', 'lastUser', 'tags', 'excerpt', '-body'],
    excerptLength: 160,
  });
  const result = await listDiscussions(scope.ctx, query);
  const paging: LayoutPaging = {
    page: result.paging.page,
    limit: result.paging.limit,
    total: result.paging.total ?? result.discussions.length,
  };
  return {
    title: stringProp(props, 'title') ?? null,
    headingLevel: headingLevel(props),
    discussions: result.discussions,
    paging,
    apiParams: plainParams(apiParams),
    showSort: props.showSort === true,
    showPager: props.showPager === true,
    viewAllUrl: stringProp(props, 'viewAllUrl') ?? null,
    categoryID: scope.category?.categoryID ?? null,
  };
};

function listQuery(input: Record<string, unknown>) {
  return categoryListQuerySchema.parse(input);
}

const categoryListHydrator: Hydrator = async (scope, props) => {
  const { ctx } = scope;
  const title = stringProp(props, 'title') ?? null;
  if (props.scope === 'children') {
    const category = scope.category;
    if (category === undefined) return null;
    const result = await listCategories(
      ctx,
      listQuery({ parentCategoryID: category.categoryID, outputFormat: 'tree', maxDepth: 2, expand: ['lastPost'] }),
    );
    if (result.categories.length === 0) return null;
    return {
      title,
      categories: result.categories,
      displayAs: category.displayAs,
      itemOptions: defaultCategoryItemOptions,
    };
  }
  const maxDepth = typeof props.maxDepth === 'number' ? props.maxDepth : 2;
  // The side panel's links show no last post: a compact page leaves it (and its queries) out.
  const links = props.displayAs === 'link';
  const compactLinks = links && scope.compact === true;
  const result = await listCategories(
    ctx,
    listQuery({ outputFormat: 'tree', maxDepth, expand: compactLinks ? [] : ['lastPost'] }),
  );
  if (result.categories.length === 0 && links) return null;
  return {
    title,
    headingLevel: headingLevel(props),
    categories: compactLinks ? result.categories.map(categoryLinkOf) : result.categories,
    displayAs: stringProp(props, 'displayAs') ?? 'categories',
    itemOptions: defaultCategoryItemOptions,
  };
};

function postTypesIn(category: { allowedDiscussionTypes: string[] }): string[] {
  return NEW_POST_TYPES.filter((type) => category.allowedDiscussionTypes.includes(type));
}

/** spec 000 §2 new post menu: the post types the viewer may start here (discussions.add). */
const newPostMenuHydrator: Hydrator = async (scope) => {
  const { ctx } = scope;
  const target = scope.category;
  if (target !== undefined) {
    const permissions = target.permissions ?? {};
    const postable = permissions['discussions.add'] === true && !target.isArchived && target.displayAs !== 'heading';
    const postTypes = postable ? postTypesIn(target) : [];
    return postTypes.length === 0 ? null : { categoryID: target.categoryID, postTypes };
  }
  const scopeOfAdd = postableScope(ctx.permissions);
  if (!scopeOfAdd.all && scopeOfAdd.permissionCategoryIDs.length === 0) return null;
  // The categories `GET /categories?filterDiscussionsAdd=true&outputFormat=flat&limit=500` lists.
  const categories = await listPostableCategories(ctx, 500);
  if (categories.length === 0) return null;
  const postTypes = NEW_POST_TYPES.filter((type) => categories.some((category) => category.allowedDiscussionTypes.includes(type)));
  const categoryID = scope.discussion?.categoryID;
  const inDiscussionCategory = categoryID === undefined ? undefined : categories.find((category) => category.categoryID === categoryID);
  if (inDiscussionCategory !== undefined) {
    const types = postTypesIn(inDiscussionCategory);
    if (types.length > 0) return { categoryID: inDiscussionCategory.categoryID, postTypes: types };
  }
  return postTypes.length === 0 ? null : { postTypes };
};

const tagCloudHydrator: Hydrator = async (scope, props) => {
  if (!scope.settings['tagging.enabled']) return null;
  const limit = typeof props.limit === 'number' ? props.limit : 20;
  const load = () =>
    listTags(
      scope.ctx,
      tagListQuerySchema.parse({ type: 'User', sort: '-countDiscussions', limit, excludeNoCountDiscussion: true }),
    );
  // The same for every viewer who may see the same categories (issue 18: its query was the page's
  // costliest, counting the uses in hidden categories).
  const tags =
    scope.shared === undefined
      ? await load()
      : await scope.shared.read(`TagCloud:${limit}:${(await hiddenCategoryIDsOf(scope.ctx)).join(',')}`, load);
  if (tags.length === 0) return null;
  return { title: stringProp(props, 'title') ?? null, tags };
};

const htmlHydrator: Hydrator = async (_scope, props) => ({ html: stringProp(props, 'html') ?? '' });

const originalPostHydrator: Hydrator = async (scope) =>
  scope.discussion === undefined ? null : { discussion: scope.discussion };

const discussionTagsHydrator: Hydrator = async (scope) => {
  const discussion = scope.discussion;
  if (discussion === undefined) return null;
  return { discussionID: discussion.discussionID, tags: discussion.tags ?? [] };
};

const commentThreadHydrator: Hydrator = async (scope) => {
  const discussion = scope.discussion;
  if (discussion === undefined) return null;
  const limit = scope.settings['comments.perPage'];
  const sort = (scope.params.sort ?? 'dateInserted') as CommentThreadSort;
  const { paging: threadPaging, ...thread } = await getCommentThread(scope.ctx, {
    parentRecordType: 'discussion',
    parentRecordID: discussion.discussionID,
    page: scope.page,
    limit,
    sort,
    expand: ['all'],
    ...(scope.focusCommentID === undefined ? {} : { focusCommentID: scope.focusCommentID }),
  });
  const paging: LayoutPaging = {
    page: threadPaging.page,
    limit: threadPaging.limit,
    total: threadPaging.total ?? discussion.countComments,
  };
  return {
    discussion,
    thread,
    paging,
    sort,
    ...(scope.focusCommentID === undefined ? {} : { focusCommentID: scope.focusCommentID }),
  };
};

/**
 * The category page's follow menu (spec 000 §2 "category follow"): the category only, the same for
 * every viewer (guest pages are cached); the client shows the menu to signed-in members.
 */
const categoryFollowHydrator: Hydrator = async (scope) =>
  scope.category === undefined
    ? null
    : {
        categoryID: scope.category.categoryID,
        name: scope.category.name,
        url: relativeUrl(scope.ctx.config.baseUrl, scope.category.url),
      };

const createCommentHydrator: Hydrator = async (scope) =>
  scope.discussion === undefined ? null : { discussion: scope.discussion };

/** Sections pass their (already hydrated) widget lists through. */
const sectionHydrator: Hydrator = async (_scope, props) => props;

/**
 * A page of one discussion or category shows that record: a guest's cached copy goes with writes
 * to it (and to everything), not with every list change (platform/guest-cache.ts). Its side panel
 * (category links, tag cloud) may then lag other writes by at most GUEST_CACHE_SECONDS.
 */
function declaresRecord(hydrator: Hydrator): Hydrator {
  return (scope, props) => {
    if (scope.discussion !== undefined)
      declareGuestRead(scope.ctx, { discussionIDs: [scope.discussion.discussionID] });
    else if (scope.category !== undefined)
      declareGuestRead(scope.ctx, { categoryIDs: [scope.category.categoryID] });
    return hydrator(scope, props);
  };
}

/** Widget name → hydrator (names of interfaces.md "Layouts"). */
const widgetHydrators: Readonly<Record<string, Hydrator>> = {
  SectionOneColumn: sectionHydrator,
  SectionTwoColumns: sectionHydrator,
  SectionFullWidth: sectionHydrator,
  Banner: bannerHydrator,
  Breadcrumbs: breadcrumbsHydrator,
  DiscussionList: discussionListHydrator,
  CategoryList: categoryListHydrator,
  CategoryFollow: categoryFollowHydrator,
  NewPostMenu: newPostMenuHydrator,
  Html: htmlHydrator,
  TagCloud: tagCloudHydrator,
  DiscussionOriginalPost: originalPostHydrator,
  DiscussionTags: discussionTagsHydrator,
  DiscussionCommentThread: commentThreadHydrator,
  CreateComment: createCommentHydrator,
  FeaturedCollections: featuredCollectionsHydrator,
};

export const hydrators: Readonly<Record<string, Hydrator>> = Object.fromEntries(
  Object.entries(widgetHydrators).map(([name, hydrator]) => [name, declaresRecord(hydrator)]),
);
