import { z } from 'zod';
import { bodyIDSchema, intSchema } from './common.ts';
import { count, seconds, setting, text, type SettingDefinition } from './config.define.ts';

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

/**
 * The community's settings (api-contract §14, §23, §27.2; spec 000 §6): feature flags, drafts,
 * e-mails, conversations, layouts, search, uploads, preferences, flood control and premoderation.
 * Merged into `settingDefinitions` (config.ts).
 */
export const communitySettingDefinitions = {
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
    description:
      'Members with schedule.allow can schedule drafts to publish later (api-contract §23).',
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
    description: 'How often the e-mail digest is sent: every day, or on Mondays, at 09:00 UTC.',
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
} satisfies Record<string, SettingDefinition>;
