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
  ConversationMessage: { label: 'Private messages', description: 'Someone sends you a private message.' },
  Report: { label: 'Reports', description: 'Someone reports a post you moderate.' },
  Approval: { label: 'Approvals', description: 'A moderator approves or rejects your post that waited for approval.' },
};

/** The schema's groups (Vanilla's): posts in followed categories, activity about you, moderation. */
const GROUPS: { key: string; label: string; types: PreferenceActivityType[]; moderatorsOnly?: boolean }[] = [
  { key: 'followedPosts', label: 'Followed posts', types: ['NewDiscussion', 'NewComment', 'DigestEnabled'] },
  {
    key: 'myActivity',
    label: 'My activity',
    types: ['Mention', 'CommentReply', 'BookmarkComment', 'Participated', 'Reaction', 'ConversationMessage', 'Approval'],
  },
  { key: 'moderation', label: 'Moderation', types: ['Report'], moderatorsOnly: true },
];

/** Which columns and rows a user's preferences have (api-contract §6). */
export interface PreferencesShape {
  /** The e-mail column: holders of `email.view`. */
  withEmail: boolean;
  /** The `Report` row: moderators. */
  withReports: boolean;
}

/** Whether an activity is part of a user's preferences. */
export function hasActivity(type: PreferenceActivityType, shape: PreferencesShape): boolean {
  if (type === 'Report') return shape.withReports;
  return !(TEXT[type].emailOnly && !shape.withEmail);
}

/**
 * `GET /notification-preferences/schema` (api-contract §6): a JSON-schema object whose defaults
 * are `defaults`; the e-mail column only with `email.view`, the `Report` row only for moderators.
 */
export function buildPreferencesSchema(defaults: PreferenceValues, shape: PreferencesShape): NotificationPreferencesSchema {
  const { withEmail } = shape;
  const groups: NotificationPreferencesSchema['properties']['notifications']['properties'] = {};
  for (const group of GROUPS) {
    if (group.moderatorsOnly && !shape.withReports) continue;
    const properties: Record<string, PreferenceSchemaEntry> = {};
    for (const type of group.types) {
      const text = TEXT[type];
      if (!hasActivity(type, shape)) continue;
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
