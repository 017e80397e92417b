import MarkdownIt from 'markdown-it';

// html: false — raw HTML in Markdown is shown as text, never passed through (ARCHITECTURE "Content").
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
markdown.linkify.set({ fuzzyEmail: false });

/** A Markdown body as HTML (still to be sanitized). */
export function markdownToHtml(source: string): string {
  return markdown.render(source);
}

export interface WebLink {
  index: number;
  lastIndex: number;
  url: string;
  text: string;
}

/** The http(s) URLs written in a text, for auto-linking (`textex`). */
export function findWebLinks(text: string): WebLink[] {
  return (markdown.linkify.match(text) ?? [])
    .filter((match) => /^https?:$/i.test(match.schema))
    .map((match) => ({ index: match.index, lastIndex: match.lastIndex, url: match.url, text: match.text }));
}
