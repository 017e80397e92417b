import { z } from 'zod';
import { isPermissionName } from '../permissions/names.ts';
import { bodyIDSchema, intSchema, queryArray } from './common.ts';
import { communitySettingDefinitions } from './config.community.ts';
import {
  configReadLevels,
  configWriteLevels,
  setting,
  text,
  type SettingDefinition,
} from './config.define.ts';
import { spamSettingDefinitions } from './config.spam.ts';

export {
  configReadLevels,
  configWriteLevels,
  type ConfigReadLevel,
  type ConfigWriteLevel,
  type SettingDefinition,
} from './config.define.ts';
export { categoryFollowDefaultsSchema, defaultUploadExtensions } from './config.community.ts';

/** A navigation badge: its text and an optional style name. */
export const navigationBadgeSchema = z.object({
  text: z.string().max(50),
  type: z.string().max(50).optional(),
});

/** A title bar navigation item (spec 000 §3 "Navigation item"); children nest. */
export interface NavigationItem {
  id?: string | undefined;
  name: string;
  url?: string | undefined;
  permission?: string | undefined;
  children?: NavigationItem[] | undefined;
  roleIDs?: number[] | undefined;
  isHidden?: boolean | undefined;
  badge?: z.infer<typeof navigationBadgeSchema> | undefined;
}

/**
 * A navigation item as stored in `navigation.items`. The web app drops items without a name or
 * without both url and children, and hides role- or permission-restricted ones (spec 000 §5, §6).
 */
export const navigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    id: z.string().max(100).optional(),
    name: z.string().max(255),
    url: z.string().max(2000).optional(),
    permission: z
      .string()
      .refine(isPermissionName, { message: 'permission must be a known permission name.' })
      .optional(),
    children: z.array(navigationItemSchema).max(100).optional(),
    roleIDs: z.array(bodyIDSchema).optional(),
    isHidden: z.boolean().optional(),
    badge: navigationBadgeSchema.optional(),
  }),
);

/** Title bar modes (spec 000 §2 "Title bar and navigation"). */
export const titleBarModes = [
  'sticky solid',
  'sticky transparent',
  'static solid',
  'static transparent',
] as const;

/** Registration methods (Vanilla's `Garden.Registration.Method`, lower-cased). */
export const registrationMethods = [
  'basic',
  'captcha',
  'approval',
  'invitation',
  'connect',
] as const;

/**
 * Every site setting Hearth knows (api-contract §14, spec 000 §6), keyed by its dotted
 * lower-camel API key. Values live in the `config` table as JSON; a missing or invalid stored value
 * reads as the default. Keys under `hearth.` and `internal.` are server state and never appear here.
 */
