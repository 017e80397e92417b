import { useSearchParams } from 'react-router';
import type { User } from '../../../../../common/src/api/users.ts';
import { profileTabPath } from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { ErrorMessage } from '../../../app/errors/ErrorPage.tsx';
import { t } from '../../../lib/i18n.ts';
import { sitePath } from '../../discussions/components/page/page-links.ts';
import { UserContent } from '../../discussions/components/page/UserContent.tsx';
import { PROFILE_PAGE_LIMIT } from '../api/profiles.api.ts';
import { useReactedQuery } from '../api/profiles.queries.ts';
import styles from './ProfilePage.module.css';

/**
 * spec 000 §2 `/profile/reactions/{username}?reaction={urlcode}`: the member's posts that received
 * reactions (of that type when given), a "more" pager that keeps the reaction.
 */
export function ProfileReactedList({ user, page }: { user: User; page: number }) {
  const [search] = useSearchParams();
  const reaction = search.get('reaction');
  const query = useReactedQuery(user.userID, page, reaction);
  if (query.isPending) return <Loader />;
  if (query.isError)
    return (
      <ErrorMessage
        title={t('Something went wrong.')}
        description={query.error.message}
        headingLevel={2}
      />
    );
  const { items, paging } = query.data;
  const suffix = reaction === null ? '' : `?reaction=${encodeURIComponent(reaction)}`;
  return (
    <>
      {items.length === 0 ? (
        <p className={styles.empty}>{t('No reactions were found.')}</p>
      ) : (
        <ul className={styles.comments} aria-label={t('Reactions')}>
          {items.map((item) => (
            <li key={`${item.recordType}-${item.recordID}`} className={styles.comment}>
              <AppLink className={styles.commentTitle} to={sitePath(item.url)}>
                {item.name}
              </AppLink>
              <span className={styles.commentMeta}>
                <DateTime date={item.dateInserted} />
              </span>
              <UserContent html={item.body} className={styles.commentBody} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        limit={PROFILE_PAGE_LIMIT}
        total={(page - 1) * PROFILE_PAGE_LIMIT + items.length}
        hasMore={paging.nextURL !== undefined}
        hrefForPage={(target) => `${profileTabPath('reactions', user.name, target)}${suffix}`}
        label={t('Reactions')}
      />
    </>
  );
}
