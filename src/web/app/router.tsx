import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths.ts';
import { HomePage } from '../routes/home.tsx';
import { NotFoundPage } from '../routes/not-found.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout, StandaloneLayout } from './layout.tsx';
import { RouteError, RouteFallback } from './route-error.tsx';

// Relative child paths of the `/` layout: spec §2 lists them without the slash.
const child = (pattern: string) => pattern.replace(/^\//, '');

/**
 * Every route of spec §2. Home and the 404 page load with the app; every other screen is its own
 * chunk, loaded when first visited (each route module exports `Component`).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      {
        path: paths.home.pattern,
        Component: AppLayout,
        children: [
          { index: true, Component: HomePage },
          { path: child(paths.vendors.pattern), lazy: () => import('../routes/browse-vendors.tsx') },
          {
            // spec §2, §6: protected pages (login required).
            Component: RequireAuth,
            children: [
              { path: child(paths.jobs.pattern), lazy: () => import('../routes/jobs.tsx') },
              { path: child(paths.profile.pattern), lazy: () => import('../routes/profile.tsx') },
              { path: child(paths.settings.pattern), lazy: () => import('../routes/settings.tsx') },
            ],
          },
          {
            path: child(paths.whatsappTesting.pattern),
            lazy: () => import('../routes/whatsapp-testing.tsx'),
          },
          { path: child(paths.whatsappStatus.pattern), lazy: () => import('../routes/whatsapp-status.tsx') },
        ],
      },
      {
        Component: StandaloneLayout,
        children: [
          { path: paths.auth.pattern, lazy: () => import('../routes/auth.tsx') },
          { path: paths.vendorAuth.pattern, lazy: () => import('../routes/vendor-auth.tsx') },
          { path: paths.vendorDashboard.pattern, lazy: () => import('../routes/vendor-dashboard.tsx') },
          { path: paths.vendor.pattern, lazy: () => import('../routes/vendor.tsx') },
          { path: paths.publicVendor.pattern, lazy: () => import('../routes/public-vendor.tsx') },
          { path: paths.directory.pattern, lazy: () => import('../routes/public-all-vendors.tsx') },
          { path: paths.vendorSignup.pattern, lazy: () => import('../routes/vendor-signup.tsx') },
          { path: paths.vendorConfirm.pattern, lazy: () => import('../routes/vendor-confirm.tsx') },
          { path: paths.paymentSuccess.pattern, lazy: () => import('../routes/payment-success.tsx') },
          { path: paths.paymentCancel.pattern, lazy: () => import('../routes/payment-cancel.tsx') },
          { path: paths.sandboxCheckout.pattern, lazy: () => import('../routes/sandbox-checkout.tsx') },
          {
            Component: RequireAdmin,
            children: [{ path: paths.admin.pattern, lazy: () => import('../routes/admin.tsx') }],
          },
          { path: paths.devMailbox.pattern, lazy: () => import('../routes/dev-mailbox.tsx') },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
