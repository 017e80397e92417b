import { Suspense, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { profilePath } from '../../../app/paths.ts';
import { useFlyoutState } from '../../../components/flyout-context.tsx';
import { lazyWithPreload } from '../../../lib/lazy-preload.ts';
import styles from './UserCard.module.css';

// The card itself (and its query code) loads on the first open: readers who never open one
// download nothing for it.
const UserCard = lazyWithPreload(
  'src/features/users/components/UserCard.tsx',
  async () => (await import('./UserCard.tsx')).UserCard,
);

export interface UserCardLinkProps {
  user: { userID: number; name: string };
  className?: string | undefined;
  children?: ReactNode;
  /** Hidden from assistive technology (an avatar beside the name link). */
  isDecorative?: boolean;
}

/**
 * An author's name (or avatar) that opens the user card (spec 000 §2): a link to the profile for
 * crawlers and modified clicks; a plain click or Enter opens the card, Escape closes it and
 * returns focus. Deleted users (userID 0) are plain text.
 */
export function UserCardLink({ user, className, children, isDecorative = false }: UserCardLinkProps) {
  const id = useId();
  const { isOpen, close, toggle } = useFlyoutState(id);
  const containerRef = useRef<HTMLSpanElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const [hasOpened, setHasOpened] = useState(false);

  useEffect(() => {
    if (!isOpen) return undefined;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        linkRef.current?.focus();
      }
    };
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target) !== true) close();
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [isOpen, close]);

  if (user.userID === 0) {
    return isDecorative ? null : <span className={className}>{children ?? user.name}</span>;
  }

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setHasOpened(true);
    toggle();
  };

  return (
    <span ref={containerRef} className={styles.anchor}>
      <a
        ref={linkRef}
        href={profilePath(user.name)}
        className={className}
        onClick={handleClick}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        {...(isDecorative ? { tabIndex: -1, 'aria-hidden': true } : {})}
      >
        {children ?? user.name}
      </a>
      {isOpen && hasOpened ? (
        <Suspense fallback={null}>
          <UserCard userID={user.userID} name={user.name} onClose={close} />
        </Suspense>
      ) : null}
    </span>
  );
}
