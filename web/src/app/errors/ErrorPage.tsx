import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/Button.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { ApiError } from '../../lib/api.ts';
import { t } from '../../lib/i18n.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { useEntryLinks } from '../entry-links.ts';
import { homePath } from '../paths.ts';
import { usePageMeta } from '../page-meta.tsx';
import styles from './ErrorPage.module.css';

export interface ErrorMessageProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level: 1 on a page, 2 inside one. */
  headingLevel?: 1 | 2;
}

/** The message block of error pages and boundaries: title, body and actions. */
export function ErrorMessage({ title, description, actions, headingLevel = 1 }: ErrorMessageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.message}>
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.4" fill="currentColor" />
      </svg>
      <Heading className={styles.title}>{title}</Heading>
      {description === undefined ? null : <div className={styles.description}>{description}</div>}
      {actions === undefined ? null : <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

export interface NotFoundPageProps {
  /** The kind of record (spec 000 §2: '{type} Not Found'); default 'Page'. */
  type?: string;
}

/** spec 000 §2, spec 001 §8.2: '{type} Not Found', 'The {type} you were looking for could not be found.' */
export function NotFoundPage({ type = 'Page' }: NotFoundPageProps) {
  const title = t('{type} Not Found', { type: t(type) });
  usePageMeta({ title, status: 404 });
  return (
    <div className={styles.page}>
      <ErrorMessage
        title={title}
        description={
          <p>
            {t('The {type} you were looking for could not be found.', {
              type: t(type).toLowerCase(),
            })}
          </p>
        }
        actions={
          <Link to={homePath()} className={buttonClassName('primary')}>
            {t('Back to home page')}
          </Link>
        }
      />
    </div>
  );
}

/** spec 001 §8.2: 403 'Permission Problem', with a Sign In link (Target = this page) for guests. */
export function PermissionErrorPage({ description }: { description?: string | undefined }) {
  const isSignedIn = useIsSignedIn();
  const entryLinks = useEntryLinks();
  usePageMeta({ title: t('Permission Problem'), status: 403 });
  return (
    <div className={styles.page}>
      <ErrorMessage
        title={t('Permission Problem')}
        description={
          <>
            <p>{t("You don't have permission to view this resource.")}</p>
            {description === undefined ? null : <p className={styles.detail}>{description}</p>}
          </>
        }
        actions={
          isSignedIn ? (
            <Link to={homePath()} className={buttonClassName('standard')}>
              {t('Back to Home')}
            </Link>
          ) : (
            <SmartLink to={entryLinks.signIn('Target')} className={buttonClassName('primary')}>
              {t('Sign In')}
            </SmartLink>
          )
        }
      />
    </div>
  );
}

export interface GenericErrorPageProps {
  title?: string | undefined;
  description?: string | undefined;
  status?: number;
  actionButton?: { label: string; url: string } | undefined;
}

/** spec 001 §8.2: 'There was an error' / 'Please try again later.' with 'Back to Home'. */
export function GenericErrorPage({
  title,
  description,
  status = 500,
  actionButton,
}: GenericErrorPageProps) {
  const heading = title ?? t('There was an error');
  usePageMeta({ title: heading, status });
  return (
    <div className={styles.page}>
      <ErrorMessage
        title={heading}
        description={<p>{description ?? t('Please try again later.')}</p>}
        actions={
          <>
            {actionButton === undefined ? null : (
              <SmartLink to={actionButton.url} className={buttonClassName('primary')}>
                {actionButton.label}
              </SmartLink>
            )}
            <Link to={homePath()} className={buttonClassName('standard')}>
              {t('Back to Home')}
            </Link>
          </>
        }
      />
    </div>
  );
}

/** The server's 404 message for a page past the end of a paged list (layouts.paging.ts). */
const PAGE_NOT_FOUND = 'Page not found.';

/**
 * The right error page for an error: 403 and 404 pages for those statuses, else the generic page.
 * spec 001 §8.3: with both, the message is the title and the description the body.
 */
export function ErrorPageForError({ error, recordType }: { error: unknown; recordType?: string }) {
  if (error instanceof ApiError) {
    if (error.status === 403) {
      return <PermissionErrorPage description={error.description} />;
    }
    if (error.status === 404) {
      // A list page past its last page is a missing page, not a missing record (the server's
      // notFound('Page') answers "Page not found.").
      const type = error.message === PAGE_NOT_FOUND ? 'Page' : (recordType ?? 'Page');
      return <NotFoundPage type={type} />;
    }
    return error.description === undefined ? (
      <GenericErrorPage status={error.status || 500} actionButton={error.actionButton} />
    ) : (
      <GenericErrorPage
        status={error.status || 500}
        title={error.message}
        description={error.description}
        actionButton={error.actionButton}
      />
    );
  }
  return <GenericErrorPage />;
}
