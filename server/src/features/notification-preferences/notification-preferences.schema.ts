import type {
  NotificationPreferencesSchema,
  PreferenceActivityType,
  PreferenceSchemaEntry,
} from '../../../../common/src/api/notifications.ts';
import type { PreferenceValues } from './notification-preferences.values.ts';

interface ActivityText {
  label: string;
  description?: string;
  /** The digest is e-mail only. */
  emailOnly?: boolean;
}

const TEXT: Record<PreferenceActivityType, ActivityText> = {
  NewDiscussion: { label: 'New discussions', description: 'A new discussion in a category you follow.' },
  NewComment: { label: 'New comments', description: 'A new comment in a category you follow.' },
  DigestEnabled: { label: 'Digest', description: 'A summary of new posts in the categories you follow.', emailOnly: true },
  Mention: { label: 'Mentions', description: 'Someone @-mentions you.' },
  CommentReply: { label: 'Replies', description: 'Someone replies to your comment.' },
  BookmarkComment: { label: 'Bookmarks', description: 'A comment on a discussion you bookmarked.' },
  Participated: { label: 'Participation', description: 'A comment on a discussion you commented in.' },
  Reaction: { label: 'Reactions', description: 'Someone reacts to your post.' },
};

/** The schema's groups (Vanilla's): posts in followed categories, and activity about you. */
const GROUPS: { key: string; label: string; types: PreferenceActivityType[] }[] = [
  { key: 'followedPosts', label: 'Followed posts', types: ['NewDiscussion', 'NewComment', 'DigestEnabled'] },
  { key: 'myActivity', label: 'My activity', types: ['Mention', 'CommentReply', 'BookmarkComment', 'Participated', 'Reaction'] },
];

/**
 * `GET /notification-preferences/schema` (api-contract §6): a JSON-schema object whose defaults
 * are `defaults`; the e-mail column only when `withEmail`.
 */
export function buildPreferencesSchema(defaults: PreferenceValues, withEmail: boolean): NotificationPreferencesSchema {
  const groups: NotificationPreferencesSchema['properties']['notifications']['properties'] = {};
  for (const group of GROUPS) {
    const properties: Record<string, PreferenceSchemaEntry> = {};
    for (const type of group.types) {
      const text = TEXT[type];
      if (text.emailOnly && !withEmail) continue;
      const entry: PreferenceSchemaEntry = {
        type: 'object',
        'x-control': { label: text.label, ...(text.description ? { description: text.description } : {}) },
        properties: {},
      };
      if (withEmail) entry.properties.email = { type: 'boolean', default: defaults[type].email };
      if (!text.emailOnly) entry.properties.popup = { type: 'boolean', default: defaults[type].popup };
      properties[type] = entry;
    }
    groups[group.key] = { type: 'object', 'x-control': { label: group.label }, properties };
  }
  return { type: 'object', properties: { notifications: { type: 'object', properties: groups } } };
}
