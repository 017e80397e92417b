import type { LayoutViewType } from '../../../../common/src/api/layouts.ts';

/**
 * A node of a layout spec (Vanilla's layout JSON): `$hydrate` names the widget or section, the
 * other keys are its static props. Props holding arrays of nodes (a section's `children`,
 * `mainTop`...) are hydrated recursively.
 */
export interface LayoutSpecNode {
  $hydrate: string;
  $middleware?: { visibility?: { device: 'mobile' | 'desktop' | 'all' } };
  [prop: string]: unknown;
}

/** A layout spec: the sections of one view type. */
export interface LayoutSpec {
  layoutID: string;
  name: string;
  layoutViewType: LayoutViewType;
  layout: LayoutSpecNode[];
}

/** The side panel of the list pages: new post menu, categories, popular tags. */
const listSidePanel: LayoutSpecNode[] = [
  { $hydrate: 'NewPostMenu' },
  { $hydrate: 'CategoryList', title: 'Categories', displayAs: 'link', maxDepth: 1 },
  { $hydrate: 'TagCloud', title: 'Popular Tags', limit: 20 },
];

/** The layouts Hearth ships (ARCHITECTURE "Pages are layouts"), by view type. */
export const defaultLayouts: Readonly<Record<'home' | 'discussionList' | 'categoryList' | 'categoryPage' | 'post', LayoutSpec>> = {
  home: {
    layoutID: 'home',
    name: 'Home',
    layoutViewType: 'home',
    layout: [
      { $hydrate: 'SectionFullWidth', children: [{ $hydrate: 'Banner', showSearch: true }] },
      {
        $hydrate: 'SectionTwoColumns',
        mainTop: [
          {
            $hydrate: 'DiscussionList',
            title: 'Recent Discussions',
            apiParams: { sort: '-dateLastComment', limit: 10 },
            showPager: false,
            viewAllUrl: '/discussions',
          },
        ],
        secondaryTop: listSidePanel,
      },
    ],
  },
  discussionList: {
    layoutID: 'discussionList',
    name: 'Discussions',
    layoutViewType: 'discussionList',
    layout: [
      {
        $hydrate: 'SectionTwoColumns',
        breadcrumbs: [{ $hydrate: 'Breadcrumbs' }],
        mainTop: [
          {
            $hydrate: 'DiscussionList',
            title: 'Recent Discussions',
            headingLevel: 1,
            showSort: true,
            showPager: true,
          },
        ],
        secondaryTop: listSidePanel,
      },
    ],
  },
  categoryList: {
    layoutID: 'categoryList',
    name: 'Categories',
    layoutViewType: 'categoryList',
    layout: [
      {
        $hydrate: 'SectionTwoColumns',
        breadcrumbs: [{ $hydrate: 'Breadcrumbs' }],
        mainTop: [{ $hydrate: 'CategoryList', title: 'Categories', headingLevel: 1, displayAs: 'categories' }],
        secondaryTop: [{ $hydrate: 'NewPostMenu' }, { $hydrate: 'TagCloud', title: 'Popular Tags', limit: 20 }],
      },
    ],
  },
  categoryPage: {
    layoutID: 'discussionCategoryPage',
    name: 'Category',
    layoutViewType: 'categoryList',
    layout: [
      { $hydrate: 'SectionFullWidth', children: [{ $hydrate: 'Banner', scope: 'category', showSearch: false }] },
      {
        $hydrate: 'SectionTwoColumns',
        breadcrumbs: [{ $hydrate: 'Breadcrumbs' }],
        mainTop: [
          { $hydrate: 'CategoryFollow' },
          // Subcategories per the category's displayAs, then its discussions when it holds any.
          { $hydrate: 'CategoryList', scope: 'children' },
          { $hydrate: 'DiscussionList', scope: 'category', showSort: true, showPager: true },
        ],
        secondaryTop: listSidePanel,
      },
    ],
  },
  post: {
    layoutID: 'discussionThread',
    name: 'Discussion',
    layoutViewType: 'post',
    layout: [
      {
        $hydrate: 'SectionTwoColumns',
        breadcrumbs: [{ $hydrate: 'Breadcrumbs' }],
        mainTop: [
          { $hydrate: 'DiscussionOriginalPost' },
          { $hydrate: 'DiscussionTags' },
          { $hydrate: 'DiscussionCommentThread' },
          { $hydrate: 'CreateComment' },
        ],
        secondaryTop: listSidePanel,
      },
    ],
  },
};
