import type { User } from '../../../../../common/src/api/users.ts';
import { DateTime } from '../../../components/DateTime.tsx';
import { t } from '../../../lib/i18n.ts';

export interface UserFactsProps {
  user: Pick<
    User,
    'countDiscussions' | 'countComments' | 'dateInserted' | 'dateLastActive' | 'email'
  >;
  className?: string;
  /** The e-mail row (viewers allowed to see it get the field; the profile shows it here). */
  showEmail?: boolean;
}

/** A member's counts and dates (profile header, user card): Discussions, Comments, Joined, Last Active. */
export function UserFacts({ user, className, showEmail = false }: UserFactsProps) {
  return (
    <dl className={className}>
      <div>
        <dt>{t('Discussions')}</dt>
        <dd>{user.countDiscussions ?? 0}</dd>
      </div>
      <div>
        <dt>{t('Comments')}</dt>
        <dd>{user.countComments ?? 0}</dd>
      </div>
      {user.dateInserted ? (
        <div>
          <dt>{t('Joined')}</dt>
          <dd>
            <DateTime date={user.dateInserted} />
          </dd>
        </div>
      ) : null}
      {user.dateLastActive ? (
        <div>
          <dt>{t('Last Active')}</dt>
          <dd>
            <DateTime date={user.dateLastActive} />
          </dd>
        </div>
      ) : null}
      {showEmail && user.email ? (
        <div>
          <dt>{t('Email')}</dt>
          <dd>{user.email}</dd>
        </div>
      ) : null}
    </dl>
  );
}
