import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, AppProviders } from './app/App.tsx';
import { pageModulesFor } from './app/page-modules.ts';
import { setTransientKey } from './lib/api.ts';
import { bootstrapElementID, parseBootstrap, type Bootstrap } from './lib/bootstrap.ts';
import { setLocale } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { seedLayout } from './features/layouts/api/layouts.queries.ts';
import { seedQueryClient } from './lib/session.ts';
import './theme/reset.css';

function readBootstrap(): Bootstrap | null {
  const element = document.getElementById(bootstrapElementID);
  if (
    element?.textContent === undefined ||
    element.textContent === null ||
    element.textContent === ''
  ) {
    return null;
  }
  return parseBootstrap(element.textContent);
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (root === null) {
    return;
  }
  const serverBootstrap = readBootstrap();
  // Without a server render (the Vite dev server), the bootstrap is fetched instead.
  const bootstrap =
    serverBootstrap ?? (await (await import('./lib/fetch-bootstrap.ts')).fetchBootstrap());
  setLocale(bootstrap.locale);
  setTransientKey(bootstrap.transientKey);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, bootstrap);
  seedLayout(queryClient, bootstrap);
  const app = (
    <AppProviders bootstrap={bootstrap} queryClient={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  );
  if (serverBootstrap !== null && root.hasChildNodes()) {
    // The page's lazy parts start loading before hydration reaches them (the server announced
    // their chunks with modulepreload, so they are usually there already): those that have
    // arrived hydrate with the rest of the page, the others as soon as they arrive.
    for (const module of pageModulesFor(window.location.pathname, bootstrap)) {
      module.preload().catch(() => undefined);
    }
    hydrateRoot(root, app);
  } else {
    const { applyTheme } = await import('./theme/apply-theme.ts');
    applyTheme(bootstrap.theme);
    createRoot(root).render(app);
  }
}

void start();
