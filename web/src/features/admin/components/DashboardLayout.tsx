import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import {
  dashboardCategoriesPath,
  dashboardEscalationsPath,
  dashboardJobsPath,
  dashboardReportReasonsPath,
  dashboardRolesPath,
  dashboardSettingsPath,
  dashboardUsersPath,
} from '../../../app/paths.ts';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import styles from './DashboardLayout.module.css';

export interface DashboardLayoutProps {
  title: string;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of the admin screens: the dashboard's tabs, the page title and its actions. */
export function DashboardLayout({ title, actions, children }: DashboardLayoutProps) {
  const canManageSite = usePermission('site.manage');
  const canManageCategories = usePermission(['site.manage', 'community.manage']);
  const canManageUsers = usePermission(['users.edit', 'users.delete', 'community.moderate']);
  const canModerate = usePermission('community.moderate');
  const canModeratePosts = usePermission(['posts.moderate', 'community.moderate'], { mode: 'globalOrResource' });
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    [styles.tab, isActive ? styles.activeTab : null].filter(Boolean).join(' ');
  return (
    <div className={styles.page}>
      <nav className={styles.tabs} aria-label={t('Dashboard')}>
        {canManageSite ? (
          <NavLink to={dashboardSettingsPath()} className={linkClass}>
            {t('Settings')}
          </NavLink>
        ) : null}
        {canManageCategories ? (
          <NavLink to={dashboardCategoriesPath()} className={linkClass}>
            {t('Categories')}
          </NavLink>
        ) : null}
        {canManageUsers ? (
          <NavLink to={dashboardUsersPath()} className={linkClass}>
            {t('Users')}
          </NavLink>
        ) : null}
        {canManageSite ? (
          <NavLink to={dashboardRolesPath()} className={linkClass}>
            {t('Roles')}
          </NavLink>
        ) : null}
        {canModeratePosts ? (
          <NavLink to={dashboardEscalationsPath()} className={linkClass}>
            {t('Escalations')}
          </NavLink>
        ) : null}
        {canModerate ? (
          <NavLink to={dashboardReportReasonsPath()} className={linkClass}>
            {t('Report reasons')}
          </NavLink>
        ) : null}
        {canManageSite ? (
          <NavLink to={dashboardJobsPath()} className={linkClass}>
            {t('Jobs')}
          </NavLink>
        ) : null}
      </nav>
      <div className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {actions === undefined ? null : <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}
