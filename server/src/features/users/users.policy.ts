import { globalEntry, has } from '../../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';

/** api-contract §3: holders of any of these see the full user object (e-mail included). */
export const fullViewPermissions: readonly PermissionName[] = [
  'users.add',
  'users.edit',
  'users.delete',
  'personalInfo.view',
];

/** api-contract §3 `PUT /users/{id}/ban`: one of these. */
export const banPermissions: readonly PermissionName[] = ['community.moderate', 'users.edit'];

/**
 * Rank levels of api-contract §1.12, lowest to highest: signed in < curation.manage <
 * community.moderate < community.manage < site.manage < admin < system/super admin.
 */
export const rankLevels = {
  none: 0,
  signedIn: 1,
  curator: 2,
  moderator: 3,
  communityManager: 4,
  siteManager: 5,
  admin: 6,
  system: 7,
} as const;

/** The rank of a permission set (api-contract §1.12), used for "may act on that user" checks. */
export function rankOf(set: PermissionSet): number {
  if (set.isSuperAdmin || set.isSysAdmin || globalEntry(set)?.permissions['system.only'] === true)
    return rankLevels.system;
  if (set.isAdmin) return rankLevels.admin;
  const holds = (name: PermissionName) => has(set, name, { mode: 'global' });
  if (holds('site.manage')) return rankLevels.siteManager;
  if (holds('community.manage')) return rankLevels.communityManager;
  if (holds('community.moderate')) return rankLevels.moderator;
  if (holds('curation.manage')) return rankLevels.curator;
  if (holds('session.valid')) return rankLevels.signedIn;
  return rankLevels.none;
}

/** What a viewer may see of users (api-contract §3 views). */
export interface UserVisibility {
  viewerID: number;
  /** Full view of every user: `users.add/edit/delete` or `personalInfo.view`. */
  canViewFull: boolean;
  /** The `profiles.view` view of public profiles. */
  canViewProfiles: boolean;
  /** spec 000 §6: e-mail, private and banned profiles. */
  canViewPersonalInfo: boolean;
  /** Admin-only extras (IP addresses, admin flags): `site.manage`. */
  canViewAdminExtras: boolean;
  /** spec 000 §6 `ui.bannedPrivateProfile`: banned profiles are shown like private ones. */
  bannedPrivateProfile: boolean;
}

/** The viewer's visibility rights, from their permission set. */
export function userVisibilityOf(
  set: PermissionSet,
  viewerID: number,
  bannedPrivateProfile: boolean,
): UserVisibility {
  return {
    viewerID,
    canViewFull: has(set, fullViewPermissions),
    canViewProfiles: has(set, 'profiles.view'),
    canViewPersonalInfo: canViewPersonalInfo(set),
    canViewAdminExtras: has(set, 'site.manage'),
    bannedPrivateProfile,
  };
}

export type UserView = 'full' | 'profile' | 'minimal';

/**
 * Which view of a user a viewer gets (api-contract §3, spec 000 §6): self and full-view holders get
 * the full object; a private profile (or a banned one when `ui.bannedPrivateProfile` is on), or a
 * viewer without `profiles.view`, gets the minimal one; everyone else the profile view.
 */
export function userViewFor(
  visibility: UserVisibility,
  user: { userID: number; private: boolean; banned: number },
): UserView {
  if (visibility.viewerID !== 0 && visibility.viewerID === user.userID) return 'full';
  if (visibility.canViewFull) return 'full';
  const restricted = user.private || (visibility.bannedPrivateProfile && user.banned !== 0);
  if (restricted || !visibility.canViewProfiles) return 'minimal';
  return 'profile';
}

/** spec 000 §6 `personalInfo.view`: e-mail, private profiles' activity, personal-info roles. */
export function canViewPersonalInfo(set: PermissionSet): boolean {
  return has(set, 'personalInfo.view');
}

/** Who looks at users, as far as personal information goes. */
export interface PersonalInfoViewer {
  viewerID: number;
  canViewPersonalInfo: boolean;
}

/**
 * spec 000 §6: a private profile's last-active date is shown only to the user and to
 * `personalInfo.view` holders; anyone else's to everyone.
 */
export function canSeeLastActive(
  viewer: PersonalInfoViewer,
  user: { userID: number; private: boolean },
): boolean {
  return !user.private || user.userID === viewer.viewerID || viewer.canViewPersonalInfo;
}

/** Roles marked personal info are shown only to the user and to `personalInfo.view` holders. */
export function canSeeRole(
  viewer: PersonalInfoViewer,
  role: { personalInfo: boolean },
  userID: number,
): boolean {
  const isSelf = viewer.viewerID !== 0 && viewer.viewerID === userID;
  return !role.personalInfo || isSelf || viewer.canViewPersonalInfo;
}

/** api-contract §3: another user's permissions need one of these. */
export const viewOthersPermissions: readonly PermissionName[] = [
  'users.add',
  'users.edit',
  'users.delete',
];

/** `GET /users/{id}/permissions` of another user: `users.add`, `users.edit` or `users.delete`. */
export function canViewPermissionsOfOthers(set: PermissionSet): boolean {
  return has(set, viewOthersPermissions);
}

/**
 * The permission half of a call on another user (api-contract §1.12): the actor holds one of the
 * call's `permissions` (the rank half is `outranks`).
 */
export function holdsUserCallPermission(
  set: PermissionSet,
  permissions: PermissionName | readonly PermissionName[],
): boolean {
  return has(set, permissions);
}

/** Whether `$email:` smart IDs may be used (api-contract §1.3: `personalInfo.view`). */
export function canLookUpByEmail(set: PermissionSet): boolean {
  return has(set, 'personalInfo.view');
}

/** Whether a viewer may filter or search users by e-mail or IP address (the full view's data). */
export function canSearchPersonalInfo(set: PermissionSet): boolean {
  return has(set, fullViewPermissions);
}

export function canAddUsers(set: PermissionSet): boolean {
  return has(set, 'users.add');
}

export function canEditUsers(set: PermissionSet): boolean {
  return has(set, 'users.edit');
}

export function canDeleteUsers(set: PermissionSet): boolean {
  return has(set, 'users.delete');
}

export function canBanUsers(set: PermissionSet): boolean {
  return has(set, banPermissions);
}

/** api-contract §3 `GET /users/{id}/reacted`: `profiles.view`. */
export function canViewProfiles(set: PermissionSet): boolean {
  return has(set, 'profiles.view');
}

/** api-contract §3 PATCH self-edit: `profiles.edit` (or `users.edit`). */
export function canEditOwnProfile(set: PermissionSet): boolean {
  return has(set, ['profiles.edit', 'users.edit']);
}

/** api-contract §3 PATCH self-edit: changing one's own name needs `profile.editusernames` (or `users.edit`). */
export function canEditOwnUsername(set: PermissionSet): boolean {
  return has(set, ['profile.editusernames', 'users.edit']);
}

/** `applicants.manage` holders see the `Applicants` count. */
export function canManageApplicants(set: PermissionSet): boolean {
  return has(set, 'applicants.manage');
}

/**
 * Whether an actor of one rank may act on a user of another (api-contract §1.12, issue 11 item
 * 7): only on a user of strictly lower rank. Acting on oneself is the route's own rule.
 */
export function outranks(actorRank: number, targetRank: number): boolean {
  return targetRank < actorRank;
}

/** api-contract §3 ban: only a target of strictly lower rank. */
export function banRankRefusal(actorRank: number, targetRank: number): 'higher' | 'same' | null {
  if (outranks(actorRank, targetRank)) return null;
  return targetRank > actorRank ? 'higher' : 'same';
}
