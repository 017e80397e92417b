import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/App.tsx';
import { AppLinkNavigation } from '../components/AppLink.tsx';
import { FlyoutProvider } from '../components/flyout-context.tsx';
import { Toasts } from '../components/Toasts.tsx';
import { guestBootstrap, type Bootstrap, type CurrentUser } from '../lib/bootstrap.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { seedQueryClient } from '../lib/session.ts';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';

export interface RenderWithAppOptions {
  bootstrap?: Partial<Bootstrap>;
  /** The current URL (default `/`). */
  route?: string;
  /** A route pattern for `ui`, when it reads params (e.g. `/entry/emailconfirm/:userID/:code`). */
  path?: string;
}

/** Renders UI inside the app's providers, a memory router and the toast region. */
export function renderWithApp(ui: ReactElement, options: RenderWithAppOptions = {}): RenderResult {
  const bootstrap = guestBootstrap(options.bootstrap);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, bootstrap);
  return render(
    <AppProviders bootstrap={bootstrap} queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <FlyoutProvider>
          <Routes>
            <Route path={options.path ?? '*'} element={ui} />
          </Routes>
          <Toasts />
          <AppLinkNavigation />
        </FlyoutProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}

export const member: CurrentUser = {
  userID: 7,
  name: 'ember',
  email: 'ember@example.com',
  photoUrl: null,
  emailConfirmed: true,
  isAdmin: false,
  roleIDs: [8],
};

/** A permission set with the given global names granted. */
export function permissionSet(
  names: readonly string[],
  extra: Partial<PermissionSet> = {},
): PermissionSet {
  return {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [
      {
        type: 'global',
        id: null,
        permissions: Object.fromEntries(names.map((name) => [name, true])),
      },
    ],
    junctions: {},
    junctionAliases: {},
    ...extra,
  };
}

/** A `fetch` stand-in answering one JSON response. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
