import type { FastifyReply, FastifyRequest } from 'fastify';

export interface NumberedPaging {
  page: number;
  limit: number;
  /** Total matching records: a numbered pager. Omit for a "more" pager. */
  total?: number;
  /** For a "more" pager: how many records this page returned. */
  count?: number;
}

function pageUrl(request: FastifyRequest, baseUrl: string, page: number): string {
  const url = new URL(request.url, baseUrl);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Sets the paging headers of contract §1.9 (`x-app-page-*` and `Link`) on a list response.
 * URLs are absolute and keep every other query parameter of the request.
 */
export function setPagingHeaders(request: FastifyRequest, reply: FastifyReply, paging: NumberedPaging): void {
  const { page, limit, total } = paging;
  const baseUrl = request.ctx.config.baseUrl;
  const links: string[] = [];
  reply.header('x-app-page-current', String(page));
  reply.header('x-app-page-limit', String(limit));
  const first = pageUrl(request, baseUrl, 1);
  reply.header('x-app-page-first-url', first);
  links.push(`<${first}>; rel="first"`);
  if (page > 1) {
    const prev = pageUrl(request, baseUrl, page - 1);
    reply.header('x-app-page-prev-url', prev);
    links.push(`<${prev}>; rel="prev"`);
  }
  let hasNext: boolean;
  if (total !== undefined) {
    const lastPage = Math.max(1, Math.ceil(total / limit));
    reply.header('x-app-page-result-count', String(total));
    hasNext = page < lastPage;
    const last = pageUrl(request, baseUrl, lastPage);
    reply.header('x-app-page-last-url', last);
    if (hasNext) links.push(`<${pageUrl(request, baseUrl, page + 1)}>; rel="next"`);
    links.push(`<${last}>; rel="last"`);
  } else {
    hasNext = (paging.count ?? 0) >= limit;
    if (hasNext) links.push(`<${pageUrl(request, baseUrl, page + 1)}>; rel="next"`);
  }
  if (hasNext) reply.header('x-app-page-next-url', pageUrl(request, baseUrl, page + 1));
  reply.header('link', links.join(', '));
}
