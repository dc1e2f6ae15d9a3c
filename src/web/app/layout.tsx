import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { RouteFallback } from './route-error.tsx';
import { useIsAdmin } from './use-is-admin.ts';

/**
 * product §1–2: a narrow single column with a bottom navigation bar (the `/` layout route) and the
 * page footer (product §2.23). A screen still loading (its module, on first visit) shows the spinner
 * in its place.
 */
export function AppLayout() {
  const isAdmin = useIsAdmin();
  return (
    <PageFrame mainPadding="pb-8">
      {/* Room below for the fixed bottom navigation, so that it never covers the footer's links. */}
      <AppFooter className="pb-24" />
      <BottomNav isAdmin={isAdmin} />
    </PageFrame>
  );
}

/** The screens outside the tabbed layout (auth, public pages, payments…): the same column, no tabs. */
export function StandaloneLayout() {
  return (
    <PageFrame mainPadding="pb-12">
      {/* Room below for the signup wizard's fixed language switch (bottom-left). */}
      <AppFooter className="pb-16" />
    </PageFrame>
  );
}

/** The skip link, the header and the screen's column (`mainPadding`: its room below); then `children`. */
function PageFrame({ mainPadding, children }: { mainPadding: 'pb-8' | 'pb-12'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <AppHeader />
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full max-w-md flex-1 px-4 pt-4 ${mainPadding} focus:outline-none`}
      >
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {children}
    </div>
  );
}
