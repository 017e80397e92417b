import { z } from 'zod';
import { isPermissionName } from '../permissions/names.ts';
import { bodyIDSchema, intSchema, queryArray } from './common.ts';
import { spamSettingDefinitions } from './config.spam.ts';

/**
 * Who may read a setting (api-contract §14 `x-read`): anyone, any signed-in user, or holders of a
 * global permission.
 */
export const configReadLevels = [
  'public',
  'member',
  'community.moderate',
  'community.manage',
  'site.manage',
] as const;

export type ConfigReadLevel = (typeof configReadLevels)[number];

/** Who may change a setting (api-contract §14 `x-write`; Vanilla allows only these two). */
export const configWriteLevels = ['community.manage', 'site.manage'] as const;

export type ConfigWriteLevel = (typeof configWriteLevels)[number];

/** One site setting: its type, default, who reads and who writes it. */
export interface SettingDefinition<T extends z.ZodType = z.ZodType> {
  schema: T;
  default: z.output<T>;
  read: ConfigReadLevel;
  write: ConfigWriteLevel;
  description: string;
  /** Strings keep their HTML; otherwise tags are stripped on write (api-contract §14). */
  allowHtml?: boolean;
  /** The value is an upload's URL or path: `GET /config` answers it as an absolute URL. */
  upload?: boolean;
  /** Fixed by the server; `PATCH /config` refuses it. */
  readOnly?: boolean;
}

function setting<T extends z.ZodType>(definition: SettingDefinition<T>): SettingDefinition<T> {
  return definition;
}

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

/** The category preference keys a follow starts with (api-contract §7 "Category preferences"). */
export const categoryFollowDefaultsSchema = z.object({
  'preferences.followed': z.boolean(),
  'preferences.popup.posts': z.boolean(),
  'preferences.popup.comments': z.boolean(),
  'preferences.email.posts': z.boolean(),
  'preferences.email.comments': z.boolean(),
  'preferences.email.digest': z.boolean(),
});

/** Upload extensions allowed by default (api-contract §18). */
export const defaultUploadExtensions = [
  'txt',
  'jpg',
  'jpeg',
  'gif',
  'png',
  'bmp',
  'tiff',
  'ico',
  'zip',
  'gz',
  'tar.gz',
  'tgz',
  'psd',
  'ai',
  'pdf',
  'doc',
  'xls',
  'ppt',
  'docx',
  'xlsx',
  'pptx',
  'log',
  'rar',
  '7z',
];

