import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useFlyoutState } from './flyout-context.tsx';
import styles from './DropDown.module.css';

/** One entry of a drop-down menu. */
export type DropDownItem =
  | {
      kind: 'button';
      /** Unique within the menu. */
      key: string;
      label: string;
      onSelect: () => void;
      /** A toggle that is running its request (spec 000 §4: it disables itself). */
      isDisabled?: boolean;
      /** Marks a toggle's current state (`menuitemcheckbox`). */
      isChecked?: boolean;
    }
  | { kind: 'link'; key: string; label: string; to: string; isExternal?: boolean }
  | { kind: 'separator'; key: string };

export interface DropDownProps {
  /** Accessible name of the menu button. */
  label: string;
  /** What the button shows (an icon); defaults to the label. */
  buttonContent?: ReactNode;
  buttonClassName?: string;
  align?: 'left' | 'right';
  items: readonly DropDownItem[];
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (menu === null) return [];
  return [
    ...menu.querySelectorAll<HTMLElement>(
      '[role="menuitem"]:not([aria-disabled="true"]), [role="menuitemcheckbox"]:not([aria-disabled="true"])',
    ),
  ];
}

/**
 * A menu button (spec 000 §4 dropdowns): toggles on click, opens with arrow keys too, arrow keys,
 * Home and End move between items, Escape closes and returns focus to the button; opening one
 * closes the others.
 */
export function DropDown({
  label,
  buttonContent,
  buttonClassName,
  align = 'right',
  items,
}: DropDownProps) {
  const id = useId();
  const menuID = `${id}-menu`;
  const { isOpen, open, close, toggle } = useFlyoutState(id);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  useEffect(() => {
    if (!isOpen) return undefined;
    const list = menuItems(menuRef.current);
    const target = focusOnOpen.current === 'last' ? list[list.length - 1] : list[0];
    if (focusOnOpen.current !== null) target?.focus();
    focusOnOpen.current = null;
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target) !== true) {
        close();
      }
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen, close]);

  const closeAndFocus = () => {
    close();
    buttonRef.current?.focus();
  };

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (isOpen) {
        const list = menuItems(menuRef.current);
        (event.key === 'ArrowDown' ? list[0] : list[list.length - 1])?.focus();
        focusOnOpen.current = null;
      } else {
        open();
      }
    }
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menuRef.current);
    const index = list.findIndex((item) => item === document.activeElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        closeAndFocus();
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  };

  const handleButtonClick = () => {
    focusOnOpen.current = isOpen ? null : 'first';
    toggle();
  };

  return (
    <div ref={containerRef} className={styles.dropDown}>
      <button
        ref={buttonRef}
        type="button"
        className={[styles.toggle, buttonClassName].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuID : undefined}
        aria-label={buttonContent === undefined ? undefined : label}
        onClick={handleButtonClick}
        onKeyDown={handleButtonKeyDown}
      >
        {buttonContent ?? label}
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuID}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          className={`${styles.menu} ${align === 'left' ? styles.alignLeft : styles.alignRight}`}
          onKeyDown={handleMenuKeyDown}
        >
          {items.map((item) => {
            switch (item.kind) {
              case 'separator':
                return <div key={item.key} role="separator" className={styles.separator} />;
              case 'link':
                return item.isExternal === true ? (
                  <a
                    key={item.key}
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.item}
                    href={item.to}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={close}
                  >
                    {item.label}
                  </a>
                ) : (
                  <Link
                    key={item.key}
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.item}
                    to={item.to}
                    onClick={close}
                  >
                    {item.label}
                  </Link>
                );
              case 'button':
                return (
                  <button
                    key={item.key}
                    type="button"
                    role={item.isChecked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                    aria-checked={item.isChecked}
                    aria-disabled={item.isDisabled === true || undefined}
                    tabIndex={-1}
                    className={styles.item}
                    onClick={() => {
                      if (item.isDisabled === true) return;
                      closeAndFocus();
                      item.onSelect();
                    }}
                  >
                    {item.label}
                  </button>
                );
            }
          })}
        </div>
      ) : null}
    </div>
  );
}
