import { escapeHtml, escapeWithBreaks } from './escape.ts';
import { findWebLinks } from '../../../../common/src/content/markdown.ts';

function linkified(text: string): string {
  let html = '';
  let index = 0;
  for (const link of findWebLinks(text)) {
    html += escapeWithBreaks(text.slice(index, link.index));
    html += `<a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a>`;
    index = link.lastIndex;
  }
  return html + escapeWithBreaks(text.slice(index));
}

/**
 * `text` and `textex` bodies (api-contract §1.8): escaped, blank lines separate paragraphs, line
 * breaks kept; `textex` also turns http(s) URLs into links.
 */
export function textToHtml(text: string, options: { autoLink: boolean }): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${options.autoLink ? linkified(paragraph) : escapeWithBreaks(paragraph)}</p>`)
    .join('');
}
