import type { User, UserEdit, UserFragment } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { toApiDate } from '../../platform/dates.ts';
import {
  BANNED_AVATAR_PATH,
  DEFAULT_AVATAR_PATH,
  isStoredUploadPath,
  uploadUrl,
} from '../../platform/uploads.ts';
import {
  canSeeLastActive,
  canSeeRole,
  canViewPersonalInfo,
  userViewFor,
  type UserVisibility,
} from './users.policy.ts';
import type { UserFragmentRow, UserRoleRow, UserRow } from './users.repo.ts';

/** spec 000 §3 / spec 001 error catalogue: the name shown for deleted users. */
export const DELETED_USER_NAME = 'Deleted User';

/** api-contract §1.14: the guest's name. */
export const GUEST_NAME = 'Guest';

/** Who looks at embedded users: enough to decide what a UserFragment shows. */
export interface FragmentViewer {
  baseUrl: string;
  viewerID: number;
  /** spec 000 §6 `personalInfo.view`: private profiles' last-active dates. */
  canViewPersonalInfo: boolean;
}

/** The fragment viewer of a request. */
export function fragmentViewerOf(ctx: RequestContext): FragmentViewer {
  return {
    baseUrl: ctx.config.baseUrl,
    viewerID: ctx.actor.userID,
    canViewPersonalInfo: canViewPersonalInfo(ctx.permissions),
  };
}

/** The default avatar's URL (users without a picture, guests). */
export function defaultAvatarUrl(baseUrl: string): string {
  return uploadUrl(baseUrl, DEFAULT_AVATAR_PATH);
}

/**
 * A user's picture URL: the banned avatar for banned users (api-contract §3), the stored upload or
 * the external URL given at creation, else the default avatar.
 */
export function photoUrlOf(baseUrl: string, photo: string | null, banned: number): string {
  if (banned !== 0) return uploadUrl(baseUrl, BANNED_AVATAR_PATH);
  return storedPhotoUrl(baseUrl, photo) ?? defaultAvatarUrl(baseUrl);
}

/** The URL of the stored picture itself, or null when the user has none. */
export function storedPhotoUrl(baseUrl: string, photo: string | null): string | null {
  if (photo === null || photo === '') return null;
  if (isStoredUploadPath(photo)) return uploadUrl(baseUrl, photo);
  return /^https?:\/\//i.test(photo) ? photo : null;
}

/** spec 000 §2: `/profile/{username}`. */
export function profileUrlOf(baseUrl: string, name: string): string {
  return `${baseUrl}/profile/${encodeURIComponent(name)}`;
}

/** spec 000 §3: the placeholder of deleted, unknown and removed users. */
export function deletedUserFragment(): UserFragment {
  return { userID: 0, name: DELETED_USER_NAME, photoUrl: '', dateLastActive: null };
}

/** api-contract §1.14: the guest fragment. */
export function guestUserFragment(baseUrl: string): UserFragment {
  return { userID: 0, name: GUEST_NAME, photoUrl: defaultAvatarUrl(baseUrl), dateLastActive: null };
}

/**
 * A UserFragment (api-contract §1.14) for embedding in other records. Missing and deleted users
 * become the 'Deleted User' placeholder; a private profile's last-active date is shown only to the
 * user and to `personalInfo.view` holders.
 */
export function presentUserFragment(
  row: UserFragmentRow | null | undefined,
  viewer: FragmentViewer,
): UserFragment {
  if (!row || row.deleted) return deletedUserFragment();
  return {
    userID: row.userID,
    name: row.name,
    url: profileUrlOf(viewer.baseUrl, row.name),
    photoUrl: photoUrlOf(viewer.baseUrl, row.photo, row.banned),
    ...(canSeeLastActive(viewer, row) ? { dateLastActive: toApiDate(row.dateLastActive) } : {}),
    ...(row.title ? { title: row.title } : {}),
    banned: row.banned === 0 ? 0 : 1,
    private: row.private,
  };
}

/** What a user presenter needs beyond the row. */
export interface PresentUserOptions {
  baseUrl: string;
  visibility: UserVisibility;
  roles: readonly UserRoleRow[];
  /** `expand=reactionsReceived` (or `all`). */
  reactionsReceived: boolean;
  /** `expand=profileFields` (or `all`): location and about (issue 15). */
  profileFields?: boolean;
}

/** Roles a viewer may see: roles marked personal info need `personalInfo.view`, or being the user. */
export function visibleRoles(
  roles: readonly UserRoleRow[],
  visibility: UserVisibility,
  userID: number,
): { roleID: number; name: string }[] {
  return roles
    .filter((role) => canSeeRole(visibility, role, userID))
    .map((role) => ({ roleID: role.roleID, name: role.name }));
}

/**
 * A user as the viewer may see it (api-contract §3): full, profile (`profiles.view`) or minimal
 * (private profile, or no `profiles.view`). Fields are listed explicitly; `email` appears only in
 * the full view or when the user chose `showEmail`; admin extras only for `site.manage`.
 */
export function presentUser(row: UserRow, options: PresentUserOptions): User {
  const { baseUrl, visibility } = options;
  const view = userViewFor(visibility, row);
  const photoUrl = photoUrlOf(baseUrl, row.photo, row.banned);
  const banned = row.banned === 0 ? 0 : 1;
  const minimal = {
    userID: row.userID,
    name: row.name,
    photoUrl,
    profilePhotoUrl: photoUrl,
    banned,
    private: row.private,
  };
  const adminExtras = visibility.canViewAdminExtras
    ? {
        insertIPAddress: row.insertIPAddress,
        lastIPAddress: row.lastIPAddress,
        isAdmin: row.isAdmin || row.isSysAdmin,
        isSysAdmin: row.isSysAdmin,
        isSuperAdmin: false,
      }
    : {};
  if (view === 'minimal') return { ...minimal, ...adminExtras };

  const profile = {
    ...minimal,
    url: profileUrlOf(baseUrl, row.name),
    points: row.points,
    dateInserted: toApiDate(row.dateInserted),
    dateLastActive: toApiDate(row.dateLastActive),
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countPosts: row.countDiscussions + row.countComments,
    countVisits: row.countVisits,
    inviteUserID: row.inviteUserID,
    // Reactions are not built yet: the expansion is an honest empty map.
    ...(options.reactionsReceived ? { reactionsReceived: {} } : {}),
    ...(options.profileFields === true
      ? { profileFields: { location: row.location, about: row.about } }
      : {}),
    // spec 000 §2 user card: the title shows beside the name to whoever sees the profile.
    ...(row.title ? { title: row.title } : {}),
  };
  if (view === 'profile') {
    return {
      ...profile,
      ...(row.showEmail && row.email !== null ? { email: row.email } : {}),
      ...adminExtras,
    };
  }
  return {
    ...profile,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    showEmail: row.showEmail,
    bypassSpam: row.bypassSpam,
    dateUpdated: toApiDate(row.dateUpdated),
    roles: visibleRoles(options.roles, visibility, row.userID),
    ...adminExtras,
  };
}

/** `GET /users/{id}/edit` (api-contract §3). */
export function presentUserEdit(row: UserRow, baseUrl: string): UserEdit {
  return {
    userID: row.userID,
    name: row.name,
    email: row.email,
    showEmail: row.showEmail,
    photo: storedPhotoUrl(baseUrl, row.photo),
    emailConfirmed: row.emailConfirmed,
    bypassSpam: row.bypassSpam,
  };
}
