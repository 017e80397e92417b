import { createContext, useContext, useEffect } from 'react';
import { useConfigValue } from '../lib/bootstrap.ts';

/** What the server render collects for the response: status code and document title. */
export interface PageMeta {
  status: number;
  title: string | null;
}

/** Collects the page's meta during the server render (one pass; the deepest page renders last). */
export interface PageMetaRecorder {
  record: (meta: { status?: number | undefined; title: string }) => void;
}

/** Creates a recorder writing into `meta`. */
export function createPageMetaRecorder(meta: PageMeta): PageMetaRecorder {
  return {
    record: ({ status, title }) => {
      if (status !== undefined) {
        meta.status = status;
      }
      meta.title = title;
    },
  };
}

/** Provided only by the server render. */
export const PageMetaContext = createContext<PageMetaRecorder | null>(null);

export interface UsePageMetaOptions {
  title?: string | undefined;
  /** HTTP status of the page (404 for unknown pages, 403 for permission errors). */
  status?: number | undefined;
}

/** Names the page (document title) and, on the server, the response status. */
export function usePageMeta({ title, status }: UsePageMetaOptions): void {
  const recorder = useContext(PageMetaContext);
  const siteTitle = useConfigValue('garden.title', 'Hearth');
  const fullTitle = title === undefined || title === '' ? siteTitle : `${title} - ${siteTitle}`;
  recorder?.record({ status, title: fullTitle });
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
