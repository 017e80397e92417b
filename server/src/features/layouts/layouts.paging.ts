import type { LayoutPaging, LayoutSeo, WidgetNode } from '../../../../common/src/api/layouts.ts';
import { notFound } from '../../platform/errors.ts';
import { absoluteUrl } from './layouts.urls.ts';

/** The paging of a page's main list: the paged discussion list or the discussion's comments. */
export function mainListPaging(nodes: readonly WidgetNode[]): LayoutPaging | null {
  for (const node of nodes) {
    const props = node.$reactProps;
    const isMainList =
      node.$reactComponent === 'DiscussionCommentThread' ||
      (node.$reactComponent === 'DiscussionList' && props.showPager === true);
    if (isMainList && typeof props.paging === 'object' && props.paging !== null) {
      return props.paging as LayoutPaging;
    }
    for (const value of Object.values(props)) {
      if (!Array.isArray(value) || !value.every(isWidgetNode)) continue;
      const found = mainListPaging(value);
      if (found !== null) return found;
    }
  }
  return null;
}

function isWidgetNode(value: unknown): value is WidgetNode {
  return typeof value === 'object' && value !== null && '$reactComponent' in value;
}

/**
 * spec 000 §2 pager: page `page` of a list exists when it is the first page or holds records; a
 * page past the end answers 404 like a missing record ('{type} Not Found').
 * @throws AppError 404 "Page not found." past the last page
 */
export function assertPageExists(page: number, paging: LayoutPaging | null): void {
  if (page <= 1) return;
  if (paging === null || page > lastPage(paging)) throw notFound('Page');
}

function lastPage(paging: LayoutPaging): number {
  return Math.max(1, Math.ceil(paging.total / Math.max(1, paging.limit)));
}

/**
 * The `prev`/`next` links of a paged list's page (spec 000 §2), added after the canonical link;
 * `pathOfPage` gives the site path of a page (page 1 without suffix).
 */
export function withPageLinks(
  seo: LayoutSeo,
  input: {
    baseUrl: string;
    page: number;
    paging: LayoutPaging | null;
    pathOfPage: (page: number) => string;
  },
): LayoutSeo {
  const { page, paging } = input;
  if (paging === null) return seo;
  const links = [...seo.links];
  if (page > 1)
    links.push({ rel: 'prev', href: absoluteUrl(input.baseUrl, input.pathOfPage(page - 1)) });
  if (page < lastPage(paging))
    links.push({ rel: 'next', href: absoluteUrl(input.baseUrl, input.pathOfPage(page + 1)) });
  return { ...seo, links };
}
