import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { SidePanel } from '../../components/SidePanel.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { useEntryLinks } from '../../app/entry-links.ts';
import { editProfilePath, profilePath } from '../../app/paths.ts';
import { t } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/session.ts';
import type { NavigationItem } from './navigation.ts';
import panelStyles from './HamburgerMenu.module.css';
import styles from './TitleBar.module.css';

export interface HamburgerMenuProps {
  items: readonly NavigationItem[];
}

/** The compact screens' menu button and its 'Site Navigation' side panel (spec 000 §2). */
export function HamburgerMenu({ items }: HamburgerMenuProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // The panel belongs to the page it was opened on: following one of its links closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === here;
  const user = useCurrentUser();
  const entryLinks = useEntryLinks();
  const close = useCallback(() => setOpenAt(null), []);

  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('Site Navigation')}
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        onClick={() => setOpenAt(here)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M4 6.5h16M4 12h16M4 17.5h16"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <SidePanel title={t('Site Navigation')} isOpen={isOpen} onClose={close}>
        <nav aria-label={t('Site Navigation')}>
          <PanelItems items={items} depth={0} />
        </nav>
        <div className={panelStyles.panelSection}>
          {user.userID === 0 ? (
            <ul className={panelStyles.panelList}>
              <li>
                <SmartLink to={entryLinks.signIn()} className={panelStyles.panelLink}>
                  {t('Sign In')}
                </SmartLink>
              </li>
              {entryLinks.register === null ? null : (
                <li>
                  <SmartLink to={entryLinks.register} className={panelStyles.panelLink}>
                    {t('Register')}
                  </SmartLink>
                </li>
              )}
            </ul>
          ) : (
            <ul className={panelStyles.panelList}>
              <li>
                <SmartLink to={profilePath(user.name)} className={panelStyles.panelLink}>
                  {t('Profile')}
                </SmartLink>
              </li>
              <li>
                <SmartLink to={editProfilePath()} className={panelStyles.panelLink}>
                  {t('Edit Profile')}
                </SmartLink>
              </li>
              <li>
                <a href={entryLinks.signOut} className={panelStyles.panelLink}>
                  {t('Sign Out')}
                </a>
              </li>
            </ul>
          )}
        </div>
      </SidePanel>
    </>
  );
}

function PanelItems({ items, depth }: { items: readonly NavigationItem[]; depth: number }) {
  if (items.length === 0) {
    return null;
  }
  return (
    <ul className={depth === 0 ? panelStyles.panelList : panelStyles.panelSubList}>
      {items.map((item) => (
        <li key={item.id}>
          {item.url ? (
            <SmartLink to={item.url} className={panelStyles.panelLink}>
              {t(item.name)}
            </SmartLink>
          ) : (
            <span className={panelStyles.panelHeading}>{t(item.name)}</span>
          )}
          <PanelItems items={item.children ?? []} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}
