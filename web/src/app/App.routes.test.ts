import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, routesFor } from './App.tsx';
import { routePatterns } from './paths.ts';

/** Every route pattern with its parameters filled, in several spellings, and paths no route has. */
function samplePaths(): string[] {
  const paths = [
    '/',
    '',
    '/nowhere',
    '/nowhere/deeper',
    '//discussions',
    '/%zz',
    '/Discussions/',
    '/DISCUSSION/5/Slug',
  ];
  for (const pattern of Object.values(routePatterns)) {
    const filled = pattern.replace(/:[a-zA-Z]+/g, (_, index: number) => `v${index}`);
    paths.push(
      filled,
      `${filled}/`,
      filled.toUpperCase(),
      `${filled}/extra`,
      encodeURI(filled).replace('e', '%65'),
    );
  }
  return paths;
}

describe('routesFor', () => {
  it('picks the same route, parameters and path as the whole route table for every path', () => {
    for (const pathname of samplePaths()) {
      const whole = matchRoutes(appRoutes, pathname);
      const narrowed = matchRoutes(routesFor(pathname), pathname);
      const shape = (matches: typeof whole) =>
        matches?.map((match) => ({
          path: match.route.path,
          index: match.route.index,
          params: match.params,
          pathname: match.pathname,
        })) ?? null;
      expect(shape(narrowed), pathname).toEqual(shape(whole));
      // The elements are the whole table's: a navigation keeps the app frame and pages mounted.
      expect(narrowed?.at(-1)?.route.element, pathname).toBe(whole?.at(-1)?.route.element);
    }
  });

  it('keeps one tree per first segment', () => {
    expect(routesFor('/discussion/1/a')).toBe(routesFor('/discussion/2'));
    expect(routesFor('/unknown-a')).toBe(routesFor('/unknown-b'));
  });
});
