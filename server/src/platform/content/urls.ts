/** Where an external link goes first (spec 000 §2 "/home/leaving: interstitial for external links"). */
export const LEAVING_PATH = '/home/leaving';

/** The rel of links that leave the site: user content never passes ranking or the opener. */
export const EXTERNAL_LINK_REL = 'nofollow ugc noopener';

/** What a link in a body becomes: kept as is, sent through the leaving page, or dropped to text. */
export type LinkDecision =
  | { kind: 'internal'; href: string }
  | { kind: 'external'; href: string; target: string }
  | { kind: 'drop' };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Browsers ignore tabs and newlines anywhere in a URL and C0 controls or spaces around it
 * (WHATWG URL), so `java\tscript:` is `javascript:`: strip them before deciding.
 */
function normalizeUrl(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * spec 000 §5: links are kept only with http, https, tel, mailto, a leading `/` or `#`; anything
 * else is unsafe and dropped. http(s) links to another host than BASE_URL (including `//host`
 * and `/\host`, which browsers read as protocol-relative) go through `/home/leaving?target=`.
 */
export function decideLink(raw: string, baseUrl: string): LinkDecision {
  const value = normalizeUrl(raw);
  if (value === '') return { kind: 'drop' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return { kind: 'drop' };
  if (value.startsWith('#')) return { kind: 'internal', href: value };

  let absolute: URL;
  if (value.startsWith('/')) {
    const protocolRelative = value.startsWith('//') || value.startsWith('/\\');
    if (!protocolRelative) return { kind: 'internal', href: value };
    try {
      absolute = new URL(value, baseUrl);
    } catch {
      return { kind: 'drop' };
    }
  } else {
    const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
    if (scheme === 'tel' || scheme === 'mailto') return { kind: 'internal', href: value };
    if (scheme !== 'http' && scheme !== 'https') return { kind: 'drop' };
    try {
      absolute = new URL(value);
    } catch {
      return { kind: 'drop' };
    }
  }
  if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return { kind: 'drop' };
  // Stored site-relative: the forum may be reached at another address than the author used
  // (issue 11 item 16).
  if (absolute.host.toLowerCase() === hostOf(baseUrl)) {
    return { kind: 'internal', href: `${absolute.pathname}${absolute.search}${absolute.hash}` };
  }
  return {
    kind: 'external',
    href: `${LEAVING_PATH}?target=${encodeURIComponent(absolute.href)}`,
    target: absolute.href,
  };
}

/**
 * The `src` an image may keep: an absolute http(s) URL, or a path under `/uploads/` of this site
 * (ARCHITECTURE "Content"); null for anything else (data:, javascript:, relative paths…). An
 * upload of this site (`baseUrl`'s host) written as an absolute URL is kept as its path, so the
 * stored body names no host (issue 11 item 16).
 */
export function safeImageSrc(raw: string, baseUrl?: string): string | null {
  const value = normalizeUrl(raw);
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith('/') && !value.startsWith('//')) {
    let resolved: URL;
    try {
      resolved = new URL(value, 'http://uploads.invalid');
    } catch {
      return null;
    }
    // Resolving removes `..` segments: `/uploads/../x` must not pass.
    return resolved.pathname.startsWith('/uploads/') ? `${resolved.pathname}${resolved.search}` : null;
  }
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const ownUpload = baseUrl !== undefined && url.host.toLowerCase() === hostOf(baseUrl) && url.pathname.startsWith('/uploads/');
    return ownUpload ? `${url.pathname}${url.search}` : url.href;
  } catch {
    return null;
  }
}
