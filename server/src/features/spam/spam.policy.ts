import type { SiteSettings } from '../../../../common/src/api/config.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { SpamSubject } from './spam.repo.ts';

/** Why a spam rule holds a post back (issue 17). */
export type SpamHold = { rule: 'firstPosts' } | { rule: 'links'; links: number; limit: number };

/**
 * Staff are never held by spam rules (Vanilla `SpamModel::isSpam` skips moderators): holders of
 * `community.moderate`, or of `posts.moderate` in any category.
 */
export function isSpamExempt(set: PermissionSet): boolean {
  return has(set, ['community.moderate', 'posts.moderate'], { mode: 'globalOrResource' });
}

/**
 * Whether the author is vouched for (api-contract §27.2): verified (`bypassSpam`), or not
 * self-registered (an administrator, setup or an import made the account).
 */
export function isVouched(subject: SpamSubject): boolean {
  return subject.verified || !subject.selfRegistered;
}

/**
 * Issue 17: the rules that hold back a self-registered, unverified account. While fewer than
 * `spam.firstPosts.count` of its posts were accepted, every post waits; while fewer than
 * `spam.trusted.postCount`, a post with more than `spam.links.maxUntrusted` external links waits.
 * Null when the post may go out.
 */
export function judgeSpam(
  subject: SpamSubject,
  links: number,
  settings: Pick<SiteSettings, 'spam.firstPosts.count' | 'spam.links.maxUntrusted' | 'spam.trusted.postCount'>,
): SpamHold | null {
  if (isVouched(subject)) return null;
  if (subject.acceptedPosts < settings['spam.firstPosts.count']) return { rule: 'firstPosts' };
  const limit = settings['spam.links.maxUntrusted'];
  if (subject.acceptedPosts < settings['spam.trusted.postCount'] && links > limit)
    return { rule: 'links', links, limit };
  return null;
}
