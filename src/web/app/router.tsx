import { type ComponentType, isValidElement, lazy, useState } from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, Route, Routes, useParams } from 'react-router';
import { type StringsName, withStrings } from '../i18n/lazy-strings.ts';
import { paths } from '../lib/paths.ts';
import { HomePage } from '../routes/home.tsx';
import { NotFoundPage } from '../routes/not-found.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout, StandaloneLayout } from './layout.tsx';
import { RouteErrorBoundary, ScrollToTop } from './route-error.tsx';

// Every route of spec §2. Home and the 404 page load with the app; every other screen is its own
// chunk, loaded with the strings it shows when first visited (each route module exports
// `Component`). Declarative routes, not the data router: it is half the size (decision 020).

/** A screen loaded on first visit, with its strings; `load()` fetches both ahead of the first visit. */
interface Screen {
  (): React.JSX.Element;
  load: () => Promise<unknown>;
}

/**
 * A screen loaded on first visit, with the named features' strings. Once loaded it is drawn at once;
 * until then through `lazy`, behind the layout's Suspense fallback.
 */
function screen(
  load: () => Promise<{ Component: ComponentType }>,
  strings: readonly StringsName[] = [],
): Screen {
  let Loaded: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  const loadScreen = () =>
    (loading ??= withStrings(strings, load)().then((module) => {
      Loaded = module.Component;
    }));
  const Lazy = lazy(() => loadScreen().then(() => ({ default: Loaded as ComponentType })));
  function ScreenRoute() {
    // Chosen once per visit: switching from Lazy to the loaded screen later would remount it.
    const [Ready] = useState(() => Loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return Object.assign(ScreenRoute, { load: loadScreen });
}

const isScreen = (component: unknown): component is Screen =>
  typeof component === 'function' && 'load' in component;

const BrowseVendors = screen(() => import('../routes/browse-vendors.tsx'));
const Jobs = screen(() => import('../routes/jobs.tsx'));
const Profile = screen(() => import('../routes/profile.tsx'), ['auth', 'contacts']);
const Settings = screen(() => import('../routes/settings.tsx'), ['auth', 'contacts']);
const WhatsAppTesting = screen(() => import('../routes/whatsapp-testing.tsx'), ['whatsapp', 'auth']);
const WhatsAppStatus = screen(() => import('../routes/whatsapp-status.tsx'), ['whatsapp', 'auth']);
const Auth = screen(() => import('../routes/auth.tsx'), ['auth']);
const VendorAuth = screen(() => import('../routes/vendor-auth.tsx'), ['auth']);
const VendorDashboard = screen(() => import('../routes/vendor-dashboard.tsx'), ['vendor']);
const PublicVendor = screen(() => import('../routes/public-vendor.tsx'), ['bookings']);
const Directory = screen(() => import('../routes/public-all-vendors.tsx'));
const VendorSignup = screen(() => import('../routes/vendor-signup.tsx'), ['vendor', 'auth']);
const VendorConfirm = screen(() => import('../routes/vendor-confirm.tsx'), ['bookings']);
const PaymentSuccess = screen(() => import('../routes/payment-success.tsx'), ['payments']);
const PaymentCancel = screen(() => import('../routes/payment-cancel.tsx'), ['payments']);
const SandboxCheckout = screen(() => import('../routes/sandbox-checkout.tsx'), ['payments']);
const Admin = screen(() => import('../routes/admin.tsx'), ['admin', 'auth']);
const DevMailbox = screen(() => import('../routes/dev-mailbox.tsx'), ['auth']);

// Relative child paths of the `/` layout: spec §2 lists them without the slash.
const child = (pattern: string) => pattern.replace(/^\//, '');

/**
 * /vendor/:vendorId, the target of Home's Recent Activity links (spec §2, content not shown): the
 * vendor's public profile is the page about a vendor, so this address redirects there (replacing the
 * history entry, so Back does not bounce).
 */
function VendorRedirect() {
  const { vendorId = '' } = useParams();
  return <Navigate to={paths.publicVendor.to(vendorId)} replace />;
}

const routeTree = (
  <>
    <Route path={paths.home.pattern} element={<AppLayout />}>
      <Route index element={<HomePage />} />
      <Route path={child(paths.vendors.pattern)} element={<BrowseVendors />} />
      {/* spec §2, §6: protected pages (login required). */}
      <Route element={<RequireAuth />}>
        <Route path={child(paths.jobs.pattern)} element={<Jobs />} />
        <Route path={child(paths.profile.pattern)} element={<Profile />} />
        <Route path={child(paths.settings.pattern)} element={<Settings />} />
      </Route>
      <Route path={child(paths.whatsappTesting.pattern)} element={<WhatsAppTesting />} />
      <Route path={child(paths.whatsappStatus.pattern)} element={<WhatsAppStatus />} />
    </Route>
    <Route element={<StandaloneLayout />}>
      <Route path={paths.auth.pattern} element={<Auth />} />
      <Route path={paths.vendorAuth.pattern} element={<VendorAuth />} />
      <Route path={paths.vendorDashboard.pattern} element={<VendorDashboard />} />
      <Route path={paths.vendor.pattern} element={<VendorRedirect />} />
      <Route path={paths.publicVendor.pattern} element={<PublicVendor />} />
      <Route path={paths.directory.pattern} element={<Directory />} />
      <Route path={paths.vendorSignup.pattern} element={<VendorSignup />} />
      <Route path={paths.vendorConfirm.pattern} element={<VendorConfirm />} />
      <Route path={paths.paymentSuccess.pattern} element={<PaymentSuccess />} />
      <Route path={paths.paymentCancel.pattern} element={<PaymentCancel />} />
      <Route path={paths.sandboxCheckout.pattern} element={<SandboxCheckout />} />
      <Route element={<RequireAdmin />}>
        <Route path={paths.admin.pattern} element={<Admin />} />
      </Route>
      <Route path={paths.devMailbox.pattern} element={<DevMailbox />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      <Routes>{routeTree}</Routes>
    </RouteErrorBoundary>
  );
}

/**
 * Loads the screen shown at `pathname`, with its strings (start.tsx): the first draw then shows the
 * screen itself rather than the layout's spinner first, and lays the page out once (decision 027).
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromChildren(routeTree), pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) =>
      isValidElement(route.element) && isScreen(route.element.type) ? route.element.type.load() : undefined,
    ),
  );
}
