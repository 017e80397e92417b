import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { RoleSummary } from '../../../../../common/src/api/roles.ts';
import type { User } from '../../../../../common/src/api/users.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { dashboardUsersPath, profilePath } from '../../../app/paths.ts';
import { AppLink } from '../../../components/AppLink.tsx';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { DashboardLayout } from '../../admin/components/DashboardLayout.tsx';
import { USERS_DASHBOARD_LIMIT, type UsersDashboardFilters } from '../api/users-dashboard.api.ts';
import { useAssignableRolesQuery, useDashboardUsersQuery } from '../api/users-dashboard.queries.ts';
import { UserDashboardActions } from './UserDashboardActions.tsx';
import styles from './UsersDashboardPage.module.css';

type BannedFilter = 'yes' | 'no' | undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` URL value, or nothing (a bad value is ignored rather than sent). */
function readDay(value: string | null): string | undefined {
  return value !== null && DAY.test(value) ? value : undefined;
}

interface FilterChoice {
  query?: string;
  roleID?: number;
  banned?: BannedFilter;
  joinedFrom?: string;
  joinedTo?: string;
}

/** The page's filters as the URL holds them (`?query=&roleID=&banned=yes|no&page=`). */
function readFilters(search: URLSearchParams): UsersDashboardFilters & { banned: BannedFilter } {
  const page = Number(search.get('page'));
  const roleID = Number(search.get('roleID'));
  const banned = search.get('banned');
  const query = search.get('query')?.trim() ?? '';
  const joinedFrom = readDay(search.get('joinedFrom'));
  const joinedTo = readDay(search.get('joinedTo'));
  const bannedFilter: BannedFilter = banned === 'yes' || banned === 'no' ? banned : undefined;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(query === '' ? {} : { query }),
    ...(Number.isInteger(roleID) && roleID > 0 ? { roleID } : {}),
    ...(bannedFilter === undefined ? {} : { isBanned: bannedFilter === 'yes' }),
    ...(joinedFrom === undefined ? {} : { joinedFrom }),
    ...(joinedTo === undefined ? {} : { joinedTo }),
    banned: bannedFilter,
  };
}

/**
 * `/dashboard/users` (issue 17): members searched by name or e-mail and filtered by role and ban,
 * with a numbered pager; each row edits roles, bans or unbans, or deletes. For holders of
 * `users.edit`, `users.delete` or `community.moderate` (api-contract §3; the server checks each call).
 */
export function UsersDashboardPage() {
  const canUse = usePermission(['users.edit', 'users.delete', 'community.moderate']);
  const canSeeEmail = usePermission('personalInfo.view');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const { banned, ...query } = filters;
  const users = useDashboardUsersQuery(query, canUse);
  const roles = useAssignableRolesQuery(canUse);
  usePageMeta({ title: t('Users') });
  if (!canUse) {
    return <PermissionErrorPage />;
  }
  const applyFilters = (next: FilterChoice) => {
    const target = dashboardUsersPath({ ...next, page: 1 });
    setSearchParams(new URLSearchParams(target.split('?')[1] ?? ''));
  };
  const total = users.data?.paging.total ?? 0;
  return (
    <DashboardLayout title={t('Users')}>
      <UserFilters
        key={searchParams.toString()}
        initial={{
          query: filters.query ?? '',
          roleID: filters.roleID,
          banned,
          joinedFrom: filters.joinedFrom,
          joinedTo: filters.joinedTo,
        }}
        roles={roles.data ?? []}
        canSeeEmail={canSeeEmail}
        onApply={applyFilters}
      />
      {users.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{users.error.message}</p>}
        />
      ) : users.data === undefined ? (
        <Loader />
      ) : users.data.users.length === 0 ? (
        <p className={styles.empty}>{t('No users match.')}</p>
      ) : (
        <>
          <p className={styles.count}>{t('{count} users', { count: total })}</p>
          <UserTable users={users.data.users} roles={roles.data ?? []} canSeeEmail={canSeeEmail} />
          <Pager
            page={filters.page}
            total={total}
            limit={USERS_DASHBOARD_LIMIT}
            label={t('Pages of users')}
            hrefForPage={(page) =>
              dashboardUsersPath({
                page,
                query: filters.query,
                roleID: filters.roleID,
                banned,
                joinedFrom: filters.joinedFrom,
                joinedTo: filters.joinedTo,
              })
            }
          />
        </>
      )}
    </DashboardLayout>
  );
}

interface UserFiltersProps {
  initial: {
    query: string;
    roleID: number | undefined;
    banned: BannedFilter;
    joinedFrom: string | undefined;
    joinedTo: string | undefined;
  };
  roles: readonly RoleSummary[];
  canSeeEmail: boolean;
  onApply: (filters: FilterChoice) => void;
}

function UserFilters({ initial, roles, canSeeEmail, onApply }: UserFiltersProps) {
  const [query, setQuery] = useState(initial.query);
  const [roleID, setRoleID] = useState(initial.roleID === undefined ? '' : String(initial.roleID));
  const [banned, setBanned] = useState<string>(initial.banned ?? '');
  const [joinedFrom, setJoinedFrom] = useState(initial.joinedFrom ?? '');
  const [joinedTo, setJoinedTo] = useState(initial.joinedTo ?? '');
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({
      query: query.trim(),
      ...(roleID === '' ? {} : { roleID: Number(roleID) }),
      banned: banned === 'yes' || banned === 'no' ? banned : undefined,
      ...(DAY.test(joinedFrom) ? { joinedFrom } : {}),
      ...(DAY.test(joinedTo) ? { joinedTo } : {}),
    });
  };
  return (
    <form className={styles.filters} role="search" aria-label={t('Filter users')} onSubmit={handleSubmit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-query`}>{canSeeEmail ? t('Name or e-mail') : t('Name')}</label>
        <input
          id={`${id}-query`}
          type="search"
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-role`}>{t('Role')}</label>
        <select id={`${id}-role`} value={roleID} onChange={(event) => setRoleID(event.target.value)}>
          <option value="">{t('All roles')}</option>
          {roles.map((role) => (
            <option key={role.roleID} value={String(role.roleID)}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-banned`}>{t('Banned')}</label>
        <select id={`${id}-banned`} value={banned} onChange={(event) => setBanned(event.target.value)}>
          <option value="">{t('Everyone')}</option>
          <option value="yes">{t('Banned only')}</option>
          <option value="no">{t('Not banned')}</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`}>{t('Joined from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={joinedFrom}
          max={joinedTo === '' ? undefined : joinedTo}
          onChange={(event) => setJoinedFrom(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`}>{t('Joined to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={joinedTo}
          min={joinedFrom === '' ? undefined : joinedFrom}
          onChange={(event) => setJoinedTo(event.target.value)}
        />
      </div>
      <Button type="submit">{t('Search')}</Button>
    </form>
  );
}

