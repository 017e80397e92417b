import MarkdownIt from 'markdown-it';

/**
 * The one Markdown configuration, shared by the server's renderer and the web editor's Markdown
 * conversion, so what the editor shows is what the saved post renders. Raw HTML in Markdown is
 * shown as text, never passed through (ARCHITECTURE "Content"); bare http(s) URLs become links;
 * a single newline is a line break.
 */
export const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
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
