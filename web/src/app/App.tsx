import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FlyoutProvider } from '../components/flyout-context.tsx';
import { Loader } from '../components/Loader.tsx';
import { ToastProvider } from '../components/toast-context.tsx';
import { LayoutPage } from '../layout/LayoutPage.tsx';
import { BootstrapContext, type Bootstrap } from '../lib/bootstrap.ts';
import { lazyWithPreload, type Preloadable } from '../lib/lazy-preload.ts';
import { AppLayout } from './AppLayout.tsx';
import { NotFoundPage } from './errors/ErrorPage.tsx';
import { HomePage } from './HomePage.tsx';
import { routePatterns } from './paths.ts';

/**
 * A page that loads on demand: its code is not part of the first load of the layout pages that
 * most visits open with. The server render waits for it and announces its chunks, the browser
 * starts loading them before it hydrates (`page-modules.ts`), and shows a loader while a page it
 * navigates to loads.
 */
function lazyPage(source: string, load: () => Promise<ComponentType>): PreloadablePage {
  const Page = lazyWithPreload(source, load);
  function LazyPage() {
    return (
      <Suspense fallback={<Loader />}>
        <Page />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { source: Page.source, preload: Page.preload });
}

type PreloadablePage = ComponentType & Preloadable;

const SignInPage = lazyPage(
  'src/features/auth/components/SignInPage.tsx',
  async () => (await import('../features/auth/components/SignInPage.tsx')).SignInPage,
);
const RegisterPage = lazyPage(
  'src/features/auth/components/RegisterPage.tsx',
  async () => (await import('../features/auth/components/RegisterPage.tsx')).RegisterPage,
);
const SignOutPage = lazyPage(
  'src/features/auth/components/SignOutPage.tsx',
  async () => (await import('../features/auth/components/SignOutPage.tsx')).SignOutPage,
);
const EmailConfirmRequestPage = lazyPage(
  'src/features/auth/components/EmailConfirmRequestPage.tsx',
  async () =>
    (await import('../features/auth/components/EmailConfirmRequestPage.tsx'))
      .EmailConfirmRequestPage,
);
const ConfirmEmailPage = lazyPage(
  'src/features/auth/components/ConfirmEmailPage.tsx',
  async () => (await import('../features/auth/components/ConfirmEmailPage.tsx')).ConfirmEmailPage,
);
const RequestPasswordPage = lazyPage(
  'src/features/auth/components/RequestPasswordPage.tsx',
  async () =>
    (await import('../features/auth/components/RequestPasswordPage.tsx')).RequestPasswordPage,
);
const ResetPasswordPage = lazyPage(
  'src/features/auth/components/ResetPasswordPage.tsx',
  async () => (await import('../features/auth/components/ResetPasswordPage.tsx')).ResetPasswordPage,
);
const EditProfilePage = lazyPage(
  'src/features/users/components/EditProfilePage.tsx',
  async () => (await import('../features/users/components/EditProfilePage.tsx')).EditProfilePage,
);
const ProfilePage = lazyPage(
  'src/features/users/components/ProfilePage.tsx',
  async () => (await import('../features/users/components/ProfilePage.tsx')).ProfilePage,
);
const FollowedContentPage = lazyPage(
  'src/features/users/components/FollowedContentPage.tsx',
  async () =>
    (await import('../features/users/components/FollowedContentPage.tsx')).FollowedContentPage,
);
const NotificationsPage = lazyPage(
  'src/features/notifications/components/NotificationsPage.tsx',
  async () =>
    (await import('../features/notifications/components/NotificationsPage.tsx')).NotificationsPage,
);
const NotificationPreferencesPage = lazyPage(
  'src/features/notifications/components/NotificationPreferencesPage.tsx',
  async () =>
    (await import('../features/notifications/components/NotificationPreferencesPage.tsx'))
      .NotificationPreferencesPage,
);
const MessagesPage = lazyPage(
  'src/features/conversations/components/MessagesPage.tsx',
  async () => (await import('../features/conversations/components/MessagesPage.tsx')).MessagesPage,
);
const AddConversationPage = lazyPage(
  'src/features/conversations/components/AddConversationPage.tsx',
  async () =>
    (await import('../features/conversations/components/AddConversationPage.tsx'))
      .AddConversationPage,
);
// The admin screens: members never download them (nor the settings registry and its schemas).
const DashboardSettingsPage = lazyPage(
  'src/features/admin/components/SettingsPage.tsx',
  async () => (await import('../features/admin/components/SettingsPage.tsx')).SettingsPage,
);
const DashboardCategoriesPage = lazyPage(
  'src/features/admin/components/CategoriesPage.tsx',
  async () => (await import('../features/admin/components/CategoriesPage.tsx')).CategoriesPage,
);
const DashboardJobsPage = lazyPage(
  'src/features/admin/components/JobsPage.tsx',
  async () => (await import('../features/admin/components/JobsPage.tsx')).JobsPage,
);
const DashboardUsersPage = lazyPage(
  'src/features/users/components/UsersDashboardPage.tsx',
  async () =>
    (await import('../features/users/components/UsersDashboardPage.tsx')).UsersDashboardPage,
);
const DashboardCategoryFormPage = lazyPage(
  'src/features/admin/components/CategoryFormPage.tsx',
  async () => (await import('../features/admin/components/CategoryFormPage.tsx')).CategoryFormPage,
);
const DashboardRolesPage = lazyPage(
  'src/features/roles/components/RolesPage.tsx',
  async () => (await import('../features/roles/components/RolesPage.tsx')).RolesPage,
);
const DashboardRoleFormPage = lazyPage(
  'src/features/roles/components/RoleFormPage.tsx',
  async () => (await import('../features/roles/components/RoleFormPage.tsx')).RoleFormPage,
);
const DashboardReportReasonsPage = lazyPage(
  'src/features/reports/components/ReportReasonsPage.tsx',
  async () =>
    (await import('../features/reports/components/ReportReasonsPage.tsx')).ReportReasonsPage,
);
const DashboardReportsPage = lazyPage(
  'src/features/reports/components/ReportsPage.tsx',
  async () => (await import('../features/reports/components/ReportsPage.tsx')).ReportsPage,
);
const DashboardEscalationsPage = lazyPage(
  'src/features/escalations/components/EscalationsPage.tsx',
  async () =>
    (await import('../features/escalations/components/EscalationsPage.tsx')).EscalationsPage,
);
const DashboardEscalationPage = lazyPage(
  'src/features/escalations/components/EscalationPage.tsx',
  async () =>
    (await import('../features/escalations/components/EscalationPage.tsx')).EscalationPage,
);
const LogFilterPage = lazyPage(
  'src/features/logs/components/LogFilterPage.tsx',
  async () => (await import('../features/logs/components/LogFilterPage.tsx')).LogFilterPage,
);
const LeavingPage = lazyPage(
  'src/features/layouts/components/LeavingPage.tsx',
  async () => (await import('../features/layouts/components/LeavingPage.tsx')).LeavingPage,
);
const PostDiscussionPage = lazyPage(
  'src/features/discussions/components/post/PostDiscussionPage.tsx',
  async () =>
    (await import('../features/discussions/components/post/PostDiscussionPage.tsx'))
      .PostDiscussionPage,
);
const DraftDiscussionPage = lazyPage(
  'src/features/discussions/components/post/DraftDiscussionPage.tsx',
  async () =>
    (await import('../features/discussions/components/post/DraftDiscussionPage.tsx'))
      .DraftDiscussionPage,
);
const DraftsPage = lazyPage(
  'src/features/drafts/components/DraftsPage.tsx',
  async () => (await import('../features/drafts/components/DraftsPage.tsx')).DraftsPage,
);
const EditDiscussionPage = lazyPage(
  'src/features/discussions/components/post/EditDiscussionPage.tsx',
  async () =>
    (await import('../features/discussions/components/post/EditDiscussionPage.tsx'))
      .EditDiscussionPage,
);

const SearchPage = lazyPage(
  'src/features/search/components/SearchPage.tsx',
  async () => (await import('../features/search/components/SearchPage.tsx')).SearchPage,
);

/** A route of the app: its pattern and the page it shows (`null` for layout pages). */
interface PageRoute {
  path: string;
  page: PreloadablePage | null;
}

/** Pages by path; the layout pages (spec 000 §2) draw the layout of the path. */
const pageRoutes: readonly PageRoute[] = [
  { path: routePatterns.signIn, page: SignInPage },
  { path: routePatterns.register, page: RegisterPage },
  { path: routePatterns.signOut, page: SignOutPage },
  { path: routePatterns.emailConfirmRequest, page: EmailConfirmRequestPage },
  { path: routePatterns.confirmEmail, page: ConfirmEmailPage },
  { path: routePatterns.requestPassword, page: RequestPasswordPage },
  { path: routePatterns.resetPassword, page: ResetPasswordPage },
  { path: routePatterns.editProfile, page: EditProfilePage },
  { path: routePatterns.followedContent, page: FollowedContentPage },
  { path: routePatterns.profile, page: ProfilePage },
  { path: routePatterns.profileTab, page: ProfilePage },
  { path: routePatterns.profileTabPage, page: ProfilePage },
  { path: routePatterns.notifications, page: NotificationsPage },
  { path: routePatterns.notificationsPage, page: NotificationsPage },
  { path: routePatterns.notificationPreferences, page: NotificationPreferencesPage },
  { path: routePatterns.messages, page: MessagesPage },
  { path: routePatterns.messagesItem, page: MessagesPage },
  { path: routePatterns.addMessage, page: AddConversationPage },
  { path: routePatterns.addMessageTo, page: AddConversationPage },
  { path: routePatterns.dashboardSettings, page: DashboardSettingsPage },
  { path: routePatterns.dashboardCategories, page: DashboardCategoriesPage },
  { path: routePatterns.dashboardJobs, page: DashboardJobsPage },
  { path: routePatterns.dashboardUsers, page: DashboardUsersPage },
  { path: routePatterns.logFilter, page: LogFilterPage },
  { path: routePatterns.dashboardReports, page: DashboardReportsPage },
  { path: routePatterns.dashboardEscalations, page: DashboardEscalationsPage },
  { path: routePatterns.dashboardEscalation, page: DashboardEscalationPage },
  { path: routePatterns.dashboardCategoryAdd, page: DashboardCategoryFormPage },
  { path: routePatterns.dashboardCategoryEdit, page: DashboardCategoryFormPage },
  { path: routePatterns.dashboardRoles, page: DashboardRolesPage },
  { path: routePatterns.dashboardRoleAdd, page: DashboardRoleFormPage },
  { path: routePatterns.dashboardRoleEdit, page: DashboardRoleFormPage },
  { path: routePatterns.dashboardReportReasons, page: DashboardReportReasonsPage },
  { path: routePatterns.discussions, page: null },
  { path: routePatterns.discussionsPage, page: null },
  { path: routePatterns.taggedDiscussions, page: null },
  { path: routePatterns.taggedDiscussionsPage, page: null },
  { path: routePatterns.categories, page: null },
  { path: routePatterns.category, page: null },
  { path: routePatterns.categoryPage, page: null },
  { path: routePatterns.discussion, page: null },
  { path: routePatterns.discussionSlug, page: null },
  { path: routePatterns.discussionSlugPage, page: null },
  { path: routePatterns.comment, page: null },
  { path: routePatterns.leaving, page: LeavingPage },
  { path: routePatterns.search, page: SearchPage },
  { path: routePatterns.postDiscussion, page: PostDiscussionPage },
  { path: routePatterns.postDiscussionInCategory, page: PostDiscussionPage },
  { path: routePatterns.editDiscussion, page: EditDiscussionPage },
  { path: routePatterns.editDiscussionDraft, page: DraftDiscussionPage },
  { path: routePatterns.drafts, page: DraftsPage },
];

function routeElement(page: PreloadablePage | null): ReactNode {
  if (page === null) return <LayoutPage />;
  const Page = page;
  return <Page />;
}

const layoutElement = <AppLayout />;
const homeRoute: RouteObject = { index: true, element: <HomePage /> };
const notFoundRoute: RouteObject = { path: '*', element: <NotFoundPage /> };
const childRoutes: readonly RouteObject[] = pageRoutes.map(({ path, page }) => ({
  path,
  element: routeElement(page),
}));

/** The route tree; `matchRoutes` over it picks the same route as the rendered `Routes`. */
export const appRoutes: RouteObject[] = [
  { element: layoutElement, children: [homeRoute, ...childRoutes, notFoundRoute] },
];

function firstSegment(pathname: string): string {
  const segment = pathname.split('/').find((part) => part !== '') ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** A route pattern's first segment, lower-cased; null when it is a parameter or a splat. */
function staticFirstSegment(pattern: string): string | null {
  const segment = (pattern.split('/')[1] ?? '').toLowerCase();
  return segment === '' || segment.startsWith(':') || segment.includes('*') ? null : segment;
}

/** Whether every page route starts with a static segment (so a path's first segment narrows them). */
const routesNarrowByFirstSegment = pageRoutes.every(
  (route) => staticFirstSegment(route.path) !== null,
);

/** The route tree narrowed to one first segment, built once per segment (see `routesFor`). */
const routesByFirstSegment = new Map<string, RouteObject[]>();

/**
 * The route tree for a path: the whole table narrowed to the routes whose first segment is the
 * path's (routes match case-insensitively, on decoded segments), with the home and 404 routes.
 * React Router flattens and ranks the tree it is given on every `useRoutes` and `matchRoutes`;
 * a route whose first segment differs cannot match, so the narrowed tree picks the same route as
 * the whole table for a few routes' ranking instead of ~55. The trees are kept per segment (the
 * app has ~12): the same route objects and elements, so a navigation between segments keeps the
 * app frame mounted.
 */
export function routesFor(pathname: string): RouteObject[] {
  if (!routesNarrowByFirstSegment) return appRoutes;
  const segment = firstSegment(pathname);
  let routes = routesByFirstSegment.get(segment);
  if (routes === undefined) {
    const children = childRoutes.filter(
      (_, index) => staticFirstSegment(pageRoutes[index]!.path) === segment,
    );
    routes = [{ element: layoutElement, children: [homeRoute, ...children, notFoundRoute] }];
    // Unknown segments share one tree (the 404 page): the map does not grow with random paths.
    if (children.length === 0) {
      routes = routesByFirstSegment.get('') ?? routes;
      routesByFirstSegment.set('', routes);
    } else {
      routesByFirstSegment.set(segment, routes);
    }
  }
  return routes;
}

/**
 * The first path segments of the lazily loaded pages (`entry`, `post`...), lower-cased (routes
 * match case-insensitively); null when one of them is a parameter, so every path must be matched.
 */
const lazyPageFirstSegments: ReadonlySet<string> | null = (() => {
  const segments = pageRoutes
    .filter((route) => route.page !== null)
    .map((route) => staticFirstSegment(route.path));
  return segments.some((segment) => segment === null) ? null : new Set(segments as string[]);
})();

/** The lazily loaded page a path shows, if any (the browser preloads it before hydrating). */
export function lazyPageFor(pathname: string): Preloadable | null {
  // Most requests are layout pages (/, /discussions, /discussion/...): no lazy page can match
  // them, and ranking the whole route table on every server render is not free.
  if (lazyPageFirstSegments !== null && !lazyPageFirstSegments.has(firstSegment(pathname)))
    return null;
  const matches = matchRoutes(routesFor(pathname), pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route.path;
  return pageRoutes.find((route) => route.path === leaf)?.page ?? null;
}

/** The app's routes; unknown paths render the 404 page (status 404 on the server). */
export function AppRoutes() {
  return useRoutes(routesFor(useLocation().pathname));
}

export interface AppProvidersProps {
  bootstrap: Bootstrap;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Providers that do not need the router: bootstrap, server state, toasts. */
export function AppProviders({ bootstrap, queryClient, children }: AppProvidersProps) {
  return (
    <BootstrapContext.Provider value={bootstrap}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </BootstrapContext.Provider>
  );
}

/** Everything inside the router (server: StaticRouter, browser: BrowserRouter). */
export function App() {
  return (
    <FlyoutProvider>
      <AppRoutes />
    </FlyoutProvider>
  );
}
