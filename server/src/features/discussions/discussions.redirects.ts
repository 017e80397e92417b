import { DISCUSSION_NAME_MAX_LENGTH } from '../../../../common/src/api/discussions.ts';
import type { RequestContext } from '../../http/context.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { discussionUrl } from './discussions.present.ts';
import type { DiscussionRow } from './discussions.repo.ts';
import { renderDiscussionBody } from './discussions.guards.ts';

function truncateName(name: string): string {
  return [...name].slice(0, DISCUSSION_NAME_MAX_LENGTH).join('');
}

/**
 * A `redirect` discussion left in the old category, pointing to where the discussion went (as
 * Vanilla does on move and merge): closed, HTML body with the link, the original's author and dates.
 */
export async function redirectValues(
  ctx: RequestContext,
  original: DiscussionRow,
  target: DiscussionRow,
  verb: 'moved' | 'merged',
): Promise<{ name: string; body: string; bodyHtml: string; bodyPlainText: string }> {
  const url = discussionUrl(ctx.config.baseUrl, target.discussionID, target.name);
  const body = `<p>This discussion has been <a href="${escapeHtml(url)}">${verb}</a>.</p>`;
  const rendered = await renderDiscussionBody(ctx, body, 'html');
  const prefix = verb === 'moved' ? 'Moved' : 'Merged';
  return {
    name: truncateName(`${prefix}: ${original.name}`),
    body,
    bodyHtml: rendered.html,
    bodyPlainText: rendered.plainText,
  };
}
