import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { categoryPath, profilePath } from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { Button } from '../../../components/Button.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { DiscussionList } from '../../discussions/components/list/DiscussionList.tsx';
import {
  useFollowCategoryMutation,
  useFollowedCategoriesQuery,
  useProfileListQuery,
} from '../api/profiles.queries.ts';
import styles from './ProfilePage.module.css';

/**
 * spec 000 §2 `/profile/followed-content`: the categories the signed-in member follows (with an
 * Unfollow button each) and the discussions they follow (bookmarks, with the bookmark toggle).
 */
export function FollowedContentPage() {
  const me = useCurrentUser();
  usePageMeta({ title: t('Followed Content') });
  if (me.userID === 0) return <PermissionErrorPage />;
  return (
    <main className={styles.page}>
      <h1 className={styles.name}>{t('Followed Content')}</h1>
      <AppLink to={profilePath(me.name)}>{t('Back to your profile')}</AppLink>
      <FollowedCategories userID={me.userID} />
      <FollowedDiscussions userID={me.userID} />
    </main>
  );
}

function FollowedCategories({ userID }: { userID: number }) {
  const query = useFollowedCategoriesQuery(userID);
  const follow = useFollowCategoryMutation(userID);
  const { addToast } = useToasts();
  return (
    <section className={styles.content} aria-labelledby="followed-categories">
      <h2 id="followed-categories" className={styles.sectionTitle}>
        {t('Followed Categories')}
      </h2>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <ErrorMessage title={t('Something went wrong.')} description={query.error.message} headingLevel={2} />
      ) : query.data.length === 0 ? (
        <p className={styles.empty}>{t('You are not following any categories.')}</p>
      ) : (
        <ul className={styles.followed}>
          {query.data.map((category) => (
            <li key={category.categoryID} className={styles.followedItem}>
              <AppLink to={categoryPath({ urlcode: category.categoryID })}>{category.name}</AppLink>
              <Button
                onClick={() =>
                  follow.mutate(
                    { categoryID: category.categoryID, followed: false },
                    { onError: (error) => addToast({ body: error.message, autoDismiss: true }) },
                  )
                }
                disabled={follow.isPending}
                aria-label={t('Unfollow {name}', { name: category.name })}
              >
                {t('Unfollow')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FollowedDiscussions({ userID }: { userID: number }) {
  const query = useProfileListQuery<Discussion>('bookmarks', userID, 1);
  return (
    <section className={styles.content} aria-labelledby="followed-discussions">
      <h2 id="followed-discussions" className={styles.sectionTitle}>
        {t('Bookmarked Discussions')}
      </h2>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <ErrorMessage title={t('Something went wrong.')} description={query.error.message} headingLevel={2} />
      ) : (
        <DiscussionList discussions={query.data.items} label={t('Bookmarked Discussions')} />
      )}
    </section>
  );
}
