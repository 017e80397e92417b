import type { SettingKey } from '../../../../../common/src/api/config.ts';

// The settings screen's sections and fields (spec 000 §2 `/dashboard/settings`); how a field's
// value is edited and checked is in settings-form.ts.

/** How a setting is edited. */
export type FieldKind =
  | 'boolean'
  | 'integer'
  | 'seconds'
  | 'duration'
  | 'bytes'
  | 'extensions'
  | 'select'
  | 'text'
  | 'textarea';

/** One field of the settings form: the setting, its label and how it is edited. */
export interface SettingField {
  key: SettingKey;
  label: string;
  kind: FieldKind;
  /** Labels of a select's values (English keys for `t()`). */
  options?: Readonly<Record<string, string>>;
}

/** A section of the settings form. */
export interface SettingSection {
  id: string;
  title: string;
  fields: readonly SettingField[];
}

/**
 * The settings screen, grouped by section. Labels are English keys for `t()`; each field's
 * description is the registry's (common/src/api/config.ts), also translated. A setting shows only
 * when code reads it (issue 11 item 22): `garden.privateCommunity`, `featureFlags.escalations.Enabled`,
 * `signatures.*` and `externalSearch.*` stay in
 * the config API for the features that will read them, but have no switch here yet.
 */
export const settingSections: readonly SettingSection[] = [
  {
    id: 'general',
    title: 'General',
    fields: [
      { key: 'garden.title', label: 'Site title', kind: 'text' },
      { key: 'garden.description', label: 'Site description', kind: 'textarea' },
      { key: 'garden.homepageTitle', label: 'Home page title', kind: 'text' },
      { key: 'garden.locale', label: 'Default locale', kind: 'text' },
      {
        key: 'titleBar.mode',
        label: 'Title bar',
        kind: 'select',
        options: {
          'sticky solid': 'Sticky, solid',
          'sticky transparent': 'Sticky, transparent',
          'static solid': 'Static, solid',
          'static transparent': 'Static, transparent',
        },
      },
    ],
  },
  {
    id: 'posting',
    title: 'Posting',
    fields: [
      { key: 'ui.editContentTimeout', label: 'Edit timeout', kind: 'duration' },
      { key: 'tagging.enabled', label: 'Enable tagging', kind: 'boolean' },
      { key: 'discussions.perPage', label: 'Discussions per page', kind: 'integer' },
      { key: 'comments.perPage', label: 'Comments per page', kind: 'integer' },
      { key: 'triage.enabled', label: 'Enable triage', kind: 'boolean' },
      {
        key: 'featureFlags.DraftScheduling.Enabled',
        label: 'Enable scheduled posts',
        kind: 'boolean',
      },
      {
        key: 'drafts.scheduling.minimumLeadSeconds',
        label: 'Shortest scheduling lead (seconds)',
        kind: 'integer',
      },
    ],
  },
  {
    id: 'moderation',
    title: 'Moderation',
    fields: [
      {
        key: 'premoderation.discussions',
        label: 'Approve new discussions',
        kind: 'boolean',
      },
      { key: 'premoderation.comments', label: 'Approve new comments', kind: 'boolean' },
      {
        key: 'ui.bannedPrivateProfile',
        label: 'Banned users’ profiles are private',
        kind: 'boolean',
      },
    ],
  },
  {
    id: 'flood-control',
    title: 'Flood control',
    fields: [
      { key: 'floodControl.discussions.count', label: 'Discussions allowed', kind: 'integer' },
      { key: 'floodControl.discussions.seconds', label: 'Discussion window', kind: 'seconds' },
      {
        key: 'floodControl.discussions.lockSeconds',
        label: 'Discussion lock',
        kind: 'seconds',
      },
      { key: 'floodControl.comments.count', label: 'Comments allowed', kind: 'integer' },
      { key: 'floodControl.comments.seconds', label: 'Comment window', kind: 'seconds' },
      { key: 'floodControl.comments.lockSeconds', label: 'Comment lock', kind: 'seconds' },
    ],
  },
  {
    id: 'spam',
    title: 'Spam',
    fields: [
      { key: 'spam.firstPosts.count', label: 'First posts held for approval', kind: 'integer' },
      { key: 'spam.links.maxUntrusted', label: 'Links allowed until trusted', kind: 'integer' },
      { key: 'spam.trusted.postCount', label: 'Accepted posts to be trusted', kind: 'integer' },
    ],
  },
  {
    id: 'uploads',
    title: 'Uploads',
    fields: [
      { key: 'upload.maxSize', label: 'Maximum upload size', kind: 'bytes' },
      { key: 'upload.allowedExtensions', label: 'Allowed file extensions', kind: 'extensions' },
    ],
  },
  {
    id: 'registration',
    title: 'Registration',
    fields: [
      {
        key: 'registration.method',
        label: 'Registration method',
        kind: 'select',
        // Captcha registers like Basic (no captcha provider ships); invitations and SSO
        // (connect) are not built and refuse every registration.
        options: {
          basic: 'Basic',
          approval: 'Approval',
        },
      },
      {
        key: 'registration.confirmEmail',
        label: 'Confirm email addresses',
        kind: 'boolean',
      },
      { key: 'password.minLength', label: 'Minimum password length', kind: 'integer' },
      { key: 'profile.editEmails', label: 'Users may change their email', kind: 'boolean' },
    ],
  },
  {
    id: 'conversations',
    title: 'Conversations',
    fields: [
      {
        key: 'context.conversationsEnabled',
        label: 'Enable private conversations',
        kind: 'boolean',
      },
      {
        key: 'conversations.moderation.allow',
        label: 'Moderators may read conversations',
        kind: 'boolean',
      },
      { key: 'conversations.message.maxLength', label: 'Maximum message length', kind: 'integer' },
      {
        key: 'conversations.conversations.perPage',
        label: 'Conversations per page',
        kind: 'integer',
      },
    ],
  },
  {
    id: 'email',
    title: 'Email',
    fields: [
      { key: 'emails.enabled', label: 'Send email notifications', kind: 'boolean' },
      { key: 'emails.digest', label: 'Enable the email digest', kind: 'boolean' },
      {
        key: 'emails.digestFrequency',
        label: 'Digest frequency',
        kind: 'select',
        options: { daily: 'Daily', weekly: 'Weekly, on Mondays' },
      },
    ],
  },
];

/** Every setting key the form shows. */
export const settingFormKeys: readonly SettingKey[] = settingSections.flatMap((section) =>
  section.fields.map((field) => field.key),
);
