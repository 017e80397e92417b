import { z } from 'zod';

/**
 * Body formats accepted on input (api-contract §1.8). `html` is a Hearth extension (ARCHITECTURE
 * "Content"); `ipb` exists on imported records only and is never accepted.
 */
export const contentFormats = [
  'rich2',
  'rich',
  'markdown',
  'text',
  'textex',
  'wysiwyg',
  'bbcode',
  'html',
] as const;

export type ContentFormat = (typeof contentFormats)[number];

/** The format new posts and drafts default to (spec 000 §3 "Draft": default rich2). */
export const defaultContentFormat: ContentFormat = 'rich2';

/**
 * A body `format`: case-insensitive on input, lower-case once parsed; anything else is a 422
 * "format must be one of: rich2, rich, …" (api-contract §1.8).
 */
export const contentFormatSchema = z.string().trim().toLowerCase().pipe(z.enum(contentFormats));

/** Whether a value is one of the input formats (already lower-case). */
export function isContentFormat(value: unknown): value is ContentFormat {
  return typeof value === 'string' && (contentFormats as readonly string[]).includes(value);
}

/** api-contract §1.8 / interfaces: a body's plain text holds at most this many characters. */
export const BODY_MAX_LENGTH = 8000;

/** The rich2 body of an empty editor (spec 000 §5 "Empty rich text is an empty paragraph"). */
export const EMPTY_RICH2_BODY = '[{"type":"p","children":[{"text":""}]}]';
