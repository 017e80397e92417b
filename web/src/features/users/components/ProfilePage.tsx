import { NavLink, useParams } from 'react-router';
import type { Comment } from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { User } from '../../../../../common/src/api/users.ts';
import { ErrorMessage, NotFoundPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import {
  editProfilePath,
  followedContentPath,
  notificationPreferencesPath,
  profilePath,
  profileTabPath,
} from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { DiscussionList } from '../../discussions/components/list/DiscussionList.tsx';
import { useNow } from '../../discussions/components/page/use-now.ts';
import { PROFILE_PAGE_LIMIT } from '../api/profiles.api.ts';
import { useProfileListQuery, useProfileUserQuery, type ProfileListKind } from '../api/profiles.queries.ts';
import { ProfileCommentList } from './ProfileCommentList.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileReactedList } from './ProfileReactedList.tsx';
import styles from './ProfilePage.module.css';

/** The activity tab shows the latest few of each list (the server's PROFILE_ACTIVITY_LIMIT). */
const ACTIVITY_LIMIT = 5;

type Tab = 'activity' | 'discussions' | 'comments' | 'reactions' | 'bookmarks';
const tabs: readonly Tab[] = ['activity', 'discussions', 'comments', 'reactions', 'bookmarks'];

function readPage(param: string | undefined): number | null {
  if (param === undefined) return 1;
  const match = /^p(\d{1,6})$/.exec(param);
  return match ? Math.max(1, Number(match[1])) : null;
}

/**
 * spec 000 §2 profile routes: `/profile/{username}` (activity) and `/profile/{tab}/{username}`
 * with `/p{n}` paging. Server-rendered from the bootstrap's `profile`; a private profile shows
 * name and photo only to other members (spec 000 §6).
 */
export function ProfilePage() {
  const params = useParams();
  const name = params['name'] ?? '';
  const tab = (params['tab'] ?? 'activity') as Tab;
  const page = readPage(params['page']);
  const known = tabs.includes(tab) && page !== null;
  const query = useProfileUserQuery(name);
  const notFound =
    !known || query.isMissing || (query.error instanceof ApiError && query.error.status === 404);
  usePageMeta({
    title: query.data?.name ?? (notFound ? t('User Not Found') : name),
    ...(notFound ? { status: 404 } : {}),
  });
  if (notFound) return <NotFoundPage type="User" />;
  if (query.isPending) return <Loader />;
  if (query.isError)
    return <ErrorMessage title={t('Failed to load user')} description={query.error.message} />;
  return <Profile user={query.data} tab={tab} page={page ?? 1} />;
}

function Profile({ user, tab, page }: { user: User; tab: Tab; page: number }) {
  const me = useCurrentUser();
  const now = useNow(() => 60_000);
  const isSelf = me.userID !== 0 && me.userID === user.userID;
  const restricted = user.dateInserted === undefined;
  return (
    <main className={styles.page}>
      <ProfileHeader user={user} now={now} />
      {restricted ? (
        <p className={styles.notice}>
          {user.banned !== 0 ? t('This user has been banned.') : t("This user's profile is private.")}
        </p>
      ) : (
        <>
          <ProfileTabs user={user} isSelf={isSelf} />
          <section className={styles.content} aria-label={tabLabel(tab)}>
            {tab === 'activity' ? (
              <ActivityTab user={user} />
            ) : tab === 'reactions' ? (
              <ProfileReactedList user={user} page={page} />
            ) : tab === 'bookmarks' && !isSelf ? (
              <p className={styles.notice}>{t('Bookmarks are shown only to their owner.')}</p>
            ) : (
              <ListTab kind={tab} user={user} page={page} />
            )}
          </section>
        </>
      )}
    </main>
  );
}

function tabLabel(tab: Tab): string {
  switch (tab) {
    case 'activity':
      return t('Activity');
    case 'discussions':
      return t('Discussions');
    case 'comments':
      return t('Comments');
    case 'reactions':
      return t('Reactions');
    case 'bookmarks':
      return t('Bookmarks');
  }
}

function ProfileTabs({ user, isSelf }: { user: User; isSelf: boolean }) {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab;
  return (
    <nav className={styles.tabs} aria-label={t('Profile')}>
      <NavLink end to={profilePath(user.name)} className={linkClass}>
        {t('Activity')}
      </NavLink>
      <NavLink to={profileTabPath('discussions', user.name)} className={linkClass}>
        {t('Discussions')}
      </NavLink>
      <NavLink to={profileTabPath('comments', user.name)} className={linkClass}>
        {t('Comments')}
      </NavLink>
      <NavLink to={profileTabPath('reactions', user.name)} className={linkClass}>
        {t('Reactions')}
      </NavLink>
      {isSelf ? (
        <>
          <NavLink to={profileTabPath('bookmarks', user.name)} className={linkClass}>
            {t('Bookmarks')}
          </NavLink>
          <AppLink to={followedContentPath()} className={styles.tab}>
            {t('Followed Content')}
          </AppLink>
          <AppLink to={notificationPreferencesPath()} className={styles.tab}>
            {t('Preferences')}
          </AppLink>
          <AppLink to={editProfilePath()} className={styles.tab}>
            {t('Edit Profile')}
          </AppLink>
        </>
      ) : null}
    </nav>
  );
}

function ActivityTab({ user }: { user: User }) {
  return (
    <div className={styles.activity}>
      <div>
        <h2 className={styles.sectionTitle}>{t('Recent Discussions')}</h2>
        <ListTab kind="discussions" user={user} page={1} limit={ACTIVITY_LIMIT} />
        <AppLink className={styles.more} to={profileTabPath('discussions', user.name)}>
          {t('All discussions')}
        </AppLink>
      </div>
      <div>
        <h2 className={styles.sectionTitle}>{t('Recent Comments')}</h2>
        <ListTab kind="comments" user={user} page={1} limit={ACTIVITY_LIMIT} />
        <AppLink className={styles.more} to={profileTabPath('comments', user.name)}>
          {t('All comments')}
        </AppLink>
      </div>
    </div>
  );
}

interface ListTabProps {
  kind: ProfileListKind;
  user: User;
  page: number;
  /** The activity tab's short lists have no pager. */
  limit?: number;
}

function ListTab({ kind, user, page, limit }: ListTabProps) {
  const query = useProfileListQuery<Discussion | Comment>(
    kind,
    user.userID,
    page,
    limit ?? PROFILE_PAGE_LIMIT,
  );
  if (query.isPending) return <Loader />;
  if (query.isError)
    return (
      <ErrorMessage title={t('Something went wrong.')} description={query.error.message} headingLevel={2} />
    );
  const { items, paging } = query.data;
  const label = tabLabel(kind);
  return (
    <>
      {kind === 'comments' ? (
        <ProfileCommentList comments={items as Comment[]} label={label} />
      ) : (
        <DiscussionList discussions={items as Discussion[]} label={label} />
      )}
      {limit === undefined ? (
        <Pager
          page={page}
          limit={PROFILE_PAGE_LIMIT}
          total={paging.total ?? (page - 1) * PROFILE_PAGE_LIMIT + items.length}
          hasMore={paging.total === undefined && paging.nextURL !== undefined}
          hrefForPage={(target) => profileTabPath(kind, user.name, target)}
          label={label}
        />
      ) : null}
    </>
  );
}
