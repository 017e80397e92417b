/** URL helpers of the layouts: records carry absolute URLs, widgets link with site paths. */

/** A site path of an absolute URL on this site (other URLs are kept as they are). */
export function relativeUrl(baseUrl: string, url: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (url === base) return '/';
  if (url.startsWith(`${base}/`) || url.startsWith(`${base}?`) || url.startsWith(`${base}#`)) {
    const rest = url.slice(base.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return url;
}

/** The absolute URL of a site path. */
export function absoluteUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** spec 000 §2 pager: `/p{page}` pushed onto a record's path from page 2; page 1 has no suffix. */
export function pagedPath(path: string, page: number): string {
  const [pathname = '', query] = path.split('?', 2);
  const bare = pathname.replace(/\/p\d+$/, '').replace(/\/+$/, '');
  const paged = page > 1 ? `${bare}/p${page}` : bare === '' ? '/' : bare;
  return query === undefined ? paged : `${paged}?${query}`;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** Plain text of rendered HTML, cut at a word boundary to `length` characters with '…'. */
export function excerptOfHtml(html: string, length: number): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, entity: string) => {
      const lower = entity.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > length / 2 ? cut.slice(0, boundary) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
