import { useEffect, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site path (`app/paths.ts`). */
  to: string;
  children?: ReactNode;
}

/** Marks the links whose clicks navigate in the app (`useAppLinkNavigation`). */
const APP_LINK_ATTRIBUTE = 'data-app-link';

/**
 * A link to a site path for long lists (discussions, categories, tags, comments): a plain `<a>`
 * without hooks, so a list of 30 rows renders without 150 router subscriptions (issue 18: the
 * router's `Link` was 5–9 % of a page render). A plain click navigates in the app through the one
 * delegated handler of `useAppLinkNavigation`; a modified click, a middle click and the keyboard
 * behave as for any link (Enter clicks it).
 */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  return (
    <a {...rest} href={to} {...{ [APP_LINK_ATTRIBUTE]: '' }}>
      {children}
    </a>
  );
}

/** A click the browser would follow in the same tab, and nothing else handled. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * Navigates in the app (no page load) when an `AppLink` is clicked, as the router's `Link` does:
 * one listener on the document for every such link. Mount once, inside the router.
 */
export function useAppLinkNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = createPath(location);
  useEffect(() => {
    const handleClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest(`a[${APP_LINK_ATTRIBUTE}]`);
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = `${url.pathname}${url.search}${url.hash}`;
      // As the router's Link: a link to the page shown replaces it in the history.
      void navigate(path, { replace: path === here });
    };
    document.addEventListener('click', handleClick);
    return () => document.removeEventListener('click', handleClick);
  }, [navigate, here]);
}

/** `useAppLinkNavigation` as an element (the app frame and the test renderer mount it). */
export function AppLinkNavigation(): null {
  useAppLinkNavigation();
  return null;
}
