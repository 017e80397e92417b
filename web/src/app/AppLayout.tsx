import { lazy, Suspense } from 'react';
import { matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { AppLinkNavigation } from '../components/AppLink.tsx';
import { Toasts } from '../components/Toasts.tsx';
import { UnconfirmedEmailToast } from '../features/auth/components/UnconfirmedEmailToast.tsx';
import { useTitleBarMode } from '../layout/title-bar/title-bar-mode.ts';
import { TitleBar } from '../layout/title-bar/TitleBar.tsx';
import { useConfigValue } from '../lib/bootstrap.ts';
import { t } from '../lib/i18n.ts';
import { useIsBanned } from '../lib/session.ts';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';
import { BannedPage } from './errors/BannedPage.tsx';
import { ErrorBoundary } from './errors/ErrorBoundary.tsx';
import { homePath, routePatterns } from './paths.ts';
import styles from './AppLayout.module.css';

// Issue 13: the live stream starts after hydration, in its own chunk (not part of the first load).
const LiveUpdates = lazy(async () => ({
  default: (await import('../features/live/components/LiveUpdates.tsx')).LiveUpdates,
}));

/** Pages that open with a banner (a transparent title bar may sit on it). */
function hasBanner(pathname: string): boolean {
  return pathname === homePath();
}

/**
 * The page frame: title bar, main content behind an error boundary (the title bar stays rendered
 * when a page fails, spec 001 §8.3), footer and toasts.
 */
export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const isDebug = useConfigValue('garden.debug', false);
  const { background } = useTitleBarMode();
  const isBannerPage = hasBanner(location.pathname);
  const titleBarMode = isBannerPage && background === 'transparent' ? 'transparent' : 'solid';
  // api-contract §1.2: a banned user learns why on every page; signing out stays reachable.
  const isBanned = useIsBanned();
  const showBanned = isBanned && matchPath(routePatterns.signOut, location.pathname) === null;
  const isHydrated = useIsHydrated();
  return (
    <div className={styles.frame} data-title-bar={titleBarMode}>
      <TitleBar hasBanner={isBannerPage} />
      <main id="content" tabIndex={-1} className={styles.main}>
        <ErrorBoundary key={location.pathname} isDebug={isDebug} onCancel={() => void navigate(-1)}>
          {showBanned ? <BannedPage /> : <Outlet />}
        </ErrorBoundary>
      </main>
      <footer className={styles.footer}>
        <p>{t('Powered by Hearth')}</p>
      </footer>
      <Toasts />
      <AppLinkNavigation />
      {showBanned ? null : <UnconfirmedEmailToast />}
      {/* No live stream for a banned member, not even on the sign-out page (its session ends there). */}
      {isHydrated && !isBanned ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
    </div>
  );
}
