import { createContext, useContext } from 'react';
import type { HydratedLayout, LayoutLookup } from '../../../common/src/api/layouts.ts';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import { themeDefaults, type ThemeVariables } from '../../../common/src/theme/variables.ts';

/** The signed-in user as `GET /users/me` returns it (api-contract §3); userID 0 is the guest. */
export interface CurrentUser {
  userID: number;
  name: string;
  email?: string | null;
  photoUrl?: string | null;
  url?: string;
  emailConfirmed?: boolean;
  isAdmin?: boolean;
  private?: boolean;
  roleIDs?: number[];
  countUnreadNotifications?: number;
  countUnreadConversations?: number;
  dateLastActive?: string | null;
}

/**
 * The layout a layout page was rendered with on the server (spec 000 §2), or why it failed
 * (404 for a missing record, 403...), for the page at `lookup`.
 */
export interface BootstrapLayout {
  lookup: LayoutLookup;
  result?: HydratedLayout | undefined;
  error?: { status: number; message: string; description?: string | undefined } | undefined;
}

/** Public site settings the page needs (flat `garden.title`-style keys, api-contract §14). */
export type PublicConfig = Readonly<Record<string, unknown>>;

/**
 * What the server embeds in every page (`<script id="hearth-bootstrap">`) and the app starts
 * from, on the server and in the browser alike, so nothing is fetched twice.
 */
export interface Bootstrap {
  me: CurrentUser;
  permissions: PermissionSet;
  config: PublicConfig;
  /** The session's transient key (CSRF, sign-out); empty for guests. */
  transientKey: string;
  locale: string;
  /** Resolved theme variables (the `:root` style is rendered from the same values). */
  theme: ThemeVariables;
  /**
   * When the server rendered the page (ms since the epoch). Time-dependent text (edit countdowns)
   * renders from it on the server and during hydration, then switches to the browser's clock.
   */
  renderedAt?: number | undefined;
  /** Layout pages: the hydrated layout, so the browser does not fetch it again. */
  layout?: BootstrapLayout | undefined;
}

/** The element id of the bootstrap JSON. */
export const bootstrapElementID = 'hearth-bootstrap';

export const guestUser: CurrentUser = {
  userID: 0,
  name: 'Guest',
  photoUrl: null,
  emailConfirmed: false,
  isAdmin: false,
};

export const emptyPermissions: PermissionSet = {
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: [],
  junctions: {},
  junctionAliases: {},
};

/** A bootstrap for a guest with default settings (client-only dev mode, tests). */
export function guestBootstrap(overrides: Partial<Bootstrap> = {}): Bootstrap {
  return {
    me: guestUser,
    permissions: emptyPermissions,
    config: {},
    transientKey: '',
    locale: 'en',
    theme: themeDefaults,
    ...overrides,
  };
}

/** Serializes the bootstrap for a `<script type="application/json">` (no `</script>` breakout). */
export function serializeBootstrap(bootstrap: Bootstrap): string {
  return JSON.stringify(bootstrap)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const BootstrapContext = createContext<Bootstrap | null>(null);

/** The page's bootstrap; throws outside the app providers. */
export function useBootstrap(): Bootstrap {
  const bootstrap = useContext(BootstrapContext);
  if (bootstrap === null) {
    throw new Error('useBootstrap() needs <AppProviders>.');
  }
  return bootstrap;
}

/** A public config value of the expected type, else the fallback. */
export function useConfigValue<T extends string | number | boolean>(key: string, fallback: T): T {
  const value = useBootstrap().config[key];
  return typeof value === typeof fallback ? (value as T) : fallback;
}
