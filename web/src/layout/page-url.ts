/**
 * URLs of layout pages built from where the reader is (spec 000 §2 pager): `/p{page}` pushed onto
 * the list's path (page 1 without suffix) with the query string kept.
 */

/** The site path of a URL the API answered (absolute on this site), for in-app links. */
export function toSitePath(url: string): string {
  if (!/^https?:\/\//i.test(url)) {
    return url;
  }
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

function searchWith(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether a path pages with `/p{page}` segments (lists of discussions, categories, comments). */
function pagesInPath(pathname: string): boolean {
  return /^\/(categories|discussion)\/[^/]+/.test(pathname) || /^\/discussions(\/|$)/.test(pathname);
}

/** The URL of `page` of the list at `pathname`+`search`. */
export function pageHref(pathname: string, search: string, page: number): string {
  if (pagesInPath(pathname)) {
    const bare = pathname.replace(/\/p\d+\/?$/, '').replace(/\/+$/, '');
    const path = page > 1 ? `${bare}/p${page}` : bare;
    return `${path}${searchWith(search, { page: null })}`;
  }
  return `${pathname}${searchWith(search, { page: page > 1 ? String(page) : null })}`;
}

/** The URL of the list at `pathname`+`search` sorted by `sort`, from its first page. */
export function sortHref(pathname: string, search: string, sort: string | null): string {
  const first = pageHref(pathname, search, 1);
  const [path = '', query = ''] = first.split('?', 2);
  return `${path}${searchWith(query, { sort })}`;
}
