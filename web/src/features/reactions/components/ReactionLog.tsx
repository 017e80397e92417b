import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { LazyModal } from '../../../components/LazyModal.tsx';
import { profilePath } from '../../../app/paths.ts';
import { t } from '../../../lib/i18n.ts';
import type { ReactionRecordType } from '../../../../../common/src/api/reactions.ts';
import { useReactionLogQuery } from '../api/reactions.queries.ts';
import { ReactionIcon } from './reaction-icons.tsx';
import styles from './ReactionsBar.module.css';

export interface ReactionLogButtonProps {
  recordType: ReactionRecordType;
  recordID: number;
}

/** 'Log' for `community.moderate` (spec 000 §2, §6): every reaction on the record, newest first. */
export function ReactionLogButton({ recordType, recordID }: ReactionLogButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.logButton} onClick={() => setIsOpen(true)}>
        {t('Log')}
      </button>
      {isOpen ? (
        <LazyModal title={t('Reaction Log')} size="medium" onClose={() => setIsOpen(false)}>
          <ReactionLogList recordType={recordType} recordID={recordID} />
        </LazyModal>
      ) : null}
    </>
  );
}

function ReactionLogList({ recordType, recordID }: ReactionLogButtonProps) {
  const query = useReactionLogQuery(recordType, recordID, null, true);
  if (query.isPending) return <Loader />;
  if (query.isError) {
    return (
      <p role="alert" className={styles.logEmpty}>
        {query.error instanceof Error ? query.error.message : t('Something has gone wrong.')}
      </p>
    );
  }
  if (query.data.length === 0) {
    return <p className={styles.logEmpty}>{t('No Reactions Yet')}</p>;
  }
  return (
    <ul className={styles.logList}>
      {query.data.map((entry) => (
        <li key={`${entry.userID}-${entry.tagID}`} className={styles.logEntry}>
          <Avatar photoUrl={entry.user.photoUrl} name={entry.user.name} size="small" isDecorative />
          <Link className={styles.logUser} to={profilePath(entry.user.name)}>
            {entry.user.name}
          </Link>
          <span className={styles.logReaction}>
            <ReactionIcon urlcode={entry.reactionType.urlcode} name={entry.reactionType.name} />
            {entry.reactionType.name}
          </span>
          <DateTime className={styles.logDate} date={entry.dateInserted} />
        </li>
      ))}
    </ul>
  );
}
