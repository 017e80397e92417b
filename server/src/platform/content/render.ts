import { BODY_MAX_LENGTH, type ContentFormat } from '../../../../common/src/api/content.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { fieldError } from '../errors.ts';
import { UPLOADS_URL_PREFIX } from '../uploads.ts';
import { bbcodeToHtml } from './bbcode.ts';
import { findImageSizesByPaths, type StoredImageSize } from './content.repo.ts';
import { markdownToHtml } from '../../../../common/src/content/markdown.ts';
import {
  collectMentionNames,
  replaceMentions,
  resolveMentionNames,
  resolveMentionRefs,
  type ResolvedMentions,
} from './mentions.ts';
import { parseRich, richMentionRefs, richToHtml } from './rich.ts';
import { parseRich2, rich2MentionRefs, rich2ToHtml } from './rich2.ts';
import { plainTextOfSanitized, sanitizeBodyHtml } from './sanitize.ts';
import { textToHtml } from './text.ts';

/** A body rendered once, on write: what services store and output (api-contract §1.8). */
export interface RenderedContent {
  /** Sanitized HTML: the API's `body`. */
  html: string;
  /** Text content, one line per block, whitespace collapsed: excerpts, search, the length rule. */
  plainText: string;
  /** Existing users the body mentions, in order of first mention. */
  mentionedUserIDs: number[];
  /** The `src` of every image kept, in order. */
  imageUrls: string[];
}

export interface RenderContext {
  db: Db;
  config: Pick<Config, 'baseUrl'>;
  /** The stored sizes of uploads by path; defaults to the media records (`findImageSizesByPaths`). */
  findImageSizes?: (paths: readonly string[]) => Promise<StoredImageSize[]>;
}

/**
 * The longest source accepted, markup included. The plain-text rule allows 8000 characters; this
 * bounds the work of parsing and sanitizing (deeply nested markup is slow to sanitize).
 */
export const BODY_SOURCE_MAX_LENGTH = 200_000;

/** The default length of `excerptOf` (characters, before the ellipsis). */
export const EXCERPT_LENGTH = 325;

function malformed(format: ContentFormat): Error {
  return fieldError('body', `body is not valid ${format} JSON.`, 422, 'invalid');
}

interface Converted {
  html: string;
  /** Our converters wrote every tag (rich, rich2): mention classes are ours. */
  trusted: boolean;
  /** Rich formats carry explicit mention nodes; others mention with `@name` in text. */
  resolved: ResolvedMentions | null;
}

async function convert(ctx: RenderContext, body: string, format: ContentFormat): Promise<Converted> {
  switch (format) {
    case 'rich2': {
      const nodes = parseRich2(body);
      if (nodes === null) throw malformed(format);
      const resolved = await resolveMentionRefs(ctx.db, rich2MentionRefs(nodes));
      return { html: rich2ToHtml(nodes, resolved), trusted: true, resolved };
    }
    case 'rich': {
      const ops = parseRich(body);
      if (ops === null) throw malformed(format);
      const resolved = await resolveMentionRefs(ctx.db, richMentionRefs(ops));
      return { html: richToHtml(ops, resolved), trusted: true, resolved };
    }
    case 'markdown':
      return { html: markdownToHtml(body), trusted: false, resolved: null };
    case 'text':
      return { html: textToHtml(body, { autoLink: false }), trusted: false, resolved: null };
    case 'textex':
      return { html: textToHtml(body, { autoLink: true }), trusted: false, resolved: null };
    case 'bbcode':
      return { html: bbcodeToHtml(body), trusted: false, resolved: null };
    case 'wysiwyg':
    case 'html':
      return { html: body, trusted: false, resolved: null };
  }
}

type ImageSizeOf = (src: string) => { width: number; height: number } | undefined;

/**
 * The stored sizes of the uploads the HTML may show, by their kept `src` (`/uploads/…`): every
 * `/uploads/…` path written in it is looked up at once (more than the images kept is harmless).
 */
