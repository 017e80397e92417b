import type { SearchResult } from '../../../../common/src/api/search.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import type { TagFragment } from '../../../../common/src/api/tags.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { firstImageOfSanitized } from '../../platform/content/sanitize.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { SearchHit } from '../../platform/search/search-engine.ts';
import { foldText, highlightTerms, type SearchTerms } from '../../platform/search/search-text.ts';
import { findCategoriesByIDs } from '../categories/categories.lookup.ts';
import { loadBreadcrumbs } from '../categories/categories.presentation.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import { commentUrl, discussionUrl } from '../discussions/discussions.present.ts';
import { profileUrlOf } from '../users/users.present.ts';
import { loadDiscussionTags } from '../tags/tags.service.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { findCommentRecords, findDiscussionRecords, type PostRecordRow } from './search.records.repo.ts';

/** Characters of an excerpt around the first match. */
const EXCERPT_LENGTH = 240;

/**
 * A plain-text window of `text` around the first matching term, HTML-escaped, with every match
 * wrapped in `<mark>` (the search page shows why a result matched).
 */
export function searchExcerpt(text: string, terms: SearchTerms, length = EXCERPT_LENGTH): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const folded = foldText(plain);
  const positions = [...terms.words, ...terms.substrings]
    .map((term) => folded.indexOf(term))
    .filter((position) => position >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  // Folding may lengthen text (ß → ss); the window is approximate, the marks are exact.
  let start = Math.max(0, Math.min(first - Math.floor(length / 3), plain.length - length));
  if (start > 0) {
    const space = plain.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let window = plain.slice(start, start + length);
  if (start + length < plain.length) {
    const space = window.lastIndexOf(' ');
    window = `${space > length / 2 ? window.slice(0, space) : window}…`;
  }
  return `${start > 0 ? '…' : ''}${highlightTerms(window, terms, escapeHtml)}`;
}

interface PresentOptions {
  expand: ReadonlySet<string>;
  highlight: SearchTerms;
  /** The request's `query`: result URLs then carry it as UTM parameters. */
  query?: string | undefined;
}

/**
 * A result URL with Vanilla's search UTM parameters (api-contract §17 "URLs carry UTM parameters
 * when a query was given"): `utm_source=community-search&utm_medium=organic-search&utm_term=`
 * the query, in the query string (before any `#fragment`).
 */
export function withSearchUtm(url: string, query: string | undefined): string {
  if (query === undefined || query.trim() === '') return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const params = new URLSearchParams({ utm_source: 'community-search', utm_medium: 'organic-search', utm_term: query.trim() });
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}${fragment}`;
}

/**
 * Search hits as result items (api-contract §17), loaded in one query per record type; hits whose
 * record vanished between the search and the load are left out.
 */
export async function presentSearchResults(
  ctx: RequestContext,
  hits: readonly SearchHit[],
  options: PresentOptions,
): Promise<SearchResult[]> {
  const expand = readExpand(options.expand, ['insertUser', 'updateUser', 'breadcrumbs', 'excerpt', 'image', 'tagIDs'], ['body']);
  const url = (address: string): string => withSearchUtm(address, options.query);
  const idsOf = (type: SearchHit['recordType']): number[] =>
    hits.filter((hit) => hit.recordType === type).map((hit) => hit.recordID);
  const [discussions, comments] = await Promise.all([
    findDiscussionRecords(ctx.db, idsOf('discussion')),
    findCommentRecords(ctx.db, idsOf('comment')),
  ]);
  const posts = [...discussions.values(), ...comments.values()];
  const categoryIDs = [...posts.map((post) => post.categoryID), ...idsOf('category')];
  const categories = await findCategoriesByIDs(ctx.db, categoryIDs);
  const breadcrumbs = expand.breadcrumbs ? await loadBreadcrumbs(ctx, categories.values()) : new Map();
  const tags = expand.tagIDs ? await loadDiscussionTags(ctx.db, [...discussions.keys()]) : new Map<number, TagFragment[]>();
  const userIDs = new Set<number>(idsOf('user'));
  for (const post of posts) {
    if (expand.insertUser) userIDs.add(post.insertUserID);
    if (expand.updateUser && post.updateUserID !== null) userIDs.add(post.updateUserID);
  }
  const users: Map<number, UserFragment> = await loadUserFragments(ctx, [...userIDs]);
  const baseUrl = ctx.config.baseUrl;

  const postResult = (hit: SearchHit, post: PostRecordRow): SearchResult => {
    const isComment = post.recordType === 'comment';
    const labelCodes = [...(post.closed ? ['Closed'] : []), ...(post.pinned ? ['Announcement'] : [])];
    const image = expand.image ? firstImageOfSanitized(post.bodyHtml) : null;
    return {
      recordType: post.recordType,
      type: post.type,
      recordID: post.recordID,
      name: isComment ? `Re: ${post.discussionName}` : post.discussionName,
      url: url(isComment ? commentUrl(baseUrl, post.recordID) : discussionUrl(baseUrl, post.recordID, post.discussionName)),
      ...(expand.body ? { body: post.bodyHtml } : {}),
      ...(expand.excerpt ? { excerpt: searchExcerpt(post.bodyPlainText, options.highlight) } : {}),
      ...(image ? { image } : {}),
      categoryID: post.categoryID,
      discussionID: post.discussionID,
      dateInserted: toApiDate(post.dateInserted),
      dateUpdated: toApiDate(post.dateUpdated),
      insertUserID: post.insertUserID,
      ...(expand.insertUser ? { insertUser: users.get(post.insertUserID) } : {}),
      updateUserID: post.updateUserID,
      ...(expand.updateUser
        ? { updateUser: post.updateUserID === null ? null : (users.get(post.updateUserID) ?? null) }
        : {}),
      ...(expand.breadcrumbs ? { breadcrumbs: breadcrumbs.get(post.categoryID) ?? [] } : {}),
      format: post.format,
      isForeign: false,
      ...(isComment
        ? {}
        : {
            counts: [
              { labelCode: 'comments', count: post.countComments },
              { labelCode: 'views', count: post.countViews },
            ],
          }),
      labelCodes,
      ...(expand.tagIDs && !isComment ? { tagIDs: (tags.get(post.recordID) ?? []).map((tag) => tag.tagID) } : {}),
      searchScore: hit.score,
      subqueryMatchCount: hit.matchCount,
    };
  };

  const results: SearchResult[] = [];
  for (const hit of hits) {
    if (hit.recordType === 'discussion' || hit.recordType === 'comment') {
      const post = (hit.recordType === 'discussion' ? discussions : comments).get(hit.recordID);
      if (post) results.push(postResult(hit, post));
    } else if (hit.recordType === 'category') {
      const category = categories.get(hit.recordID);
      if (!category) continue;
      results.push({
        recordType: 'category',
        type: 'category',
        recordID: category.categoryID,
        name: category.name,
        url: url(categoryUrl(baseUrl, category.urlcode)),
        ...(expand.body ? { body: escapeHtml(category.description) } : {}),
        ...(expand.excerpt ? { excerpt: searchExcerpt(category.description, options.highlight) } : {}),
        categoryID: category.categoryID,
        dateInserted: toApiDate(category.dateInserted),
        dateUpdated: toApiDate(category.dateUpdated),
        ...(expand.breadcrumbs ? { breadcrumbs: breadcrumbs.get(category.categoryID) ?? [] } : {}),
        isForeign: false,
        searchScore: hit.score,
        subqueryMatchCount: hit.matchCount,
      });
    } else {
      const user = users.get(hit.recordID);
      if (!user || user.userID === 0) continue;
      results.push({
        recordType: 'user',
        type: 'user',
        recordID: user.userID,
        name: user.name,
        url: url(profileUrlOf(baseUrl, user.name)),
        insertUserID: user.userID,
        ...(expand.insertUser ? { insertUser: user } : {}),
        isForeign: false,
        searchScore: hit.score,
        subqueryMatchCount: hit.matchCount,
      });
    }
  }
  return results;
}
