import { isSafeLink } from '../../lib/safe-url.ts';

/**
 * The URL a link dialog accepts (spec 000 §5: http, https, mailto, tel, a leading `/` or `#`).
 * A bare address such as `example.com/page` gets `https://`; an e-mail address gets `mailto:`.
 * Returns null for anything else (`javascript:`, `data:`, `ftp:`, relative paths, spaces).
 */
export function normalizeLinkUrl(input: string): string | null {
  const url = input.trim();
  if (url === '' || /\s/.test(url)) return null;
  if (isSafeLink(url)) {
    return /^(https?:)(?!\/\/[^/])/i.test(url) ? null : url;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[^:/]+\.[a-z]{2,}:\d+/i.test(url)) return null;
  if (/^[^@/]+@[^@/]+\.[a-z]{2,}$/i.test(url)) return `mailto:${url}`;
  if (/^(www\.|[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+)(:\d+)?([/?#].*)?$/iu.test(url)) {
    return `https://${url}`;
  }
  return null;
}
