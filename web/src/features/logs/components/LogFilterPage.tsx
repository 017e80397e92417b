import { Link, useSearchParams } from 'react-router';
import { logOperations, logRecordTypes, type LogEntry } from '../../../../../common/src/api/logs.ts';
import { ErrorMessage, NotFoundPage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { logFilterPath } from '../../../app/paths.ts';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useErrorToast, useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import type { LogFilter } from '../api/logs.api.ts';
import type { LiveVersion } from '../api/logs.api.ts';
import { useLiveVersionQuery, useLogsQuery, useRestoreLogMutation } from '../api/logs.queries.ts';
import { diffWords, sourceText } from '../diff.ts';
import styles from './LogFilterPage.module.css';

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/** The page's filter from its query string; null when it names no record type the log keeps. */
export function logFilterOf(params: URLSearchParams): LogFilter | null {
  const recordType = logRecordTypes.find((type) => type === params.get('recordType'));
  if (recordType === undefined) return null;
  const operation = logOperations.find((name) => name === params.get('operation'));
  const filter: LogFilter = {
    recordType,
    recordID: positiveInt(params.get('recordID')),
    parentRecordID: positiveInt(params.get('parentRecordID')),
    operation,
  };
  if (filter.recordID === undefined && filter.parentRecordID === undefined && operation === undefined) return null;
  return filter;
}

/** The discussion a page is about, when it is one discussion's revisions or deleted comments. */
function discussionOf(filter: LogFilter): number | undefined {
  if (filter.recordType === 'discussion') return filter.recordID;
  if (filter.recordType === 'comment') return filter.parentRecordID;
  return undefined;
}

/** Links between one discussion's Revision History and its Deleted Comments. */
function DiscussionLogLinks({ filter }: { filter: LogFilter }) {
  const discussionID = discussionOf(filter);
  if (discussionID === undefined) return null;
  const onDeleted = filter.recordType === 'comment' && filter.operation === 'delete';
  return (
    <nav className={styles.links} aria-label={t('Discussion logs')}>
      {onDeleted ? (
        <Link to={logFilterPath({ recordType: 'discussion', recordID: discussionID })}>{t('Revision History')}</Link>
      ) : (
        <Link to={logFilterPath({ recordType: 'comment', parentRecordID: discussionID, operation: 'delete' })}>
          {t('Deleted Comments')}
        </Link>
      )}
    </nav>
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A version's readable text: its name (discussions) and its plain-text body. */
function versionText(data: Record<string, unknown>): { name: string; body: string } {
  return { name: text(data.name), body: text(data.bodyPlainText) || sourceText(text(data.body), text(data.format)) };
}

/**
 * `/log/filter` (spec 000 §2): the Revision History of a discussion or comment
 * (`?recordType=discussion&recordID=`), each earlier version against the one that replaced it,
 * and the Deleted Comments of a discussion (`?parentRecordID=&recordType=comment&operation=delete`),
 * each with a restore action. Moderators only: the server answers 403 to anyone else.
 */
export function LogFilterPage() {
  const [params] = useSearchParams();
  const filter = logFilterOf(params);
  const isDeleted = filter?.operation === 'delete';
  const title = isDeleted ? t('Deleted Comments') : t('Revision History');
  usePageMeta({ title });
  const logs = useLogsQuery(filter ?? { recordType: 'discussion' }, filter !== null);
  const live = useLiveVersionQuery(filter);
  if (filter === null) return <NotFoundPage />;
  if (logs.error instanceof ApiError && logs.error.status === 403) return <PermissionErrorPage />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <DiscussionLogLinks filter={filter} />
      {logs.isError ? (
        <ErrorMessage headingLevel={2} title={t('There was an error')} description={<p>{logs.error.message}</p>} />
      ) : logs.data === undefined ? (
        <Loader />
      ) : logs.data.length === 0 ? (
        <p className={styles.empty}>{isDeleted ? t('No deleted comments.') : t('No earlier versions.')}</p>
      ) : (
        <ol className={styles.entries}>
          {logs.data.map((entry, index) => (
            <LogEntryItem
              key={entry.logID}
              entry={entry}
              newer={index > 0 ? logs.data[index - 1] : undefined}
              live={index === 0 ? live.data : undefined}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface LogEntryItemProps {
  entry: LogEntry;
  /** The entry logged after this one (its data is the version that replaced this one). */
  newer: LogEntry | undefined;
  /** The record as it is now, for the newest entry. */
  live: LiveVersion | undefined;
}

function LogEntryItem({ entry, newer, live }: LogEntryItemProps) {
  const restore = useRestoreLogMutation();
  const { addToast } = useToasts();
  const showError = useErrorToast();
  const handleRestore = () => {
    restore.mutate(entry.logID, {
      onSuccess: () => addToast({ body: t('Restored.'), autoDismiss: true }),
      onError: (error) => showError(error),
    });
  };
  const version = versionText(entry.data);
  const replacedBy =
    newer?.operation === 'edit' && newer.recordID === entry.recordID
      ? versionText(newer.data)
      : entry.operation === 'edit'
        ? live
        : undefined;
  const label =
    entry.operation === 'delete'
      ? t('Deleted by {name}', { name: entry.insertUser.name })
      : entry.operation === 'ban'
        ? t('Changed by {name}', { name: entry.insertUser.name })
        : t('Edited by {name}', { name: entry.insertUser.name });
  return (
    <li className={styles.entry}>
      <div className={styles.meta}>
        <span>{label}</span> <DateTime date={entry.dateInserted} />
        {entry.recordUser ? <span> · {t('Author: {name}', { name: entry.recordUser.name })}</span> : null}
      </div>
      {entry.operation === 'edit' && replacedBy ? (
        <div className={styles.diff} aria-label={t('Changes from this version to the next')}>
          {version.name !== '' || replacedBy.name !== '' ? (
            <p className={styles.name}>
              <DiffText older={version.name} newer={replacedBy.name} />
            </p>
          ) : null}
          <p className={styles.body}>
            <DiffText older={version.body} newer={replacedBy.body} />
          </p>
        </div>
      ) : (
        <div className={styles.diff}>
          {version.name !== '' ? <p className={styles.name}>{version.name}</p> : null}
          <p className={styles.body}>{version.body}</p>
        </div>
      )}
      {entry.operation === 'ban' ? null : (
        <Button onClick={handleRestore} isLoading={restore.isPending} aria-label={t('Restore version {logID}', { logID: entry.logID })}>
          {t('Restore')}
        </Button>
      )}
    </li>
  );
}

function DiffText({ older, newer }: { older: string; newer: string }) {
  return (
    <>
      {diffWords(older, newer).map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={index} className={styles.added}>
            {part.text}
          </ins>
        ) : (
          <del key={index} className={styles.removed}>
            {part.text}
          </del>
        ),
      )}
    </>
  );
}
