import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLayoutRedirect, layoutLookupForPath, sameLayoutLookup, type LayoutLookup } from '../../../common/src/api/layouts.lookup.ts';
import type { HydratedLayout } from '../../../common/src/api/layouts.ts';
import { ErrorPageForError, NotFoundPage } from '../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../app/page-meta.tsx';
import { Loader } from '../components/Loader.tsx';
import { useLayoutQuery } from '../features/layouts/api/layouts.queries.ts';
import { ApiError } from '../lib/api.ts';
import { useBootstrap, useConfigValue } from '../lib/bootstrap.ts';
import { isInternalLink } from '../lib/safe-url.ts';
import { LayoutNodes } from './LayoutRenderer.tsx';
import { applySeo } from './seo.ts';
import styles from './LayoutPage.module.css';

/** The kind of record a lookup is about, for '{type} Not Found' (spec 000 §2). */
export function recordTypeLabel(lookup: LayoutLookup): string {
  switch (lookup.recordType) {
    case 'discussion':
      return 'Discussion';
    case 'category':
      return 'Category';
    case 'comment':
      return 'Comment';
    case 'siteSection':
      return 'Page';
  }
}

/** The element id of a comment, for `/discussion/comment/{id}` and `#Comment_{id}` links. */
export function commentElementID(commentID: number | string): string {
  return `Comment_${commentID}`;
}

function focusCommentIDOf(layout: HydratedLayout): number | null {
  const find = (value: unknown): number | null => {
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = find(item);
        if (found !== null) return found;
      }
      return null;
    }
    if (typeof value !== 'object' || value === null) return null;
    const node = value as { $reactComponent?: unknown; $reactProps?: Record<string, unknown> };
    if (node.$reactComponent === 'DiscussionCommentThread') {
      const id = node.$reactProps?.focusCommentID;
      return typeof id === 'number' ? id : null;
    }
    return node.$reactProps === undefined ? null : find(Object.values(node.$reactProps));
  };
  return find(layout.layout);
}

/** A hydrated layout: document title, head tags, and its sections. */
function HydratedLayoutView({ layout, isFetching }: { layout: HydratedLayout; isFetching: boolean }) {
  const siteTitle = useConfigValue('garden.title', 'Hearth');
  const location = useLocation();
  usePageMeta({ title: layout.seo.title === siteTitle ? undefined : layout.seo.title });
  const isFirstRender = useRef(true);
  const focusCommentID = focusCommentIDOf(layout);

  useEffect(() => {
    if (isFirstRender.current) {
      // The server rendered this page's head tags.
      isFirstRender.current = false;
      return;
    }
    applySeo(layout.seo);
  }, [layout.seo]);

  // spec 000 §2: /discussion/comment/{id} lands on the comment; `#…` links land on their target.
  useEffect(() => {
    if (isFetching) return undefined;
    const targetID =
      location.hash !== '' ? decodeURIComponent(location.hash.slice(1)) : focusCommentID === null ? null : commentElementID(focusCommentID);
    if (targetID === null) return undefined;
    const scroll = () => document.getElementById(targetID)?.scrollIntoView({ block: 'start' });
    scroll();
    // Widgets load lazily: try again once they have rendered (spec 001 §9 hash scroll repeat 500 ms).
    const timer = setTimeout(scroll, 500);
    return () => clearTimeout(timer);
  }, [location.hash, focusCommentID, isFetching]);

  return (
    <div className={styles.page} aria-busy={isFetching || undefined} data-layout={layout.layoutViewType}>
      <LayoutNodes nodes={layout.layout} />
    </div>
  );
}

/** Follows a layout's `redirectTo` by replacing the page (spec 000 §4). */
function LayoutRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isInternalLink(to)) void navigate(to, { replace: true });
    else window.location.replace(to);
  }, [navigate, to]);
  return <Loader />;
}

function LayoutForLookup({ lookup }: { lookup: LayoutLookup }) {
  const bootstrap = useBootstrap();
  const isServerPage = bootstrap.layout !== undefined && sameLayoutLookup(bootstrap.layout.lookup, lookup);
  const serverError = isServerPage ? bootstrap.layout?.error : undefined;
  const query = useLayoutQuery(lookup, {
    enabled: serverError === undefined,
    initialData: isServerPage ? bootstrap.layout?.result : undefined,
  });
  const previousPath = useRef<string | null>(null);
  const location = useLocation();

  // A new page starts at the top (client-side navigation), unless it targets an anchor.
  useEffect(() => {
    if (query.isPlaceholderData || query.data === undefined) return;
    if (previousPath.current !== null && previousPath.current !== location.pathname && location.hash === '') {
      window.scrollTo(0, 0);
    }
    previousPath.current = location.pathname;
  }, [location.pathname, location.hash, query.isPlaceholderData, query.data]);

  if (serverError !== undefined) {
    const error = new ApiError(serverError.message, {
      status: serverError.status,
      description: serverError.description,
    });
    return <ErrorPageForError error={error} recordType={recordTypeLabel(lookup)} />;
  }
  if (query.isError) {
    return <ErrorPageForError error={query.error} recordType={recordTypeLabel(lookup)} />;
  }
  if (query.data === undefined) {
    return (
      <div className={styles.loading}>
        <Loader />
      </div>
    );
  }
  if (isLayoutRedirect(query.data)) {
    return <LayoutRedirect to={query.data.redirectTo} />;
  }
  return <HydratedLayoutView layout={query.data} isFetching={query.isPlaceholderData} />;
}

/**
 * A layout page (spec 000 §2, ARCHITECTURE "Pages are layouts"): the layout of the current path,
 * from the server's bootstrap on the first render, else fetched from `lookup-hydrate` (TanStack
 * Query, keyed by view type, record and params). A failure shows the error page inside the frame,
 * the title bar still rendered.
 */
export function LayoutPage() {
  const location = useLocation();
  const lookup = useMemo(
    () => layoutLookupForPath(location.pathname, location.search),
    [location.pathname, location.search],
  );
  if (lookup === null) {
    return <NotFoundPage />;
  }
  return <LayoutForLookup lookup={lookup} />;
}
