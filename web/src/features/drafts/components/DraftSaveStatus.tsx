import { DateTime } from '../../../components/DateTime.tsx';
import { Button } from '../../../components/Button.tsx';
import { t } from '../../../lib/i18n.ts';
import type { DraftAutosave } from '../hooks/useDraftAutosave.ts';
import styles from './DraftSaveStatus.module.css';

export interface DraftSaveStatusProps {
  autosave: DraftAutosave;
  /** Plain text of a stored body, to show both versions of a conflict. */
  toText: (body: string) => string;
}

/**
 * Under a post editor: when the draft was last saved (or that it waits for the connection), and,
 * when the server's draft and this browser's both changed, both versions with a choice.
 */
export function DraftSaveStatus({ autosave, toText }: DraftSaveStatusProps) {
  const { status, lastSaved, conflict } = autosave;
  return (
    <div className={styles.root}>
      {conflict !== null ? (
        <div role="alert" className={styles.conflict}>
          <p className={styles.conflictTitle}>{t('This draft was also changed somewhere else.')}</p>
          <div className={styles.versions}>
            <section aria-label={t('This browser’s version')} className={styles.version}>
              <h3 className={styles.versionTitle}>
                {t('This browser’s version')} <DateTime date={conflict.local.dateUpdated} />
              </h3>
              <p className={styles.versionText}>{toText(conflict.local.body)}</p>
              <Button onClick={() => autosave.resolveConflict('local')}>{t('Keep this version')}</Button>
            </section>
            <section aria-label={t('Saved version')} className={styles.version}>
              <h3 className={styles.versionTitle}>
                {t('Saved version')} {conflict.server.dateUpdated ? <DateTime date={conflict.server.dateUpdated} /> : null}
              </h3>
              <p className={styles.versionText}>{toText(conflict.serverValue)}</p>
              <Button onClick={() => autosave.resolveConflict('server')}>{t('Use the saved version')}</Button>
            </section>
          </div>
        </div>
      ) : null}
      <p role="status" aria-live="polite" className={styles.status}>
        {status === 'saving' ? t('Saving draft…') : null}
        {status === 'offline' ? t('Offline: your draft is kept in this browser and saved when you are back online.') : null}
        {status === 'error' ? t('The draft could not be saved; it is kept in this browser.') : null}
        {(status === 'saved' || status === 'pending' || status === 'idle') && lastSaved !== null ? (
          <>
            {t('Draft saved')} <DateTime date={lastSaved} />
          </>
        ) : null}
      </p>
    </div>
  );
}