interface UserTableProps {
  users: readonly User[];
  roles: readonly RoleSummary[];
  canSeeEmail: boolean;
}

function UserTable({ users, roles, canSeeEmail }: UserTableProps) {
  const captionID = useId();
  return (
    // A wide table scrolls inside its own labelled region on a phone, not the page; the region
    // takes focus so that keyboard users can scroll it (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.scroll} role="region" aria-labelledby={captionID} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionID} className={styles.caption}>
          {t('Members')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('Name')}</th>
            {canSeeEmail ? <th scope="col">{t('E-mail')}</th> : null}
            <th scope="col">{t('Roles')}</th>
            <th scope="col">{t('Joined')}</th>
            <th scope="col">{t('Last Active')}</th>
            <th scope="col">{t('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.userID}>
              <th scope="row">
                <AppLink to={profilePath(user.name)}>{user.name}</AppLink>
                {user.banned !== 0 ? <span className={styles.banned}>{t('Banned')}</span> : null}
              </th>
              {canSeeEmail ? <td>{user.email ?? ''}</td> : null}
              <td>{(user.roles ?? []).map((role) => role.name).join(', ')}</td>
              <td>{user.dateInserted === undefined ? '' : <DateTime date={user.dateInserted} />}</td>
              <td>
                {user.dateLastActive === null || user.dateLastActive === undefined ? (
                  t('Never')
                ) : (
                  <DateTime date={user.dateLastActive} />
                )}
              </td>
              <td>
                <UserDashboardActions user={user} roles={roles} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
