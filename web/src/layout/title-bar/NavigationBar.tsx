import { useEffect, useId, useRef, type FocusEvent } from 'react';
import { SmartLink } from '../../components/SmartLink.tsx';
import { t } from '../../lib/i18n.ts';
import type { NavigationItem } from './navigation.ts';
import { useMegaMenu } from './use-mega-menu.ts';
import styles from './TitleBar.module.css';

export interface NavigationBarProps {
  items: readonly NavigationItem[];
}

/** The title bar's navigation on wide screens; items with children open a mega menu. */
export function NavigationBar({ items }: NavigationBarProps) {
  if (items.length === 0) {
    return null;
  }
  return (
    <nav className={styles.nav} aria-label={t('Main')}>
      <ul className={styles.navList}>
        {items.map((item) =>
          (item.children?.length ?? 0) > 0 ? (
            <MegaMenuItem key={item.id} item={item} />
          ) : (
            <li key={item.id} className={styles.navItem}>
              <SmartLink to={item.url ?? ''} className={styles.navLink}>
                <ItemLabel item={item} />
              </SmartLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function ItemLabel({ item }: { item: NavigationItem }) {
  return (
    <>
      {t(item.name)}
      {item.badge?.text ? <span className={styles.badge}>{item.badge.text}</span> : null}
    </>
  );
}

function MegaMenuItem({ item }: { item: NavigationItem }) {
  const menuID = useId();
  const { isOpen, isHidden, open, scheduleClose, closeNow } = useMegaMenu();
  const itemRef = useRef<HTMLLIElement>(null);
  // Escape returns focus to the trigger without reopening the menu it just closed.
  const isReturningFocus = useRef(false);
  const children = item.children ?? [];

  const handleBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (
      !(event.relatedTarget instanceof Node) ||
      itemRef.current?.contains(event.relatedTarget) !== true
    ) {
      scheduleClose();
    }
  };
  // Hover and Escape enhance the item as a whole (its trigger is a real link or button), so these
  // listeners go on the list item directly.
  useEffect(() => {
    const element = itemRef.current;
    if (element === null) {
      return undefined;
    }
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isOpen) {
        event.stopPropagation();
        closeNow();
        isReturningFocus.current = true;
        element.querySelector<HTMLElement>('a, button')?.focus();
        isReturningFocus.current = false;
      }
    };
    element.addEventListener('mouseenter', open);
    element.addEventListener('mouseleave', scheduleClose);
    element.addEventListener('keydown', handleKeyDown);
    return () => {
      element.removeEventListener('mouseenter', open);
      element.removeEventListener('mouseleave', scheduleClose);
      element.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen, open, scheduleClose, closeNow]);
  const handleFocus = () => {
    if (!isReturningFocus.current) {
      open();
    }
  };
  const triggerProps = {
    className: `${styles.navLink} ${styles.hasMenu}`,
    'aria-expanded': isOpen,
    'aria-controls': menuID,
  };

  return (
    <li
      ref={itemRef}
      className={`${styles.navItem} ${styles.megaItem}`}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      {item.url ? (
        <SmartLink to={item.url} {...triggerProps}>
          <ItemLabel item={item} />
          <Chevron />
        </SmartLink>
      ) : (
        <button type="button" {...triggerProps} onClick={() => (isOpen ? closeNow() : open())}>
          <ItemLabel item={item} />
          <Chevron />
        </button>
      )}
      <div id={menuID} className={styles.megaMenu} data-open={isOpen} hidden={isHidden}>
        <div className={styles.megaMenuInner}>
          {children.map((child) => (
            <div key={child.id} className={styles.megaColumn}>
              {child.url ? (
                <SmartLink to={child.url} className={styles.megaHeading}>
                  <ItemLabel item={child} />
                </SmartLink>
              ) : (
                <p className={styles.megaHeading}>
                  <ItemLabel item={child} />
                </p>
              )}
              {(child.children?.length ?? 0) > 0 ? (
                <ul className={styles.megaList}>
                  {(child.children ?? []).map((grandchild) => (
                    <li key={grandchild.id}>
                      {grandchild.url ? (
                        <SmartLink to={grandchild.url} className={styles.megaLink}>
                          <ItemLabel item={grandchild} />
                        </SmartLink>
                      ) : (
                        <span className={styles.megaLink}>
                          <ItemLabel item={grandchild} />
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </li>
  );
}

function Chevron() {
  return (
    <svg
      className={styles.chevron}
      viewBox="0 0 12 12"
      width="10"
      height="10"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M2 4l4 4 4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
