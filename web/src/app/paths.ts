/**
 * Every URL the app links to (CONVENTIONS §7): no hand-written URL strings elsewhere.
 * Entry routes follow spec 000 §2; the e-mail confirmation and password reset links are the ones
 * the server puts in its e-mails.
 */

function withQuery(
  path: string,
  query: Record<string, string | number | undefined | null>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      search.set(key, String(value));
    }
  }
  const qs = search.toString();
  return qs === '' ? path : `${path}?${qs}`;
}

export function homePath(): string {
  return '/';
}

export function discussionsPath(): string {
  return '/discussions';
}

export function categoriesPath(): string {
  return '/categories';
}

/** Whether a path is one of the /entry pages (sign-in links then carry no target). */
export function isEntryPath(pathname: string): boolean {
  return pathname === '/entry' || pathname.startsWith('/entry/');
}

/** spec 000 §2: sign-in link with the current page as `target` (not from /entry pages). */
export function signInPath(
  options: { target?: string | undefined; targetParam?: 'target' | 'Target'; base?: string } = {},
): string {
  const base = options.base ?? '/entry/signin';
  const target = options.target;
  if (target === undefined || isEntryPath(target.split('?')[0] ?? target)) {
    return base;
  }
  return withQuery(base, { [options.targetParam ?? 'target']: target });
}

export function registerPath(options: { target?: string | undefined; base?: string } = {}): string {
  const base = options.base ?? '/entry/register';
  const target = options.target;
  if (target === undefined || isEntryPath(target.split('?')[0] ?? target)) {
    return base;
  }
  return withQuery(base, { target });
}

/** Sign-out link: the transient key proves intent (api-contract §2 "Sign-out"). */
export function signOutPath(options: {
  transientKey: string;
  target?: string | undefined;
  base?: string;
}): string {
  return withQuery(options.base ?? '/entry/signout', {
    TransientKey: options.transientKey,
    Target: options.target,
  });
}

export function emailConfirmRequestPath(): string {
  return '/entry/emailconfirmrequest';
}

/** The confirmation link of the registration e-mail. */
export function confirmEmailPath(userID: number, code: string): string {
  return `/entry/emailconfirm/${userID}/${encodeURIComponent(code)}`;
}

export function requestPasswordPath(): string {
  return '/entry/passwordrequest';
}

/** The link of the password reset e-mail. */
export function resetPasswordPath(userID: number, code: string): string {
  return `/entry/passwordreset/${userID}/${encodeURIComponent(code)}`;
}

export function profilePath(name: string): string {
  return `/profile/${encodeURIComponent(name)}`;
}

export function editProfilePath(): string {
  return '/profile/edit';
}

/** Route patterns for the router (same URLs as the builders above). */
export const routePatterns = {
  home: '/',
  signIn: '/entry/signin',
  register: '/entry/register',
  signOut: '/entry/signout',
  emailConfirmRequest: '/entry/emailconfirmrequest',
  confirmEmail: '/entry/emailconfirm/:userID/:code',
  requestPassword: '/entry/passwordrequest',
  resetPassword: '/entry/passwordreset/:userID/:code',
  editProfile: '/profile/edit',
} as const;
