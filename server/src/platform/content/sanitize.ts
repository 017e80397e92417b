import sanitizeHtml from 'sanitize-html';
import { decideLink, EXTERNAL_LINK_REL, LEAVING_PATH, safeImageSrc } from './urls.ts';

/** The class of a mention link (interfaces: `<a class="atMention" href="/profile/{name}">`). */
export const MENTION_CLASS = 'atMention';

export interface SanitizeOptions {
  baseUrl: string;
  /**
   * Keep `class="atMention"` on links. Only for HTML our own converters wrote (rich, rich2), so
   * that user HTML cannot dress an arbitrary link up as a mention.
   */
  trustMentionClass?: boolean;
  /** Receives each run of text (already HTML-escaped) outside links and code; returns HTML. */
  textFilter?: (escapedText: string) => string;
  /** Called with the `src` of every image kept. */
  onImage?: (src: string) => void;
  /**
   * The intrinsic size of an image by its kept `src` (uploads we measured): written on images that
   * state no size, so the page keeps their room before they load (no layout shift).
   */
  imageSize?: (src: string) => { width: number; height: number } | undefined;
}

/** Deeper elements are dropped (their text kept): a body cannot freeze a reader's browser. */
const NESTING_LIMIT = 40;

const allowedTags = [
  'p',
  'br',
  'hr',
  'div',
  'strong',
  'em',
  's',
  'u',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'a',
  'img',
  'details',
  'summary',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
];

// Elements whose text is never content: dropped with everything inside them.
const nonTextTags = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'title',
  'iframe',
  'object',
  'applet',
  'xmp',
  'head',
  'svg',
  'math',
];

/** Tags renamed to their allowed equivalent. */
const renamed: Record<string, string> = {
  h1: 'h2',
  h6: 'h5',
  b: 'strong',
  i: 'em',
  del: 's',
  strike: 's',
  ins: 'u',
};

function positiveInt(value: string | undefined, max: number): string | undefined {
  if (value === undefined || !/^\s*\d{1,6}\s*$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? String(number) : undefined;
}

function withDefined(attribs: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(attribs)) if (value !== undefined) result[key] = value;
  return result;
}

/**
 * Sanitizes body HTML with an explicit allow-list (ARCHITECTURE "Content"): no scripts, styles,
 * event handlers, frames or forms; links only with spec 000 §5's schemes, external ones through
 * `/home/leaving`; images only from http(s) or `/uploads/`.
 */