const text = (max: number) => z.string().max(max);
const seconds = z.number().int().min(1).max(86_400);
const count = z.number().int().min(1).max(1000);

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
  'featureFlags.escalations.Enabled': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Members can report posts (escalations).',
  }),
  'featureFlags.DraftScheduling.Enabled': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'Members with schedule.allow can schedule drafts to publish later (api-contract §23).',
  }),
  'drafts.scheduling.minimumLeadSeconds': setting({
    schema: z.number().int().min(0).max(86_400),
    default: 900,
    read: 'public',
    write: 'site.manage',
    description: 'The shortest time ahead a draft may be scheduled, in seconds (api-contract §23).',
  }),
  'emails.enabled': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'E-mail notifications are sent.',
  }),
  'emails.digest': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'The e-mail digest is available.',
  }),
  'emails.digestFrequency': setting({
    schema: z.enum(['daily', 'weekly']),
    default: 'weekly',
    read: 'community.manage',
    write: 'site.manage',
    description: 'How often the e-mail digest is sent: daily, or weekly on Mondays (at 09:00 UTC; Vanilla’s default is weekly).',
  }),
  'context.conversationsEnabled': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Private conversations are enabled.',
  }),
  // api-contract §5: Vanilla's Conversations.Moderation.Allow, Conversations.Message.MaxLength and
  // Conversations.Conversations.PerPage, spelled as §14's dotted lower-camel keys.
  'conversations.moderation.allow': setting({
    schema: z.boolean(),
    default: false,
    read: 'community.moderate',
    write: 'site.manage',
    description: 'Holders of conversations.moderate may read conversations they are not part of.',
  }),
  'conversations.message.maxLength': setting({
    schema: z.number().int().min(1).max(65_535),
    default: 2000,
    read: 'public',
    write: 'site.manage',
    description: 'The longest private message, in characters.',
  }),
  'conversations.conversations.perPage': setting({
    schema: z.number().int().min(1).max(100),
    default: 50,
    read: 'public',
    write: 'site.manage',
    description: 'Conversations per page of the inbox.',
  }),
  'labs.newSearchPage': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'The search page takes `query` (spec 000 §2 Search).',
  }),
  'customLayout.home': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'The home page is a layout.',
  }),
  'customLayout.discussionList': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: '/discussions is a layout.',
  }),
  'customLayout.categoryList': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: '/categories is a layout.',
  }),
  'customLayout.discussionThread': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'Discussion pages are layouts.',
  }),
  'customLayout.createPost': setting({
    schema: z.boolean(),
    default: true,
    read: 'public',
    write: 'site.manage',
    description: 'The create-post page is a layout.',
  }),
  'externalSearch.query': setting({
    schema: text(2000),
    default: '',
    read: 'public',
    write: 'site.manage',
    description: 'External search URL with a %s for the terms; empty uses Hearth’s search.',
  }),
  'externalSearch.resultsInNewTab': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'External search opens in a new tab.',
  }),
  'discussions.perPage': setting({
    schema: z.number().int().min(1).max(100),
    default: 30,
    read: 'public',
    write: 'site.manage',
    description: 'Discussions per page.',
  }),
  'comments.perPage': setting({
    schema: z.number().int().min(1).max(100),
    default: 30,
    read: 'public',
    write: 'site.manage',
    description: 'Comments per page.',
  }),
  'upload.maxSize': setting({
    // Bounded by the media table's integer `size` column (2 GiB − 1 byte).
    schema: intSchema(1),
    default: 50 * 1024 * 1024,
    read: 'member',
    write: 'site.manage',
    description: 'Largest upload in bytes.',
  }),
  'upload.allowedExtensions': setting({
    schema: z
      .array(
        z
          .string()
          .regex(
            /^[a-z0-9]+(\.[a-z0-9]+)*$/,
            'upload.allowedExtensions must hold lower-case extensions without a leading dot.',
          ),
      )
      .max(200),
    default: defaultUploadExtensions,
    read: 'member',
    write: 'site.manage',
    description: 'Upload extensions allowed (compared case-insensitively).',
  }),
  'preferences.categoryFollowed.defaults': setting({
    schema: categoryFollowDefaultsSchema,
    default: {
      'preferences.followed': true,
      'preferences.popup.posts': true,
      'preferences.popup.comments': false,
      'preferences.email.posts': false,
      'preferences.email.comments': false,
      'preferences.email.digest': true,
    },
    read: 'member',
    write: 'site.manage',
    description:
      'Preferences a category follow starts with (the digest only when emails.digest is on).',
  }),
  'floodControl.discussions.count': setting({
    schema: count,
    default: 3,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'Discussions a member may post within floodControl.discussions.seconds.',
  }),
  'floodControl.discussions.seconds': setting({
    schema: seconds,
    default: 60,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'Window of the discussion flood control, in seconds.',
  }),
  'floodControl.discussions.lockSeconds': setting({
    schema: seconds,
    default: 120,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'How long a flooding member waits to post a discussion again.',
  }),
  'floodControl.comments.count': setting({
    schema: count,
    default: 5,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'Comments a member may post within floodControl.comments.seconds.',
  }),
  'floodControl.comments.seconds': setting({
    schema: seconds,
    default: 60,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'Window of the comment flood control, in seconds.',
  }),
  'floodControl.comments.lockSeconds': setting({
    schema: seconds,
    default: 120,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'How long a flooding member waits to comment again.',
  }),
  'premoderation.discussions': setting({
    schema: z.boolean(),
    default: false,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'New discussions of members wait for approval.',
  }),
  'premoderation.comments': setting({
    schema: z.boolean(),
    default: false,
    read: 'community.moderate',
    write: 'community.manage',
    description: 'New comments of members wait for approval.',
  }),
  'premoderation.categoryIDs': setting({
    schema: z.array(bodyIDSchema).max(1000),
    default: [],
    read: 'community.moderate',
    write: 'community.manage',
    description:
      'The premoderated categories (api-contract §27.2): premoderation.discussions and premoderation.comments act on these only.',
  }),
  'premoderation.keywords': setting({
    schema: text(10_000),
    default: '',
    read: 'community.moderate',
    write: 'community.manage',
    description:
      'Words separated by ";": a post of a non-moderator containing one waits for approval, in every category (api-contract §27.2).',
  }),
  'comments.allowSelfDelete': setting({
    schema: z.boolean(),
    default: false,
    read: 'public',
    write: 'site.manage',
    description: 'Authors may delete their own comments (Vanilla.Comments.AllowSelfDelete).',
  }),
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
