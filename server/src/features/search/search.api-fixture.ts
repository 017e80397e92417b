import assert from 'node:assert/strict';
import type { SearchResult } from '../../../../common/src/api/search.ts';
import { inject, type TestActor } from '../../../test/actors.ts';
import { makeActors } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import type { TestApp } from '../../../test/harness.ts';

/** A search answer as tests read it. */
export interface SearchAnswer {
  status: number;
  results: SearchResult[];
  total: number;
  poweredBy: string | undefined;
  body: string;
}

/** `GET /api/v2/search?{query}` as `actor`. */
export async function searchAs(
  t: TestApp,
  actor: TestActor | null,
  query: string,
): Promise<SearchAnswer> {
  const response = await inject(t, actor, { method: 'GET', url: `/api/v2/search?${query}` });
  const poweredBy = response.headers['x-search-powered-by'];
  return {
    status: response.statusCode,
    results: response.statusCode === 200 ? (response.json() as SearchResult[]) : [],
    total: Number(response.headers['x-app-page-result-count'] ?? -1),
    poweredBy: typeof poweredBy === 'string' ? poweredBy : undefined,
    body: response.body,
  };
}

/** The `recordType:recordID` keys of a 200 answer (asserts the status). */
export function keysOf(answer: SearchAnswer): string[] {
  assert.equal(answer.status, 200, answer.body);
  return answer.results.map((result) => `${result.recordType}:${String(result.recordID)}`);
}

/** A word no other test's data holds, so each test's searches see only its own posts. */
export function uniqueWord(prefix = 'zq'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;
}

/** The search tests' shared app: the four actors. */
export function useSearchFixture() {
  return useTestApp(async (t) => ({ ...(await makeActors(t)) }));
}
