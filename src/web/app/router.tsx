import { type ComponentType, isValidElement, lazy } from 'react';
import {
  createRoutesFromChildren,
  matchRoutes,
  Navigate,
  Route,
  type RouteObject,
  useParams,
  useRoutes,
} from 'react-router';
import { type StringsName, withStrings } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';
import { HomePage } from '../routes/home.tsx';
import { NotFoundPage } from '../routes/not-found.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout, StandaloneLayout } from './layout.tsx';
import { RouteErrorBoundary, ScrollToTop } from './route-error.tsx';

// Every route of product §2. Home and the 404 page load with the app; every other screen is its own
// chunk, loaded with the strings it shows when first visited (each route module exports
// `Component`). Declarative routes, not the data router: it is half the size (decision 020).

/** A screen loaded on first visit, with the strings it shows. */
interface Screen {
  /** Fetches the module and its strings, once: ahead of the first visit, or by the visit. */
  load: () => Promise<unknown>;
  /** The screen's component, once loaded. */
  loaded?: ComponentType;
  /** The screen through `lazy`, behind the layout's Suspense fallback, until it is loaded. */
  Lazy: ComponentType;
  /** Whether the screen was first drawn before it had loaded (then it is always drawn through Lazy). */
  drawnLazily?: boolean;
}

function screen(
  load: () => Promise<{ Component: ComponentType }>,
  strings: readonly StringsName[] = [],
): Screen {
  let loading: Promise<unknown> | undefined;
  const entry: Screen = {
    load: () =>
      (loading ??= withStrings(strings, load)().then((module) => {
        entry.loaded = module.Component;
      })),
    Lazy: lazy(() => entry.load().then(() => ({ default: entry.loaded as ComponentType }))),
  };
  return entry;
}

/**
 * A route's screen: drawn directly when it was loaded before its first draw, else through `lazy`.
 * The choice is made at the first draw and kept, so a screen's component never changes under it
 * (which would remount it), and two screens always differ in type (so moving between them mounts
 * the new one, as with plain `lazy`).
 */
function ScreenRoute({ screen }: { screen: Screen }) {
  screen.drawnLazily ??= !screen.loaded;
  const Loaded = screen.loaded;
  return screen.drawnLazily || !Loaded ? <screen.Lazy /> : <Loaded />;
}

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

// Relative child paths of the `/` layout: product §2 lists them without the slash.
const child = (pattern: string) => pattern.replace(/^\//, '');

/**
 * /vendor/:vendorId, the target of Home's Recent Activity links (product §2, content not shown): the
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
      <Route path={child(paths.vendors.pattern)} element={<ScreenRoute screen={BrowseVendors} />} />
      {/* product §2, §6: protected pages (login required). */}
      <Route element={<RequireAuth />}>
        <Route path={child(paths.jobs.pattern)} element={<ScreenRoute screen={Jobs} />} />
        <Route path={child(paths.profile.pattern)} element={<ScreenRoute screen={Profile} />} />
        <Route path={child(paths.settings.pattern)} element={<ScreenRoute screen={Settings} />} />
      </Route>
      <Route path={child(paths.whatsappTesting.pattern)} element={<ScreenRoute screen={WhatsAppTesting} />} />
      <Route path={child(paths.whatsappStatus.pattern)} element={<ScreenRoute screen={WhatsAppStatus} />} />
    </Route>
    <Route element={<StandaloneLayout />}>
      <Route path={paths.auth.pattern} element={<ScreenRoute screen={Auth} />} />
      <Route path={paths.vendorAuth.pattern} element={<ScreenRoute screen={VendorAuth} />} />
      <Route path={paths.vendorDashboard.pattern} element={<ScreenRoute screen={VendorDashboard} />} />
      <Route path={paths.vendor.pattern} element={<VendorRedirect />} />
      <Route path={paths.publicVendor.pattern} element={<ScreenRoute screen={PublicVendor} />} />
      <Route path={paths.directory.pattern} element={<ScreenRoute screen={Directory} />} />
      <Route path={paths.vendorSignup.pattern} element={<ScreenRoute screen={VendorSignup} />} />
      <Route path={paths.vendorConfirm.pattern} element={<ScreenRoute screen={VendorConfirm} />} />
      <Route path={paths.paymentSuccess.pattern} element={<ScreenRoute screen={PaymentSuccess} />} />
      <Route path={paths.paymentCancel.pattern} element={<ScreenRoute screen={PaymentCancel} />} />
      <Route path={paths.sandboxCheckout.pattern} element={<ScreenRoute screen={SandboxCheckout} />} />
      <Route element={<RequireAdmin />}>
        <Route path={paths.admin.pattern} element={<ScreenRoute screen={Admin} />} />
      </Route>
      <Route path={paths.devMailbox.pattern} element={<ScreenRoute screen={DevMailbox} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

/**
 * The route tree as route objects, made once: `<Routes>` would make them again at every render, and
 * loadScreenAt needs them before the first (a few milliseconds each on a phone).
 */
let routeObjects: RouteObject[] | undefined;
const routes = () => (routeObjects ??= createRoutesFromChildren(routeTree));

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      <MatchedRoute />
    </RouteErrorBoundary>
  );
}

/** What `<Routes>{routeTree}</Routes>` draws, from the route objects made once. */
function MatchedRoute() {
  return useRoutes(routes());
}

/**
 * Loads the screen shown at `pathname`, with its strings (start.tsx): the first draw then shows the
 * screen itself rather than the layout's spinner first, and lays the page out once (decision 027).
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes(), pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) =>
      isValidElement<{ screen: Screen }>(route.element) && route.element.type === ScreenRoute
        ? route.element.props.screen.load()
        : undefined,
    ),
  );
}
