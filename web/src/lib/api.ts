import { t } from './i18n.ts';

/** Base path of every API call (spec 001 §7). */
export const apiBasePath = '/api/v2';

/** One item of a validation error's `errors` array (api-contract §1.10). */
export interface FieldError {
  field: string;
  code: string;
  message: string;
  status: number;
  path?: string;
  index?: number;
}

/** Button a server may attach to an error; error pages show it. */
export interface ErrorActionButton {
  label: string;
  url: string;
  target?: string;
}

/** Field errors grouped by field name (spec 001 §8.1); whole-body errors are under `""`. */
export type FieldErrors = Record<string, FieldError[]>;

interface ApiErrorInit {
  status: number;
  description?: string | undefined;
  errors?: FieldErrors | undefined;
  actionButton?: ErrorActionButton | undefined;
  trace?: string | undefined;
  body?: Record<string, unknown> | undefined;
}

/** A failed API call, normalized as spec 001 §8.1 says. `status` 0 means no response arrived. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly description: string | undefined;
  readonly errors: FieldErrors;
  readonly actionButton: ErrorActionButton | undefined;
  readonly trace: string | undefined;
  /** The error body as sent, for endpoint context keys (`permissions`, `recordIDs`...). */
  readonly body: Record<string, unknown>;

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.status = init.status;
    this.description = init.description;
    this.errors = init.errors ?? {};
    this.actionButton = init.actionButton;
    this.trace = init.trace;
    this.body = init.body ?? {};
  }

  /** Messages of the errors on one field (`""` for whole-body errors). */
  fieldMessages(field: string): string[] {
    return (this.errors[field] ?? []).map((error) => error.message);
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

/** Paging read from the `x-app-page-*` headers (api-contract §1.9). */
export interface Paging {
  currentPage?: number;
  limit?: number;
  total?: number;
  nextURL?: string;
  prevURL?: string;
}

/** A successful call: the body, the status and the paging headers. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  paging: Paging;
  headers: Headers;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON body, or `FormData` for uploads. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** spec 001 §4, §8.1: statuses below 400 and 408 (long-running action not finished) are not errors. */
export function isErrorStatus(status: number): boolean {
  return status >= 400 && status !== 408;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFieldError(value: unknown, status: number): FieldError | null {
  if (!isRecord(value)) {
    return null;
  }
  const message = typeof value.message === 'string' ? value.message : t('Something went wrong.');
  const fieldError: FieldError = {
    field: typeof value.field === 'string' ? value.field : '',
    code: typeof value.code === 'string' ? value.code : 'invalid',
    message,
    status: typeof value.status === 'number' ? value.status : status,
  };
  if (typeof value.path === 'string') {
    fieldError.path = value.path;
  }
  if (typeof value.index === 'number') {
    fieldError.index = value.index;
  }
  return fieldError;
}

/** Groups a contract `errors` array (or an already grouped object) by field (spec 001 §8.1). */
export function groupFieldErrors(errors: unknown, status: number): FieldErrors {
  const grouped: FieldErrors = {};
  const add = (item: unknown, fallbackField: string): void => {
    const fieldError = toFieldError(item, status);
    if (fieldError === null) {
      return;
    }
    if (fieldError.field === '' && fallbackField !== '') {
      fieldError.field = fallbackField;
    }
    (grouped[fieldError.field] ??= []).push(fieldError);
  };
  if (Array.isArray(errors)) {
    for (const item of errors) {
      add(item, '');
    }
  } else if (isRecord(errors)) {
    for (const [field, items] of Object.entries(errors)) {
      for (const item of Array.isArray(items) ? items : [items]) {
        add(item, field);
      }
    }
  }
  return grouped;
}

function readActionButton(value: unknown): ErrorActionButton | undefined {
  if (!isRecord(value) || typeof value.label !== 'string' || typeof value.url !== 'string') {
    return undefined;
  }
  return typeof value.target === 'string'
    ? { label: value.label, url: value.url, target: value.target }
    : { label: value.label, url: value.url };
}

/**
 * Turns an error body into an `ApiError` (spec 001 §8.1): fields grouped, `message`,
 * `description`, `actionButton` and `trace` passed on. A message that is not a string falls back
 * to 'Something went wrong.'; a body without one to the first field error, else to
 * 'Something went wrong while contacting the server.'.
 */
export function normalizeErrorBody(status: number, body: unknown): ApiError {
  if (!isRecord(body)) {
    return new ApiError(t('Something went wrong while contacting the server.'), { status });
  }
  const errors = groupFieldErrors(body.errors, status);
  const firstFieldError = Object.values(errors)[0]?.[0];
  let message: string;
  if (typeof body.message === 'string' && body.message !== '') {
    message = body.message;
  } else if (body.message !== undefined && body.message !== null) {
    message = t('Something went wrong.');
  } else if (firstFieldError !== undefined) {
    message = firstFieldError.message;
  } else {
    message = t('Something went wrong while contacting the server.');
  }
  return new ApiError(message, {
    status: typeof body.status === 'number' ? body.status : status,
    description: typeof body.description === 'string' ? body.description : undefined,
    errors,
    actionButton: readActionButton(body.actionButton),
    trace: typeof body.trace === 'string' ? body.trace : undefined,
    body,
  });
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a front proxy's HTML error page says (spec 001 §8.1). */
export interface ProxyErrorPage {
  message: string;
  description: string | undefined;
  isChallenge: boolean;
}

/**
 * Reads a front proxy's HTML error page (spec 001 §8.1): the heading is the message (default
 * 'An Error has Occured'); the first paragraph and the Ray ID footer form the description.
 */
export function parseProxyErrorPage(html: string, headers?: Headers): ProxyErrorPage {
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1];
  const rayID = /Ray ID:?\s*(?:<[^>]*>\s*)*([0-9a-f]+)/i.exec(html)?.[1];
  const parts = [
    paragraph === undefined ? '' : textOf(paragraph),
    rayID === undefined ? '' : `Ray ID: ${rayID}`,
  ].filter((part) => part !== '');
  const message = heading === undefined ? '' : textOf(heading);
  return {
    message: message === '' ? t('An Error has Occured') : message,
    description: parts.length > 0 ? parts.join(' ') : undefined,
    isChallenge:
      headers?.get('cf-mitigated') === 'challenge' || /cf[-_]chl|challenge-platform/i.test(html),
  };
}

/** Reads the paging headers of a list response (api-contract §1.9). */
export function readPaging(headers: Headers): Paging {
  const paging: Paging = {};
  const number = (name: string): number | undefined => {
    const value = headers.get(name);
    if (value === null || value === '') {
      return undefined;
    }
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  const currentPage = number('x-app-page-current');
  const limit = number('x-app-page-limit');
  const total = number('x-app-page-result-count');
  const nextURL = headers.get('x-app-page-next-url');
  const prevURL = headers.get('x-app-page-prev-url');
  if (currentPage !== undefined) paging.currentPage = currentPage;
  if (limit !== undefined) paging.limit = limit;
  if (total !== undefined) paging.total = total;
  if (nextURL !== null && nextURL !== '') paging.nextURL = nextURL;
  if (prevURL !== null && prevURL !== '') paging.prevURL = prevURL;
  return paging;
}

/** Builds `/api/v2{path}?query`; arrays are sent as CSV (api-contract §1.6). */
export function apiURL(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) {
      continue;
    }
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = search.toString();
  return `${apiBasePath}${path.startsWith('/') ? path : `/${path}`}${qs === '' ? '' : `?${qs}`}`;
}

let transientKey: string | null = null;

/** Remembers the session's transient key (CSRF), sent as `X-Transient-Key` on writes. */
export function setTransientKey(key: string | null): void {
  transientKey = key === '' ? null : key;
}

export function getTransientKey(): string | null {
  return transientKey;
}

async function readBody(response: Response): Promise<{ json: unknown; text: string }> {
  const text = await response.text();
  if (text === '') {
    return { json: undefined, text };
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return { json: JSON.parse(text) as unknown, text };
    } catch {
      return { json: undefined, text };
    }
  }
  return { json: undefined, text };
}

/** Turns a failed response into an `ApiError`, parsing JSON bodies and proxy HTML pages. */
export async function normalizeErrorResponse(response: Response): Promise<ApiError> {
  const { json, text } = await readBody(response);
  if (json !== undefined) {
    return normalizeErrorBody(response.status, json);
  }
  if (/<html|<h1/i.test(text)) {
    const page = parseProxyErrorPage(text, response.headers);
    if (page.isChallenge && typeof window !== 'undefined') {
      window.location.reload();
    }
    return new ApiError(page.message, { status: response.status, description: page.description });
  }
  return normalizeErrorBody(response.status, undefined);
}

/**
 * The one API client: `/api/v2`, always `X-Requested-With: vanilla`, JSON in and out, errors
 * normalized (spec 001 §8.1), paging read from the headers. Throws `ApiError`.
 */
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'vanilla',
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET' && transientKey !== null) {
    headers['X-Transient-Key'] = transientKey;
  }
  let response: Response;
  try {
    response = await fetch(apiURL(path, options.query), {
      method,
      headers,
      body: body ?? null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new ApiError(t('Something went wrong while contacting the server.'), { status: 0 });
  }
  const refreshedKey = response.headers.get('x-csrf-token');
  if (refreshedKey !== null && refreshedKey !== '') {
    setTransientKey(refreshedKey);
  }
  if (isErrorStatus(response.status)) {
    throw await normalizeErrorResponse(response);
  }
  const { json } = await readBody(response);
  return {
    data: json as T,
    status: response.status,
    paging: readPaging(response.headers),
    headers: response.headers,
  };
}

/** Shorthands returning only the body. */
export const api = {
  get: async <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T> =>
    (await apiRequest<T>(path, { ...options, method: 'GET' })).data,
  post: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ): Promise<T> => (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ): Promise<T> => (await apiRequest<T>(path, { ...options, method: 'PUT', body })).data,
  patch: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ): Promise<T> => (await apiRequest<T>(path, { ...options, method: 'PATCH', body })).data,
  delete: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ): Promise<T> => (await apiRequest<T>(path, { ...options, method: 'DELETE', body })).data,
};
