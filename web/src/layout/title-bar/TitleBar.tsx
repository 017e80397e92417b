import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { homePath } from '../../app/paths.ts';
import { useBootstrap, useConfigValue } from '../../lib/bootstrap.ts';
import { t } from '../../lib/i18n.ts';
import { useCurrentUser, usePermissionSet } from '../../lib/session.ts';
import { TitleBarSearch } from '../../features/search/components/TitleBarSearch.tsx';
import { HamburgerMenu } from './HamburgerMenu.tsx';
import { MeBox } from './MeBox.tsx';
import { NavigationBar } from './NavigationBar.tsx';
import { useTitleBarMode } from './title-bar-mode.ts';
import {
  configuredNavigationItems,
  defaultNavigationItems,
  filterNavigationItems,
  type NavigationItem,
} from './navigation.ts';
import styles from './TitleBar.module.css';

/** The navigation items the current user sees: configured ones (config `navigation.items`) or the defaults. */
export function useNavigationItems(): NavigationItem[] {
  const { config } = useBootstrap();
  const permissions = usePermissionSet();
  const user = useCurrentUser();
  return useMemo(() => {
    const items = configuredNavigationItems(config['navigation.items']) ?? defaultNavigationItems();
    return filterNavigationItems(items, { permissions, roleIDs: user.roleIDs ?? [] });
  }, [config, permissions, user.roleIDs]);
}

export interface TitleBarProps {
  /** Whether the page starts with a banner the transparent title bar may sit on. */
  hasBanner?: boolean;
}

/**
 * The title bar (spec 000 §2): skip-to-content link, logo, navigation with mega menus,
 * hamburger on compact screens, and the me-box. Sticky or static, solid or transparent per theme.
 */
export function TitleBar({ hasBanner = false }: TitleBarProps) {
  const { theme } = useBootstrap();
  const siteTitle = useConfigValue('garden.title', 'Hearth');
  const brandingLogo = useConfigValue('branding.logo', '');
  const brandingMobileLogo = useConfigValue('branding.mobileLogo', '');
  const logoUrl = brandingLogo || theme.titleBar.logo.url;
  const mobileLogoUrl = brandingMobileLogo || logoUrl;
  const items = useNavigationItems();
  const { position, background } = useTitleBarMode();
  const isTransparent = background === 'transparent' && hasBanner;
  const [isScrolled, setIsScrolled] = useState(false);

  useEffect(() => {
    if (!isTransparent || position !== 'sticky') {
      return undefined;
    }
    const handleScroll = () => setIsScrolled(window.scrollY > 0);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [isTransparent, position]);

  const classes = [
    styles.titleBar,
    position === 'sticky' ? styles.sticky : styles.static,
    isTransparent && !isScrolled ? styles.transparent : null,
    isTransparent ? styles.overlaysBanner : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <header
      className={classes}
      data-position={position}
      data-background={isTransparent ? 'transparent' : 'solid'}
    >
      <a href="#content" className={styles.skipLink}>
        {t('Skip to content')}
      </a>
      <div className={styles.container}>
        <div className={styles.compactOnly}>
          <HamburgerMenu items={items} />
        </div>
        <Link
          to={homePath()}
          className={styles.logo}
          aria-label={t('{site} home', { site: siteTitle })}
        >
          {logoUrl ? (
            <picture>
              {mobileLogoUrl === logoUrl ? null : (
                <source media="(max-width: 800px)" srcSet={mobileLogoUrl} />
              )}
              <img src={logoUrl} alt="" className={styles.logoImage} />
            </picture>
          ) : (
            <>
              <svg
                className={styles.logoMark}
                viewBox="0 0 32 32"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M16 3c1.5 4.5 7 7.5 7 14a7 7 0 0 1-14 0c0-3.5 2-5.5 3.5-7 .3 2.4 1.3 3.8 2.8 4.6C15 10.5 14.5 6.5 16 3z"
                  fill="currentColor"
                />
                <path
                  d="M5 27.5h22"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
              <span className={styles.logoText} title={siteTitle}>
                {siteTitle}
              </span>
            </>
          )}
        </Link>
        <div className={styles.wideOnly}>
          <NavigationBar items={items} />
        </div>
        <div className={styles.spacer} />
        <TitleBarSearch />
        <MeBox />
      </div>
    </header>
  );
}
