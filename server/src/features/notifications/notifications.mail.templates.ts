import type { NotificationActivityType } from '../../../../common/src/api/notifications.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { registerEnglishPlurals, type Translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';

// The HTML and text of notification and digest e-mails (issue 13), every string through the
// recipient's translator (their NotificationLanguage, else the site's locale) and every name escaped.

/**
 * A notification e-mail's sentence by activity, keyed by its English text. An activity without
 * one here sends the notification's own (English) body.
 */
const SENTENCES: Partial<Record<NotificationActivityType, string>> = {
  Mention: '{actor} mentioned you in {title}.',
  CommentReply: '{actor} replied to your comment in {title}.',
  BookmarkComment: '{actor} commented on your bookmarked discussion {title}.',
  Participated: '{actor} commented on {title}, a discussion you took part in.',
  NewComment: '{actor} commented on {title}.',
  NewDiscussion: '{actor} started a new discussion: {title}.',
  Reaction: '{actor} reacted to your post in {title}.',
  ConversationMessage: '{actor} sent you a message in {title}.',
  Report: '{actor} reported {title}.',
};

function sentenceOf(activityType: NotificationActivityType, hasReaction: boolean): string | undefined {
  return activityType === 'Reaction' && hasReaction ? '{actor} reacted to your post in {title} ({reaction}).' : SENTENCES[activityType];
}

/** The links every e-mail carries: the page it is about, the preferences and one-click unsubscribe. */
export interface MailLinks {
  url: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

/** RFC 8058: mail clients offer one-click unsubscribe, POSTing to the signed link. */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function footer(t: Translate, links: MailLinks): { text: string; html: string } {
  const change = t('Change your notification preferences');
  const unsubscribe = t('Unsubscribe from these e-mails');
  return {
    text: `${change}: ${links.preferencesUrl}\n${unsubscribe}: ${links.unsubscribeUrl}\n`,
    html:
      `<p><a href="${escapeHtml(links.preferencesUrl)}">${escapeHtml(change)}</a> · ` +
      `<a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`,
  };
}

/** What a notification e-mail says. */
export interface NotificationMailInput {
  activityType: NotificationActivityType;
  actorName: string;
  /** The discussion's (or conversation's) title; without it the stored body is sent. */
  title?: string | undefined;
  reactionName?: string | undefined;
  /** The post's excerpt (plain text). */
  excerpt?: string | undefined;
  /** The notification's stored HTML body (English), for activities without a sentence here. */
  bodyHtml: string;
}

/** A notification's e-mail (to be addressed by the caller). */
export function notificationMail(t: Translate, input: NotificationMailInput, links: MailLinks): Omit<MailMessage, 'to'> {
  const key = input.title === undefined ? undefined : sentenceOf(input.activityType, input.reactionName !== undefined);
  const values = { actor: input.actorName, title: input.title ?? '', reaction: input.reactionName ?? '' };
  const text = key ? t(key, values) : htmlToText(input.bodyHtml);
  const html = key
    ? t(key, {
        actor: `<b>${escapeHtml(values.actor)}</b>`,
        title: `<b>${escapeHtml(values.title)}</b>`,
        reaction: escapeHtml(values.reaction),
      })
    : input.bodyHtml;
  const excerpt = input.excerpt ? input.excerpt : undefined;
  const end = footer(t, links);
  return {
    subject: text,
    text: `${text}\n\n${excerpt ? `${excerpt}\n\n` : ''}${links.url}\n\n${end.text}`,
    html:
      `<p>${html}</p>` +
      (excerpt ? `<blockquote>${escapeHtml(excerpt)}</blockquote>` : '') +
      `<p><a href="${escapeHtml(links.url)}">${escapeHtml(links.url)}</a></p>` +
      end.html,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}

/** One discussion of a digest. */
export interface DigestItem {
  title: string;
  url: string;
  categoryName: string;
  excerpt: string;
}

const DIGEST_SUBJECT = '{count} new discussions in the categories you follow';

registerEnglishPlurals({
  [DIGEST_SUBJECT]: { one: '{count} new discussion in the categories you follow', other: DIGEST_SUBJECT },
});

/** A digest e-mail: the new discussions of the member's followed categories. */
export function digestMail(t: Translate, input: { siteName: string; items: readonly DigestItem[] }, links: MailLinks): Omit<MailMessage, 'to'> {
  const subject = `${input.siteName}: ${t(DIGEST_SUBJECT, { count: input.items.length })}`;
  const intro = t('{count} new discussions in the categories you follow', { count: input.items.length });
  const textItems = input.items.map((item) => `* ${item.title} (${item.categoryName})\n  ${item.url}${item.excerpt ? `\n  ${item.excerpt}` : ''}`);
  const htmlItems = input.items.map(
    (item) =>
      `<li><a href="${escapeHtml(item.url)}"><b>${escapeHtml(item.title)}</b></a> · ${escapeHtml(item.categoryName)}` +
      (item.excerpt ? `<br>${escapeHtml(item.excerpt)}` : '') +
      '</li>',
  );
  const end = footer(t, links);
  return {
    subject,
    text: `${intro}\n\n${textItems.join('\n\n')}\n\n${links.url}\n\n${end.text}`,
    html: `<p>${escapeHtml(intro)}</p><ul>${htmlItems.join('')}</ul><p><a href="${escapeHtml(links.url)}">${escapeHtml(links.url)}</a></p>${end.html}`,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}
