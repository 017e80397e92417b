import { lazyWidgetsOf } from '../layout/registry.ts';
import type { Bootstrap } from '../lib/bootstrap.ts';
import type { Preloadable } from '../lib/lazy-preload.ts';
import { lazyPageFor } from './App.tsx';

/**
 * The lazily loaded code a page shows at first: its page, and on layout pages the widgets of the
 * layout the server hydrated. The server announces their chunks (`modulepreload`) and the browser
 * loads them before hydrating, so the whole page is interactive as soon as it hydrates.
 */
export function pageModulesFor(pathname: string, bootstrap: Bootstrap): Preloadable[] {
  const modules: Preloadable[] = [];
  const page = lazyPageFor(pathname);
  if (page !== null) modules.push(page);
  const layout = bootstrap.layout?.result;
  if (layout !== undefined) modules.push(...lazyWidgetsOf(layout.layout));
  return modules;
}
