const allowedSchemes = new Set(['http:', 'https:', 'tel:', 'mailto:']);

/**
 * spec 000 §5: links are kept only with http, https, tel or mailto, a leading slash or a hash;
 * anything else (javascript:, data:, relative paths...) is unsafe.
 */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') || trimmed.startsWith('#')) {
    return true;
  }
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(trimmed)?.[1]?.toLowerCase();
  return scheme !== undefined && allowedSchemes.has(scheme);
}

/** Whether a safe link stays on this site (a path or hash, not a protocol-relative `//host`). */
export function isInternalLink(url: string): boolean {
  const trimmed = url.trim();
  return (trimmed.startsWith('/') && !trimmed.startsWith('//')) || trimmed.startsWith('#');
}

/** A post-sign-in target: only same-site paths are followed; anything else goes home. */
export function safeTarget(target: string | null | undefined, fallback = '/'): string {
  if (target === null || target === undefined || target === '') {
    return fallback;
  }
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : fallback;
}