export function sanitizeBodyHtml(html: string, options: SanitizeOptions): string {
  const { baseUrl } = options;
  const insideSkipped = new Map<string, number>();
  const skippedForText = new Set(['a', 'code', 'pre']);
  const mentionClasses = options.trustMentionClass === true ? [MENTION_CLASS] : [];

  const transformTags: Record<string, sanitizeHtml.Transformer> = {};
  for (const [from, to] of Object.entries(renamed)) {
    transformTags[from] = (_tagName, attribs) => ({ tagName: to, attribs: { ...attribs } });
  }
  transformTags.a = (_tagName, attribs): sanitizeHtml.Tag => {
    const decision = decideLink(attribs.href ?? '', baseUrl);
    // Without an href the link is unwrapped by the exclusive filter below, its text kept.
    if (decision.kind === 'drop') return { tagName: 'a', attribs: {} };
    const isMention =
      decision.kind === 'internal' &&
      mentionClasses.length > 0 &&
      (attribs.class ?? '').split(/\s+/).includes(MENTION_CLASS);
    // A link written straight to the leaving page leaves the site all the same.
    if (decision.kind === 'external' || decision.href.startsWith(`${LEAVING_PATH}?`)) {
      return { tagName: 'a', attribs: { href: decision.href, rel: EXTERNAL_LINK_REL } };
    }
    return {
      tagName: 'a',
      attribs: isMention ? { class: MENTION_CLASS, href: decision.href } : { href: decision.href },
    };
  };
  transformTags.img = (_tagName, attribs): sanitizeHtml.Tag => {
    const src = safeImageSrc(attribs.src ?? '', baseUrl);
    if (src === null) return { tagName: 'img', attribs: {} };
    options.onImage?.(src);
    let width = positiveInt(attribs.width, 10_000);
    let height = positiveInt(attribs.height, 10_000);
    if (width === undefined && height === undefined) {
      const size = options.imageSize?.(src);
      if (size !== undefined) {
        width = positiveInt(String(size.width), 100_000);
        height = positiveInt(String(size.height), 100_000);
      }
    }
    return {
      tagName: 'img',
      attribs: withDefined({ src, alt: attribs.alt ?? '', width, height, loading: 'lazy' }),
    };
  };
  for (const cell of ['td', 'th']) {
    transformTags[cell] = (tagName, attribs) => ({
      tagName,
      attribs: withDefined({
        colspan: positiveInt(attribs.colspan, 100),
        rowspan: positiveInt(attribs.rowspan, 1000),
      }),
    });
  }
  transformTags.ol = (tagName, attribs) => ({
    tagName,
    attribs: withDefined({ start: positiveInt(attribs.start, 1_000_000) }),
  });

  const textFilter = options.textFilter;
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'rel', 'class'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      ol: ['start'],
      code: ['class'],
      pre: ['class'],
      details: ['class'],
      span: ['class'],
    },
    allowedClasses: {
      a: mentionClasses,
      code: ['language-*'],
      pre: ['codeBlock'],
      details: ['spoiler'],
      span: ['spoiler'],
    },
    allowedSchemes: ['http', 'https', 'tel', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedIframeHostnames: [],
    disallowedTagsMode: 'discard',
    nonTextTags,
    nestingLimit: NESTING_LIMIT,
    selfClosing: ['img', 'br', 'hr'],
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags,
    // Renaming a refused element to a disallowed tag would leak its name into a later closing tag
    // (sanitize-html keeps the rename of skipped elements), so refused links and images are
    // stripped of their URL above and removed here.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a' && frame.attribs.href === undefined) return 'excludeTag';
      return frame.tag === 'img' && frame.attribs.src === undefined;
    },
    ...(textFilter === undefined
      ? {}
      : {
          onOpenTag: (name: string) => {
            if (skippedForText.has(name)) insideSkipped.set(name, (insideSkipped.get(name) ?? 0) + 1);
          },
          onCloseTag: (name: string) => {
            const open = insideSkipped.get(name);
            if (open !== undefined) insideSkipped.set(name, Math.max(0, open - 1));
          },
          textFilter: (text: string) => {
            for (const count of insideSkipped.values()) if (count > 0) return text;
            return textFilter(text);
          },
        }),
  });
}

const blockTags = new Set([
  'p',
  'div',
  'br',
  'hr',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'details',
  'summary',
  'table',
  'caption',
  'tr',
]);

const cellTags = new Set(['td', 'th']);

function decodeEscaped(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_whole, entity: string) => {
    switch (entity) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      default:
        return "'";
    }
  });
}

/**
 * The plain text of HTML that `sanitizeBodyHtml` produced: text content, one line per block,
 * whitespace collapsed. Reading tags this simply is sound only because sanitize-html's output
 * escapes every `<` and `>` in text and attribute values.
 */
export function plainTextOfSanitized(html: string): string {
  const parts: string[] = [];
  let index = 0;
  let insidePre = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    const text = open === -1 ? html.slice(index) : html.slice(index, open);
    // Code keeps its lines; elsewhere source line breaks are just spaces.
    if (text !== '') parts.push(decodeEscaped(text).replace(insidePre > 0 ? /[\r\t\f ]+/g : /[\n\r\t\f ]+/g, ' '));
    if (open === -1) break;
    const close = html.indexOf('>', open);
    if (close === -1) break;
    const match = /^<(\/?)([a-z0-9-]+)/i.exec(html.slice(open, close + 1));
    const tagName = match?.[2]?.toLowerCase() ?? '';
    if (tagName === 'pre') insidePre = Math.max(0, insidePre + (match?.[1] === '/' ? -1 : 1));
    if (blockTags.has(tagName)) parts.push('\n');
    else if (cellTags.has(tagName)) parts.push(' ');
    index = close + 1;
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The first image of HTML that `sanitizeBodyHtml` produced (contract §1.8 `image`): its `src` and
 * `alt`, entities decoded; null when it has none.
 */
export function firstImageOfSanitized(html: string): { url: string; alt: string } | null {
  const tag = /<img\b[^>]*>/i.exec(html)?.[0];
  if (tag === undefined) return null;
  const attribute = (name: string): string | undefined =>
    new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const src = attribute('src');
  if (src === undefined || src === '') return null;
  return { url: decodeEscaped(src), alt: decodeEscaped(attribute('alt') ?? '') };
}
