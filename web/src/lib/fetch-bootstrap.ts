import { resolveTheme } from '../../../common/src/theme/resolve-theme.ts';
import { apiRequest } from './api.ts';
import { guestBootstrap, type Bootstrap, type CurrentUser } from './bootstrap.ts';
import { fetchCurrentUser, fetchPermissions } from './session.ts';

/**
 * The bootstrap of a page the server did not render (the Vite dev server), fetched from the API.
 * Loaded only then: server-rendered pages carry their bootstrap.
 */
export async function fetchBootstrap(): Promise<Bootstrap> {
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
