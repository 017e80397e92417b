import { decideLink, LEAVING_PATH } from '../../platform/content/urls.ts';

// Counting the links of a post for the untrusted accounts' link limit (issue 17, api-contract §27.2).

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/giu;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/iu;
const TAG = /<[^>]*>/gu;
// A bare address in text: a scheme or `www.`, up to white space or a quote/angle bracket.
const URL_IN_TEXT = /(?:\bhttps?:\/\/|(?<![\p{L}\p{N}.@/])www\.)[^\s<>"']+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/u;
const LEAVING_PREFIX = `${LEAVING_PATH}?target=`;

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The links a post carries to other sites: the anchors of its rendered HTML that go through the
 * leaving page (the renderer sends every external link there, `decideLink`), plus the bare
 * addresses of its text (a discussion's name included) that no such anchor already shows. Links
 * within the site (mentions, relative links, BASE_URL's host) do not count.
 */
export function countExternalLinks(post: { html: string; text: string }, baseUrl: string): number {
  let count = 0;
  const anchorTexts = new Map<string, number>();
  for (const match of post.html.matchAll(ANCHOR)) {
    const href = HREF.exec(match[1] ?? '');
    const address = decodeEntities(href?.[1] ?? href?.[2] ?? href?.[3] ?? '');
    if (!address.startsWith(LEAVING_PREFIX)) continue;
    count += 1;
    const shown = decodeEntities((match[2] ?? '').replace(TAG, '')).trim();
    anchorTexts.set(shown, (anchorTexts.get(shown) ?? 0) + 1);
  }
  for (const match of post.text.matchAll(URL_IN_TEXT)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    const shownByAnchor = anchorTexts.get(address) ?? 0;
    if (shownByAnchor > 0) {
      anchorTexts.set(address, shownByAnchor - 1);
      continue;
    }
    const absolute = /^www\./iu.test(address) ? `http://${address}` : address;
    if (decideLink(absolute, baseUrl).kind === 'external') count += 1;
  }
  return count;
}