export const settingDefinitions = {
  'garden.title': setting({
    schema: text(255),
    default: 'Hearth',
    read: 'public',
    write: 'site.manage',
    description: 'The site title.',
  }),
  'garden.description': setting({
    schema: text(1000),
    default: '',
    read: 'public',
    write: 'site.manage',
    description: 'The site description (meta description, banners).',
  }),
  'garden.locale': setting({
    schema: z
      .string()
      .regex(
        /^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/,
        'garden.locale must be a locale key such as en or pt_BR.',
      ),
    default: 'en',
    read: 'public',
    write: 'site.manage',
    description: 'The default locale.',
  }),
  'garden.homepageTitle': setting({
    schema: text(255),
    default: '',
    read: 'public',
    write: 'site.manage',
    description: 'The home page title; empty uses garden.title.',
  }),
  'garden.externalUrlFormat': setting({
    schema: text(2000),
    default: '',
    read: 'public',
    write: 'site.manage',
    description: 'URL format of the embedding site (embedded mode); empty when not embedded.',
  }),
  'garden.privateCommunity': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Guests must sign in to see anything.',
  }),
  'garden.cookie.name': setting({
    schema: text(100),
    default: 'hearth',
    read: 'public',
    write: 'site.manage',
    readOnly: true,
    description: 'Name of the session cookie (fixed by the server).',
  }),
  'garden.cookie.path': setting({
    schema: text(255),
    default: '/',
    read: 'public',
    write: 'site.manage',
    readOnly: true,
    description: 'Path of the session cookie (fixed by the server).',
  }),
  'branding.logo': setting({
    schema: text(2000),
    default: '',
    read: 'public',
    write: 'site.manage',
    upload: true,
    description: 'Title bar logo.',
  }),
  'branding.mobileLogo': setting({
    schema: text(2000),
    default: '',
    read: 'public',
    write: 'site.manage',
    upload: true,
    description: 'Title bar logo on compact screens.',
  }),
  'branding.favicon': setting({
    schema: text(2000),
    default: '',
    read: 'public',
    write: 'site.manage',
    upload: true,
    description: 'Favicon.',
  }),
  'branding.shareImage': setting({
    schema: text(2000),
    default: '',
    read: 'public',
    write: 'site.manage',
    upload: true,
    description: 'Image shown when pages are shared.',
  }),
  'titleBar.mode': setting({
    schema: z.enum(titleBarModes),
    default: 'sticky solid',
    read: 'public',
    write: 'site.manage',
    description: 'Title bar positioning and background.',
  }),
  'navigation.items': setting({
    schema: z.array(navigationItemSchema).max(100),
    default: [] as NavigationItem[],
    read: 'public',
    write: 'site.manage',
    description: 'Title bar navigation; empty shows Posts and Categories.',
  }),
  'registration.method': setting({
    schema: z.enum(registrationMethods),
    default: 'basic',
    read: 'public',
    write: 'site.manage',
    description: 'How people register.',
  }),
  'registration.confirmEmail': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'New users must confirm their e-mail address.',
  }),
  'password.minLength': setting({
    schema: z.number().int().min(1).max(255),
    default: 8,
    read: 'public',
    write: 'site.manage',
    description: 'Minimum password length.',
  }),
  'profile.editEmails': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'Users may change their own e-mail address.',
  }),
  'ui.editContentTimeout': setting({
    schema: intSchema(-1),
    default: 3600,
    read: 'public',
    write: 'site.manage',
    description: 'Seconds an author may edit a post; -1 means no limit.',
  }),
  'ui.bannedPrivateProfile': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Banned users’ profiles are private.',
  }),
  'tagging.enabled': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'Discussions can be tagged.',
  }),
  'triage.enabled': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Staff can mark discussions resolved.',
  }),
  'signatures.enabled': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Users have signatures under their posts.',
  }),
  'signatures.hideMobile': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Signatures are hidden on compact screens.',
  }),
  'signatures.imageMaxHeight': setting({
    schema: z.number().int().min(0).max(10_000),
    default: 0,
    read: 'public',
    write: 'site.manage',
    description: 'Maximum signature image height in pixels; 0 means no limit.',
  }),
  ...communitySettingDefinitions,
  ...spamSettingDefinitions,
} satisfies Record<string, SettingDefinition>;

/** A known setting key. */
export type SettingKey = keyof typeof settingDefinitions;

/** All setting keys, sorted. */
export const settingKeys = (Object.keys(settingDefinitions) as SettingKey[]).sort();

/** Every setting's current value, typed by key (what `getSettings()` returns on the server). */
export type SiteSettings = {
  readonly [K in SettingKey]: z.output<(typeof settingDefinitions)[K]['schema']>;
};

/** Key prefixes of server secrets and state: never readable or writable through `/config`. */
export const privateConfigPrefixes = ['hearth.', 'internal.'] as const;

/** Narrows a string to a known setting key. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefinitions, key);
}

/** `GET /config` query: `select` as CSV or bracket form, `*` wildcards (`labs.*`). */
export const configGetQuerySchema = z.object({
  select: queryArray(z.string().max(200)),
});

/** `GET /config` answer: the readable keys asked for, with their values. */
export const configValuesSchema = z.record(z.string(), z.unknown());

export type ConfigValues = z.infer<typeof configValuesSchema>;

/** `PATCH /config` body: a flat object of keys to set; unknown keys answer 422. */
export const configPatchBodySchema = z.record(z.string(), z.unknown());

export type ConfigPatchBody = z.infer<typeof configPatchBodySchema>;

/** One property of `GET /config/schema`: the JSON Schema of the value plus its access levels. */
export const configSchemaPropertySchema = z
  .object({
    default: z.unknown(),
    description: z.string(),
    'x-read': z.enum(configReadLevels),
    'x-write': z.enum(configWriteLevels),
    readOnly: z.boolean().optional(),
  })
  .loose();

/** `GET /config/schema` answer: a JSON Schema object of every key. */
export const configSchemaSchema = z.object({
  type: z.literal('object'),
  properties: z.record(z.string(), configSchemaPropertySchema),
});

export type ConfigSchema = z.infer<typeof configSchemaSchema>;
