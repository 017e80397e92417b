import { logFilterPath } from '../../../../app/paths.ts';

/**
 * Links of the discussion page that `app/paths.ts` does not have yet (spec 000 §2); they move
 * there when the lead adds them.
 */

/** spec 000 §2: Revision History, `/log/filter?recordType=discussion&recordID={id}` (app/paths.ts). */
export function revisionHistoryPath(discussionID: number): string {
  return logFilterPath({ recordType: 'discussion', recordID: discussionID });
}

/** spec 000 §2: reports of a record, opened in a new tab. */
export function recordReportsPath(recordType: 'discussion' | 'comment', recordID: number): string {
  return `/dashboard/content/reports?${new URLSearchParams({
    statuses: 'none',
    recordType,
    recordID: String(recordID),
  }).toString()}`;
}

/**
 * spec 000 §2: shared links get `utm_source=community-share`. `url` may be absolute or a path;
 * `origin` is the page's origin (the browser's, read in an event handler).
 */
export function shareURL(url: string, origin: string): string {
  const address = new URL(url, origin);
  address.searchParams.set('utm_source', 'community-share');
  return address.toString();
}

/** A same-site URL as an in-app path (`https://site/x?y` → `/x?y`); other sites stay absolute. */
export function appPath(url: string, origin: string): string {
  const address = new URL(url, origin);
  return address.origin === origin
    ? `${address.pathname}${address.search}${address.hash}`
    : address.toString();
}

/** A URL of this site as an in-app path: API records carry absolute URLs (`https://site/x` → `/x`). */
export function sitePath(url: string): string {
  const match = /^https?:\/\/[^/]+(\/.*)?$/i.exec(url);
  if (match === null) return url;
  return match[1] ?? '/';
}
