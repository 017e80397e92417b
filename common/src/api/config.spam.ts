import { z } from 'zod';
import type { SettingDefinition } from './config.define.ts';

const postCount = z.number().int().min(0).max(1000);

function spamSetting(
  definition: SettingDefinition<typeof postCount>,
): SettingDefinition<typeof postCount> {
  return definition;
}

/**
 * The spam rules' settings (issue 17; api-contract §14 style, §27.2): they hold back accounts that
 * registered themselves until they are trusted. Merged into `settingDefinitions`.
 */
export const spamSettingDefinitions = {
  'spam.firstPosts.count': spamSetting({
    schema: postCount,
    default: 1,
    read: 'community.moderate',
    write: 'community.manage',
    description:
      'The first posts of an account that registered itself wait for approval until this many of its posts were accepted (0: off).',
  }),
  'spam.links.maxUntrusted': spamSetting({
    schema: postCount,
    default: 2,
    read: 'community.moderate',
    write: 'community.manage',
    description:
      'Links a post of an untrusted account may hold; a post with more waits for approval.',
  }),
  'spam.trusted.postCount': spamSetting({
    schema: postCount,
    default: 5,
    read: 'community.moderate',
    write: 'community.manage',
    description:
      'Accepted posts after which an account that registered itself is trusted (no link limit). Verified accounts and accounts an administrator created are trusted at once.',
  }),
} satisfies Record<string, SettingDefinition>;
