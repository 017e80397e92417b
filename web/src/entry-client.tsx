import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, AppProviders } from './app/App.tsx';
import { resolveTheme } from '../../common/src/theme/resolve-theme.ts';
import { apiRequest, setTransientKey } from './lib/api.ts';
import {
  bootstrapElementID,
  guestBootstrap,
  type Bootstrap,
  type CurrentUser,
} from './lib/bootstrap.ts';
import { setLocale } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { seedLayout } from './features/layouts/api/layouts.queries.ts';
import { fetchCurrentUser, fetchPermissions, seedQueryClient } from './lib/session.ts';
import { applyTheme } from './theme/apply-theme.ts';
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
  return JSON.parse(element.textContent) as Bootstrap;
}

/** Without a server render (the Vite dev server), the bootstrap is fetched instead. */
async function fetchBootstrap(): Promise<Bootstrap> {
  const [me, permissions, config] = await Promise.all([
    fetchCurrentUser().catch((): CurrentUser => guestBootstrap().me),
    fetchPermissions().catch(() => guestBootstrap().permissions),
    apiRequest<Record<string, unknown>>('/config', {
      query: { select: 'garden.*,registration.*,password.*,navigation.*' },
    })
      .then((response) => response.data)
      .catch(() => ({})),
  ]);
  return guestBootstrap({ me, permissions, config, theme: resolveTheme(undefined) });
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (root === null) {
    return;
  }
  const serverBootstrap = readBootstrap();
  const bootstrap = serverBootstrap ?? (await fetchBootstrap());
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
    hydrateRoot(root, app);
  } else {
    applyTheme(bootstrap.theme);
    createRoot(root).render(app);
  }
}

void start();