async function uploadedImageSizes(ctx: RenderContext, html: string): Promise<ImageSizeOf> {
  const paths = new Set<string>();
  for (const match of html.matchAll(/\/uploads\/([^"'\s)<>?#]+)/g)) {
    if (match[1] !== undefined && match[1].length <= 500) paths.add(match[1]);
  }
  if (paths.size === 0) return () => undefined;
  const find = ctx.findImageSizes ?? ((list: readonly string[]) => findImageSizesByPaths(ctx.db, list));
  const sizes = new Map(
    (await find([...paths].slice(0, 100))).map((row) => [
      `${UPLOADS_URL_PREFIX}${row.path}`,
      { width: row.width, height: row.height },
    ]),
  );
  return (src) => sizes.get(src.split('?')[0] ?? src);
}

/**
 * Renders a stored body once, on write (ARCHITECTURE "Content"): sanitized HTML, plain text, the
 * users it mentions and the images it shows. The plain text must hold 1 to 8000 characters (an
 * image alone counts as content), the source at most BODY_SOURCE_MAX_LENGTH. `limits.maxLength`
 * replaces the 8000 for texts with their own limit (a report's note: 10,000).
 * @throws AppError 422 on `body` for malformed rich/rich2 JSON or a body too long; 400 when empty.
 */
export async function renderBody(
  ctx: RenderContext,
  input: { body: string; format: ContentFormat },
  limits: { maxLength?: number } = {},
): Promise<RenderedContent> {
  const { baseUrl } = ctx.config;
  if (input.body.length > BODY_SOURCE_MAX_LENGTH)
    throw fieldError(
      'body',
      `body is ${input.body.length - BODY_SOURCE_MAX_LENGTH} characters too long.`,
      422,
      'maxLength',
    );
  const converted = await convert(ctx, input.body, input.format);
  // Images keep their room before they load: uploads carry the size measured at upload.
  const imageSize = await uploadedImageSizes(ctx, converted.html);
  let imageUrls: string[] = [];
  const mentioned = new Set<number>();

  let html: string;
  if (converted.resolved !== null) {
    html = sanitizeBodyHtml(converted.html, {
      baseUrl,
      trustMentionClass: converted.trusted,
      onImage: (src) => imageUrls.push(src),
      imageSize,
    });
    for (const userID of converted.resolved.used) mentioned.add(userID);
  } else {
    // First pass: sanitize and note the `@names` written in text (not in links or code).
    const names = new Set<string>();
    html = sanitizeBodyHtml(converted.html, {
      baseUrl,
      onImage: (src) => imageUrls.push(src),
      imageSize,
      textFilter: (text) => {
        collectMentionNames(text, names);
        return text;
      },
    });
    const usersByName = names.size === 0 ? new Map() : await resolveMentionNames(ctx.db, names);
    if (usersByName.size > 0) {
      // Second pass over the same input, now turning known names into mention links.
      imageUrls = [];
      html = sanitizeBodyHtml(converted.html, {
        baseUrl,
        onImage: (src) => imageUrls.push(src),
        imageSize,
        textFilter: (text) => replaceMentions(text, usersByName, mentioned),
      });
    }
  }

  const plainText = plainTextOfSanitized(html);
  const length = [...plainText].length;
  if (length === 0 && imageUrls.length === 0) throw fieldError('body', 'body is required.', 400, 'missingField');
  const maxLength = limits.maxLength ?? BODY_MAX_LENGTH;
  if (length > maxLength)
    throw fieldError('body', `body is ${length - maxLength} characters too long.`, 422, 'maxLength');
  return { html, plainText, mentionedUserIDs: [...mentioned], imageUrls };
}

/**
 * A plain-text summary (api-contract §1.8 `excerpt`): whitespace collapsed to single spaces, cut at
 * a word boundary to at most `length` characters, with '…' when something was cut.
 */
export function excerptOf(plainText: string, length: number = EXCERPT_LENGTH): string {
  // Issue 18: lists cut an excerpt from every discussion's body on every request, so only the head
  // that can hold it is collapsed, and it is split into code points only when it has surrogate
  // pairs. The trimmed head is a prefix of the trimmed whole (whitespace collapses locally, and the
  // head ends on a kept character), so when it has more than `length` code points its first
  // `length` are the whole's; otherwise the whole text is read.
  const window = length * 4 + 16;
  const head = plainText.length > window ? plainText.slice(0, window) : plainText;
  const text = head.replace(/\s+/g, ' ').trim();
  const cut = firstCodePoints(text, length);
  if (cut !== undefined) return cutExcerpt(cut, length);
  if (head === plainText) return text;
  const whole = plainText.replace(/\s+/g, ' ').trim();
  const wholeCut = firstCodePoints(whole, length);
  return wholeCut === undefined ? whole : cutExcerpt(wholeCut, length);
}

const SURROGATE = /[\ud800-\udfff]/;

/** The first `length` code points of `text`, or undefined when it has no more than `length`. */
function firstCodePoints(text: string, length: number): string | undefined {
  if (text.length <= length) return undefined;
  if (!SURROGATE.test(text)) return text.slice(0, length);
  const characters = [...text];
  return characters.length > length ? characters.slice(0, length).join('') : undefined;
}

/** The first `length` code points of an excerpt's text, cut back to a word boundary, with '…'. */
function cutExcerpt(cut: string, length: number): string {
  const boundary = cut.search(/\s\S*$/);
  const slice = boundary > length / 2 ? cut.slice(0, boundary) : cut;
  return `${slice.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
}
