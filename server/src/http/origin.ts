import type { FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';

/** A host as a browser sends it: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin every absolute URL of this request starts with (issue 11 item 16): BASE_URL when
 * set; otherwise the request's own scheme and Host, so a forum reached at 127.0.0.1 or at its real
 * name links to itself. X-Forwarded-Proto/-Host count only from a trusted proxy (TRUST_PROXY,
 * through Fastify's `request.protocol` and `request.host`). A missing or malformed Host falls back
 * to `http://localhost:PORT`.
 */
export function requestBaseUrl(request: FastifyRequest, config: Config): string {
  if (!config.baseUrlFromRequest) return config.baseUrl;
  const host = request.host;
  if (typeof host !== 'string' || !HOST.test(host)) return config.baseUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host.toLowerCase()}`;
}

/** Configurations by origin, so requests on one host share one object (bounded: Host is the client's). */
const byOrigin = new WeakMap<Config, Map<string, Config>>();
const MAX_ORIGINS = 32;

/** The configuration a request's services see: `baseUrl` is the request's (see requestBaseUrl). */
export function configForRequest(request: FastifyRequest, config: Config): Config {
  if (!config.baseUrlFromRequest) return config;
  const baseUrl = requestBaseUrl(request, config);
  let known = byOrigin.get(config);
  if (!known) {
    known = new Map();
    byOrigin.set(config, known);
  }
  const cached = known.get(baseUrl);
  if (cached) return cached;
  // The session cookie is Secure when this request came over https (directly or from a trusted proxy).
  const derived: Config = { ...config, baseUrl, secureCookies: baseUrl.startsWith('https://') };
  if (known.size < MAX_ORIGINS) known.set(baseUrl, derived);
  return derived;
}

/**
 * The guest cache's key of a request: its URL, prefixed by its origin when the answer's absolute
 * URLs follow the request's Host (one host's answer never serves another).
 */
export function guestCacheKey(request: FastifyRequest, config: Config): string {
  return config.baseUrlFromRequest
    ? `${requestBaseUrl(request, config)}${request.url}`
    : request.url;
}
