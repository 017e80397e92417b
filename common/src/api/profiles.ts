import type { User } from './users.ts';

/** The lists of a profile page (spec 000 §2; bookmarks: issue 15, owner only). */
export type ProfileListKind = 'discussions' | 'comments' | 'bookmarks';

/** Paging of a list as the web client reads it from the headers (api-contract §1.9). */
export interface ProfileListPaging {
  currentPage?: number;
  limit?: number;
  total?: number;
  nextURL?: string;
  prevURL?: string;
}

/**
 * What a server-rendered profile page embeds (issue 15): the profile's user (`GET /users/{id}` as
 * the viewer sees it) or why it could not be shown, and the page of the list the URL names.
 */
export interface ProfileBootstrap {
  /** The username of the path (`/profile/{name}`, `/profile/{tab}/{name}`). */
  name: string;
  user?: User | undefined;
  error?: { status: number; message: string } | undefined;
  /** The lists the page shows first (the activity tab shows two). */
  lists?: ProfileBootstrapList[] | undefined;
}

/** A page of a profile list as the server rendered it. */
export interface ProfileBootstrapList {
  kind: ProfileListKind;
  userID: number;
  page: number;
  limit: number;
  data: { items: unknown[]; paging: ProfileListPaging };
}

/** A profile route the server renders with data. */
export interface ProfileRoute {
  name: string;
  /** The tab of the path; `activity` for `/profile/{name}`. */
  tab: 'activity' | 'discussions' | 'comments' | 'reactions' | 'bookmarks';
  page: number;
}

/** Paths under `/profile/` that are pages of their own, never usernames. */
const reservedProfilePaths = new Set(['edit', 'notifications', 'preferences', 'followed-content']);
const tabs = new Set(['discussions', 'comments', 'reactions', 'bookmarks']);

/**
 * The profile route of a path (spec 000 §2: `/profile/{username}`, `/profile/{tab}/{username}`,
 * each tab paged with `/p{n}`); null for other paths, the reserved ones included.
 */
export function profileRouteOf(pathname: string): ProfileRoute | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (parts[0] !== 'profile') return null;
  let name: string;
  try {
    name = decodeURIComponent(parts[parts.length === 2 ? 1 : 2] ?? '');
  } catch {
    return null;
  }
  if (parts.length === 2) {
    if (reservedProfilePaths.has(parts[1] ?? '') || name === '') return null;
    return { name, tab: 'activity', page: 1 };
  }
  const tab = parts[1] ?? '';
  if (!tabs.has(tab) || name === '' || parts.length > 4) return null;
  const pageMatch = parts.length === 4 ? /^p(\d{1,6})$/.exec(parts[3] ?? '') : null;
  if (parts.length === 4 && pageMatch === null) return null;
  return { name, tab: tab as ProfileRoute['tab'], page: pageMatch ? Number(pageMatch[1]) : 1 };
}
