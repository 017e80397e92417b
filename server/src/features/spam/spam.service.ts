import type { SiteSettings } from '../../../../common/src/api/config.ts';
import { SPAM_AUTOMATION_REASON } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { countExternalLinks } from './spam.links.ts';
import { isSpamExempt, isVouched, judgeSpam } from './spam.policy.ts';
import { findSpamSubject } from './spam.repo.ts';

/** A spam rule's hold: the queue reason (`spam-automation`, api-contract §27.5) and the note. */
export interface SpamDecision {
  reportReasonID: typeof SPAM_AUTOMATION_REASON;
  noteHtml: string;
}

/**
 * Issue 17: whether a spam rule holds back the caller's own new or edited post (first posts of a
 * self-registered account, its link limit until trusted). Staff, verified accounts and accounts an
 * administrator created are never held (api-contract §27.2); nor is a post made in another
 * user's name (only `site.manage` holders may do that).
 */
export async function decideSpamHold(
  ctx: RequestContext,
  post: { authorID: number; name?: string | undefined; html?: string | undefined; plainText: string },
  settings: SiteSettings,
): Promise<SpamDecision | null> {
  if (post.authorID !== ctx.actor.userID || isSpamExempt(ctx.permissions)) return null;
  const subject = await findSpamSubject(ctx.db, post.authorID);
  if (!subject || isVouched(subject)) return null;
  const links = countExternalLinks(
    { html: post.html ?? '', text: `${post.name ?? ''}\n${post.plainText}` },
    ctx.config.baseUrl,
  );
  const hold = judgeSpam(subject, links, settings);
  if (!hold) return null;
  const noteHtml =
    hold.rule === 'firstPosts'
      ? '<p>The first posts of a new account require approval.</p>'
      : `<p>Too many links for an untrusted account: ${String(hold.links)} (at most ${String(hold.limit)}).</p>`;
  return { reportReasonID: SPAM_AUTOMATION_REASON, noteHtml };
}
