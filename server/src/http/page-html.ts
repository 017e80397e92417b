import type { LayoutSeo } from '../../../common/src/api/layouts.ts';
import { escapeHtml } from '../platform/content/escape.ts';

// The HTML of a server-rendered page: the template's slots, the head tags of a layout's `seo`,
// JSON for inline scripts, and the fallback error page (used by pages.ts).

function escapeAttribute(value: string): string {
  return value.replace(/[^a-zA-Z0-9-]/g, '');
}

/** JSON for a `<script>` element: no `</script>` breakout. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The `<head>` tags of a layout's `seo` (api-contract §22): meta description, Open Graph tags,
 * the canonical link and JSON-LD. They carry `data-seo` so the browser can update them on
 * client-side navigation. The `<title>` comes from the React render.
 */
export function seoHeadTags(seo: LayoutSeo): string {
  const tags: string[] = [];
  if (seo.description !== '') {
    tags.push(`<meta name="description" content="${escapeHtml(seo.description)}" data-seo>`);
  }
  for (const meta of seo.meta) {
    const key = meta.property !== undefined ? 'property' : 'name';
    const name = meta.property ?? meta.name;
    if (name === undefined) continue;
    tags.push(
      `<meta ${key}="${escapeHtml(name)}" content="${escapeHtml(meta.content)}" data-seo>`,
    );
  }
  for (const link of seo.links) {
    const extra = `${link.type === undefined ? '' : ` type="${escapeHtml(link.type)}"`}${link.title === undefined ? '' : ` title="${escapeHtml(link.title)}"`}`;
    tags.push(`<link rel="${escapeHtml(link.rel)}" href="${escapeHtml(link.href)}"${extra} data-seo>`);
  }
  for (const item of seo['json-ld']) {
    tags.push(`<script type="application/ld+json" data-seo>${scriptJson(item)}</script>`);
  }
  return tags.join('\n');
}

/**
 * The page template cut at its three slots (`<html lang="en">`, `<!--app-head-->`,
 * `<!--app-html-->`). A page is written piece by piece into one buffer of its size, instead of
 * through several copies of a 100 KB+ string (one per replace and join, one for the compressor).
 */
export interface TemplateParts {
  beforeLang: string;
  beforeHead: string;
  beforeHtml: string;
  end: string;
}

export function splitTemplate(template: string): TemplateParts | null {
  const lang = template.indexOf('<html lang="en">');
  const head = template.indexOf('<!--app-head-->');
  const html = template.indexOf('<!--app-html-->');
  // Any other template is filled by replacing text (assemblePage), as before.
  if (lang === -1 || head < lang || html < head) return null;
  return {
    beforeLang: template.slice(0, lang),
    beforeHead: template.slice(lang + '<html lang="en">'.length, head),
    beforeHtml: template.slice(head + '<!--app-head-->'.length, html),
    end: template.slice(html + '<!--app-html-->'.length),
  };
}

/** The bytes of `pieces`, one after the other, in one buffer. */
function concatPieces(pieces: readonly (string | Uint8Array)[]): Buffer {
  let size = 0;
  for (const piece of pieces) size += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength;
  const page = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      offset += page.write(piece, offset);
    } else {
      page.set(piece, offset);
      offset += piece.byteLength;
    }
  }
  return page;
}

/**
 * The page: the template with the locale, the head tags (`headParts` then `extraHead`, a line
 * break between) and the app's markup in their slots.
 */
export function assemblePage(
  template: string,
  parts: TemplateParts | null,
  slots: {
    locale: string;
    headParts: readonly string[];
    extraHead: readonly string[];
    htmlChunks: readonly Uint8Array[];
  },
): Buffer {
  const htmlTag = `<html lang="${escapeAttribute(slots.locale)}">`;
  const head: string[] = [...slots.headParts];
  for (const tags of slots.extraHead) {
    if (tags === '') continue;
    if (head.length > 0) head.push('\n');
    head.push(tags);
  }
  if (parts === null) {
    return Buffer.from(
      template
        .replace('<html lang="en">', () => htmlTag)
        .replace('<!--app-head-->', () => head.join(''))
        .replace('<!--app-html-->', () => Buffer.concat(slots.htmlChunks).toString('utf8')),
    );
  }
  return concatPieces([
    parts.beforeLang,
    htmlTag,
    parts.beforeHead,
    ...head,
    parts.beforeHtml,
    ...slots.htmlChunks,
    parts.end,
  ]);
}

export function fallbackErrorPage(template: string): string {
  const body =
    '<div style="max-width:640px;margin:80px auto;padding:0 16px;font-family:system-ui,sans-serif;text-align:center">' +
    '<h1>There was an error</h1><p>Please try again later.</p><p><a href="/">Back to Home</a></p></div>';
  return template
    .replace('<!--app-head-->', () => '<title>There was an error</title>')
    .replace('<!--app-html-->', () => body);
}
