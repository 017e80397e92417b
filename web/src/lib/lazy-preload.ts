import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Code that loads on demand and can be asked to load ahead of its first render. */
export interface Preloadable {
  /**
   * The module's path from the web root (`src/...`), as the Vite manifest names it: the server
   * render announces the module's chunks with `<link rel="modulepreload">`.
   */
  source: string;
  /** Starts loading the code (once); resolves when it is there. */
  preload: () => Promise<void>;
}

/** A lazily loaded component that can be preloaded. */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> &
  Preloadable;

interface LoadedModule<P extends object> {
  default: ComponentType<P>;
}

/**
 * `React.lazy` with a `preload()`: once preloaded, the component renders without suspending.
 * The browser preloads the page's lazy parts before hydrating (entry-client), so the page hydrates
 * in one pass instead of leaving lazy parts inert until their chunks arrive.
 */
export function lazyWithPreload<P extends object>(
  source: string,
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: LoadedModule<P> | null = null;
  let loading: Promise<LoadedModule<P>> | null = null;
  const start = (): Promise<LoadedModule<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = { default: component };
        return loaded;
      },
      (error: unknown) => {
        // A failed download may be retried by the next render or preload.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy((): Promise<LoadedModule<P>> => {
    const module = loaded;
    if (module !== null) {
      // A thenable that settles at once: React takes an already-loaded component synchronously
      // (a resolved Promise would still suspend until the next microtask).
      const settled = { then: (resolve: (value: LoadedModule<P>) => void) => resolve(module) };
      return settled as unknown as Promise<LoadedModule<P>>;
    }
    return start();
  });
  return Object.assign(component, {
    source,
    preload: async () => {
      await start();
    },
  });
}
