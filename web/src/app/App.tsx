import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FlyoutProvider } from '../components/flyout-context.tsx';
import { ToastProvider } from '../components/toast-context.tsx';
import { ConfirmEmailPage } from '../features/auth/components/ConfirmEmailPage.tsx';
import { EmailConfirmRequestPage } from '../features/auth/components/EmailConfirmRequestPage.tsx';
import { RegisterPage } from '../features/auth/components/RegisterPage.tsx';
import { RequestPasswordPage } from '../features/auth/components/RequestPasswordPage.tsx';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage.tsx';
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { SignOutPage } from '../features/auth/components/SignOutPage.tsx';
import { EditProfilePage } from '../features/users/components/EditProfilePage.tsx';
import {
  DashboardCategoriesRoute,
  DashboardCategoryFormRoute,
  DashboardSettingsRoute,
} from '../features/admin/routes.tsx';
import { LeavingPage } from '../features/layouts/components/LeavingPage.tsx';
import { EditDiscussionPage } from '../features/discussions/components/post/EditDiscussionPage.tsx';
import { PostDiscussionPage } from '../features/discussions/components/post/PostDiscussionPage.tsx';
import { LayoutPage } from '../layout/LayoutPage.tsx';
import { BootstrapContext, type Bootstrap } from '../lib/bootstrap.ts';
import { AppLayout } from './AppLayout.tsx';
import { NotFoundPage } from './errors/ErrorPage.tsx';
import { HomePage } from './HomePage.tsx';
import { routePatterns } from './paths.ts';

/** The app's routes; unknown paths render the 404 page (status 404 on the server). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path={routePatterns.signIn} element={<SignInPage />} />
        <Route path={routePatterns.register} element={<RegisterPage />} />
        <Route path={routePatterns.signOut} element={<SignOutPage />} />
        <Route path={routePatterns.emailConfirmRequest} element={<EmailConfirmRequestPage />} />
        <Route path={routePatterns.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={routePatterns.requestPassword} element={<RequestPasswordPage />} />
        <Route path={routePatterns.resetPassword} element={<ResetPasswordPage />} />
        <Route path={routePatterns.editProfile} element={<EditProfilePage />} />
        <Route path={routePatterns.dashboardSettings} element={<DashboardSettingsRoute />} />
        <Route path={routePatterns.dashboardCategories} element={<DashboardCategoriesRoute />} />
        <Route path={routePatterns.dashboardCategoryAdd} element={<DashboardCategoryFormRoute />} />
        <Route
          path={routePatterns.dashboardCategoryEdit}
          element={<DashboardCategoryFormRoute />}
        />
        {/* Layout pages (spec 000 §2): the layout of the path, server-rendered and hydrated. */}
        <Route path={routePatterns.discussions} element={<LayoutPage />} />
        <Route path={routePatterns.categories} element={<LayoutPage />} />
        <Route path={routePatterns.category} element={<LayoutPage />} />
        <Route path={routePatterns.categoryPage} element={<LayoutPage />} />
        <Route path={routePatterns.discussion} element={<LayoutPage />} />
        <Route path={routePatterns.discussionSlug} element={<LayoutPage />} />
        <Route path={routePatterns.discussionSlugPage} element={<LayoutPage />} />
        <Route path={routePatterns.comment} element={<LayoutPage />} />
        <Route path={routePatterns.leaving} element={<LeavingPage />} />
        <Route path={routePatterns.postDiscussion} element={<PostDiscussionPage />} />
        <Route path={routePatterns.postDiscussionInCategory} element={<PostDiscussionPage />} />
        <Route path={routePatterns.editDiscussion} element={<EditDiscussionPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
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
