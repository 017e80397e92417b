import { createContext, useContext } from 'react';
import type { HydratedLayout, LayoutLookup, WidgetNode } from '../../../common/src/api/layouts.ts';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import type { Me } from '../../../common/src/api/users.ts';
import type { SearchBootstrap } from '../../../common/src/api/search.page.ts';
import type { ProfileBootstrap } from '../../../common/src/api/profiles.ts';
import { themeDefaults, type ThemeVariables } from '../../../common/src/theme/variables.ts';

/**
 * The signed-in user as `GET /users/me` returns it (api-contract §3), with the fields the page
 * bootstrap carries; userID 0 is the guest. `banned` is 1 when the user is banned (api-contract
 * §1.2: their API calls answer 401 "You are banned.").
 */
export type CurrentUser = Pick<Me, 'userID' | 'name'> &
  Partial<
    Pick<
      Me,
      | 'email'
      | 'url'
      | 'emailConfirmed'
      | 'isAdmin'
      | 'private'
      | 'roleIDs'
      | 'countUnreadNotifications'
      | 'countUnreadConversations'
      | 'dateLastActive'
      | 'banned'
    >
  > & {
    /** null for the guest of a page bootstrap, which has no photo. */
    photoUrl?: string | null;
  };

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
  /** Profile pages (issue 15): the profile's user and the list the server rendered. */
  profile?: ProfileBootstrap | undefined;
  /** `/search?query=` (issue 14): the first results, rendered by the server. */
  search?: SearchBootstrap | undefined;
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

const scriptUnsafe = /[<>&\u2028\u2029]/g;

const scriptEscapes: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A discussion page's widgets (original post, comment thread, comment box) all carry the same
 * discussion record. The bootstrap sends it once, as `sharedDiscussion`, and this string in
 * each widget's `discussion` prop; `parseBootstrap` puts the record back.
 */
const sharedDiscussionMarker = '$bootstrap:sharedDiscussion';

/** The bootstrap as the page carries it (`serializeBootstrap`, `parseBootstrap`). */
interface SerializedBootstrap extends Bootstrap {
  sharedDiscussion?: unknown;
}

function isWidgetNode(value: unknown): value is WidgetNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    '$reactComponent' in value &&
    '$reactProps' in value
  );
}

function isWidgetList(value: unknown): value is WidgetNode[] {
  return Array.isArray(value) && value.length > 0 && value.every(isWidgetNode);
}

/** Calls `visit` with the props of every widget of a tree (sections hold widget lists in props). */
function visitWidgetProps(
  nodes: readonly WidgetNode[],
  visit: (props: Record<string, unknown>) => void,
): void {
  for (const node of nodes) {
    visit(node.$reactProps);
    for (const value of Object.values(node.$reactProps)) {
      if (isWidgetList(value)) visitWidgetProps(value, visit);
    }
  }
}

/** A copy of a widget tree with every widget's props passed through `map`. */
function mapWidgetProps(
  nodes: readonly WidgetNode[],
  map: (props: Record<string, unknown>) => Record<string, unknown>,
): WidgetNode[] {
  return nodes.map((node) => {
    const props: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node.$reactProps)) {
      props[key] = isWidgetList(value) ? mapWidgetProps(value, map) : value;
    }
    return { ...node, $reactProps: map(props) };
  });
}

function withLayoutNodes(bootstrap: Bootstrap, nodes: WidgetNode[]): Bootstrap {
  const layout = bootstrap.layout;
  if (layout?.result === undefined) return bootstrap;
  return { ...bootstrap, layout: { ...layout, result: { ...layout.result, layout: nodes } } };
}

/** The bootstrap to serialize: a discussion record several widgets share is sent once. */
function sharingDiscussion(bootstrap: Bootstrap): Bootstrap | SerializedBootstrap {
  const nodes = bootstrap.layout?.result?.layout;
  if (nodes === undefined) return bootstrap;
  let shared: object | undefined;
  let copies = 0;
  visitWidgetProps(nodes, (props) => {
    const discussion = props.discussion;
    if (typeof discussion !== 'object' || discussion === null) return;
    shared ??= discussion;
    if (discussion === shared) copies += 1;
  });
  if (shared === undefined || copies < 2) return bootstrap;
  const sharedDiscussion = shared;
  const serialized: SerializedBootstrap = withLayoutNodes(
    bootstrap,
    mapWidgetProps(nodes, (props) =>
      props.discussion === sharedDiscussion
        ? { ...props, discussion: sharedDiscussionMarker }
        : props,
    ),
  );
  serialized.sharedDiscussion = sharedDiscussion;
  return serialized;
}

/** Serializes the bootstrap for a `<script type="application/json">` (no `</script>` breakout). */
export function serializeBootstrap(bootstrap: Bootstrap): string {
  // One pass over the JSON (a page's bootstrap is tens of KB), not one per character.
  return JSON.stringify(sharingDiscussion(bootstrap)).replace(
    scriptUnsafe,
    (character) => scriptEscapes[character] ?? character,
  );
}

/** The bootstrap from the text `serializeBootstrap` wrote (the shared discussion put back in place). */
export function parseBootstrap(text: string): Bootstrap {
  const parsed = JSON.parse(text) as SerializedBootstrap;
  const nodes = parsed.layout?.result?.layout;
  if (parsed.sharedDiscussion === undefined || nodes === undefined) return parsed;
  const { sharedDiscussion, ...bootstrap } = parsed;
  return withLayoutNodes(
    bootstrap,
    mapWidgetProps(nodes, (props) =>
      props.discussion === sharedDiscussionMarker
        ? { ...props, discussion: sharedDiscussion }
        : props,
    ),
  );
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
