/** Where a permission row lives: the global entry, a category (junction) entry or a knowledge base entry. */
export type PermissionScope = 'global' | 'category' | 'knowledgeBase';

/**
 * Every permission name of spec 000 §6 and api-contract §1.12, verbatim, with its scope.
 * `stored: false` marks names that are never written to `rolePermissions`: the consolidated
 * `discussions.manage` / `discussions.moderate` (computed when the set is built) and `system.only`
 * (folded in for the system user only).
 */
export const permissionDefinitions = {
  'session.valid': { scope: 'global', stored: true },
  'site.manage': { scope: 'global', stored: true },
  'community.manage': { scope: 'global', stored: true },
  'community.moderate': { scope: 'global', stored: true },
  'curation.manage': { scope: 'global', stored: true },
  'staff.allow': { scope: 'global', stored: true },
  'users.add': { scope: 'global', stored: true },
  'users.edit': { scope: 'global', stored: true },
  'users.delete': { scope: 'global', stored: true },
  'profiles.view': { scope: 'global', stored: true },
  'profiles.edit': { scope: 'global', stored: true },
  'personalInfo.view': { scope: 'global', stored: true },
  'email.view': { scope: 'global', stored: true },
  'uploads.add': { scope: 'global', stored: true },
  'tokens.add': { scope: 'global', stored: true },
  'profile.editusernames': { scope: 'global', stored: true },
  'tags.add': { scope: 'global', stored: true },
  'conversations.add': { scope: 'global', stored: true },
  'conversations.moderate': { scope: 'global', stored: true },
  'schedule.allow': { scope: 'global', stored: true },
  'applicants.manage': { scope: 'global', stored: true },
  'flag.add': { scope: 'global', stored: true },
  // api-contract §27.2: a role holding it has every new or edited post of its users approved first.
  'approval.require': { scope: 'global', stored: true },
  'reactions.view': { scope: 'global', stored: true },
  'reactions.Positive.add': { scope: 'global', stored: true },
  'reactions.Negative.add': { scope: 'global', stored: true },
  'reactions.Flag.add': { scope: 'global', stored: true },
  'system.only': { scope: 'global', stored: false },
  'discussions.view': { scope: 'category', stored: true },
  'discussions.add': { scope: 'category', stored: true },
  'discussions.edit': { scope: 'category', stored: true },
  'discussions.delete': { scope: 'category', stored: true },
  'discussions.announce': { scope: 'category', stored: true },
  'discussions.close': { scope: 'category', stored: true },
  'discussions.sink': { scope: 'category', stored: true },
  // Used with the category's check options (spec 000 §6: "author closes own"), so category-scoped.
  'discussions.closeOwn': { scope: 'category', stored: true },
  'discussions.manage': { scope: 'category', stored: false },
  'discussions.moderate': { scope: 'category', stored: false },
  'comments.add': { scope: 'category', stored: true },
  'comments.edit': { scope: 'category', stored: true },
  'comments.delete': { scope: 'category', stored: true },
  'posts.moderate': { scope: 'category', stored: true },
  // api-contract §1.12: the knowledge base add-on's names as the permission output spells them.
  'kb.view': { scope: 'knowledgeBase', stored: true },
  'articles.add': { scope: 'knowledgeBase', stored: true },
} as const satisfies Record<string, { scope: PermissionScope; stored: boolean }>;

/** A permission name; a literal union, so a misspelt name fails to compile. */
export type PermissionName = keyof typeof permissionDefinitions;

/** All permission names, in declaration order. */
export const permissionNames = Object.keys(permissionDefinitions) as PermissionName[];

/** Names whose scope is `S`. */
export type PermissionNameOfScope<S extends PermissionScope> = {
  [N in PermissionName]: (typeof permissionDefinitions)[N]['scope'] extends S ? N : never;
}[PermissionName];

/** Names that roles may be granted (rows of `rolePermissions`), i.e. all but the computed ones. */
export type StoredPermissionName = {
  [N in PermissionName]: (typeof permissionDefinitions)[N]['stored'] extends true ? N : never;
}[PermissionName];

/** Consolidated category names (api-contract §1.12) and the stored names each one summarises. */
export const consolidatedPermissions = {
  'discussions.manage': ['discussions.edit', 'discussions.delete'],
  'discussions.moderate': ['discussions.announce', 'discussions.close', 'discussions.sink'],
} as const satisfies Partial<Record<PermissionName, readonly StoredPermissionName[]>>;

function storedNamesOf(scope: PermissionScope): StoredPermissionName[] {
  return permissionNames.filter((name): name is StoredPermissionName => {
    const definition = permissionDefinitions[name];
    return definition.scope === scope && definition.stored;
  });
}

/** Grantable names per scope, as roles store them (api-contract §16 `permissions` rows). */
export const storedPermissionNames: {
  readonly global: readonly StoredPermissionName[];
  readonly category: readonly StoredPermissionName[];
  readonly knowledgeBase: readonly StoredPermissionName[];
} = {
  global: storedNamesOf('global'),
  category: storedNamesOf('category'),
  knowledgeBase: storedNamesOf('knowledgeBase'),
};

/** Narrows any string to a known permission name (for request bodies and stored rows). */
export function isPermissionName(value: string): value is PermissionName {
  return Object.hasOwn(permissionDefinitions, value);
}

/** Narrows any string to a grantable (stored) permission name. */
export function isStoredPermissionName(value: string): value is StoredPermissionName {
  return isPermissionName(value) && permissionDefinitions[value].stored;
}
