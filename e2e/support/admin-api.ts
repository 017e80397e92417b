import assert from 'node:assert/strict';
import { addressPool } from './addresses.ts';
import { adminPassword, journeyBaseURL } from './server.ts';

const adminAddress = addressPool();

/** A call of the API as the administrator: method, path under /api/v2, JSON body (or a form to upload). */
export type AdminApi = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The API as the administrator (a real session cookie; CSRF passes with a same-site referer).
 * Each sign-in comes from an address of its own, so the sign-in throttle never makes it wait.
 */
export async function adminApi(): Promise<AdminApi> {
  const base = journeyBaseURL();
  const headers = {
    'content-type': 'application/json',
    'x-requested-with': 'vanilla',
    referer: `${base}/`,
  };
  const signIn = await fetch(`${base}/api/v2/authenticate/password`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': adminAddress() },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  assert.equal(signIn.status, 201, await signIn.clone().text());
  const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const { 'content-type': _json, ...formHeaders } = headers;
    const response = await fetch(`${base}/api/v2${path}`, {
      method,
      headers: { ...(isForm ? formHeaders : headers), cookie },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
}
