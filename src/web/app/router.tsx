import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, isValidElement, lazy, useEffect } from 'react';
import {
  createRoutesFromChildren,
  matchRoutes,
  Navigate,
  type Params,
  Route,
  type RouteObject,
  useLocation,
  useParams,
  useRoutes,
} from 'react-router';
import { browseCategories, directoryCategories } from '../../shared/categories.ts';
import { BROWSE_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../../shared/constants.ts';
import { filtersFromSearch, vendorListQuery } from '../features/vendors/api/use-vendor-list.ts';
import {
  featuredVendorsQuery,
  similarVendorsQuery,
  vendorProfileQuery,
} from '../features/vendors/api/use-vendor-profile.ts';
import { type StringsName, withStrings } from '../i18n/i18n.ts';
import { type ApiClient, api } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { HomePage } from '../routes/home.tsx';
import { NotFoundPage } from '../routes/not-found.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout, StandaloneLayout } from './layout.tsx';
import { RouteErrorBoundary, ScrollToTop } from './route-error.tsx';

// Every route of product §2, declared once: the browser's router, the server render (web/ssr/render.tsx)
// and the server's choice of what to preload all read this tree. Home and the 404 page load with the
// app; every other screen is its own chunk, loaded with the strings it shows when first visited
// (each route module exports `Component`). Declarative routes, not the data router: it is half the
// size (decision 020). A route the server renders names its `prefetch`: the queries its screen reads
// first (decision 042).

/** The route modules, by path: each screen's chunk, and its name in the build's manifest. */
const routeModules = import.meta.glob<{ Component: ComponentType }>([
  '../routes/*.tsx',
  '!../routes/*.test.tsx',
  // They come with the app.
  '!../routes/home.tsx',
  '!../routes/not-found.tsx',
]);

/** A screen loaded on first visit, with the strings it shows. */
interface Screen {
  /** Its modules, by their paths from src/web: what the server preloads with a page that shows it. */
  modules: string[];
  /** Fetches the module and its strings, once: ahead of the first visit, or by the visit. */
  load: () => Promise<unknown>;
  /** The screen's component, once loaded. */
  loaded?: ComponentType;
  /** The screen through `lazy`, behind the layout's Suspense fallback, until it is loaded. */
  Lazy: ComponentType;
  /** Whether the screen was first drawn before it had loaded (then it is always drawn through Lazy). */
  drawnLazily?: boolean;
}

function screen(file: `${string}.tsx`, strings: readonly StringsName[] = []): Screen {
  const load = routeModules[`../routes/${file}`];
  if (!load) throw new Error(`src/web/routes/${file} does not exist`);
  let loading: Promise<unknown> | undefined;
  const entry: Screen = {
    modules: [`routes/${file}`, ...strings.map((name) => `i18n/${name}.ts`)],
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

const BrowseVendors = screen('browse-vendors.tsx');
const Jobs = screen('jobs.tsx');
const Profile = screen('profile.tsx', ['auth', 'contacts']);
const Settings = screen('settings.tsx', ['auth', 'contacts']);
const WhatsAppTesting = screen('whatsapp-testing.tsx', ['whatsapp', 'auth']);
const WhatsAppStatus = screen('whatsapp-status.tsx', ['whatsapp', 'auth']);
const Auth = screen('auth.tsx', ['auth']);
const VendorAuth = screen('vendor-auth.tsx', ['auth']);
const MagicLink = screen('magic-link.tsx', ['auth']);
// The wizard's password checklist comes with its strings (`vendor.wizard`).
const ResetPassword = screen('reset-password.tsx', ['auth', 'vendor']);
const VendorDashboard = screen('vendor-dashboard.tsx', ['vendor']);
const PublicVendor = screen('public-vendor.tsx', ['bookings']);
const Directory = screen('public-all-vendors.tsx');
const VendorSignup = screen('vendor-signup.tsx', ['vendor', 'auth']);
const VendorConfirm = screen('vendor-confirm.tsx', ['bookings']);
const Booking = screen('booking.tsx', ['bookings']);
const PaymentSuccess = screen('payment-success.tsx', ['payments']);
const PaymentCancel = screen('payment-cancel.tsx', ['payments']);
const SandboxCheckout = screen('sandbox-checkout.tsx', ['payments']);
const Admin = screen('admin.tsx', ['admin', 'auth']);
const DevMailbox = screen('dev-mailbox.tsx', ['auth']);
const Policies = screen('policies.tsx', ['policies']);

/** What a route's prefetch reads from: the address, and the client to read with. */
export interface PrefetchContext {
  queryClient: QueryClient;
  params: Params;
  search: URLSearchParams;
  /** The browser's API client, or the server render's own (web/ssr/render.tsx). */
  client: ApiClient;
}

/**
 * The queries a screen reads first, fetched into `queryClient`: by the server before it renders the
 * page (then dehydrated into it), and by the browser as it moves to the route, beside the screen's
 * module. A failed read stays in the cache as the query's error.
 */
type Prefetch = (context: PrefetchContext) => Promise<unknown>;

/**
 * A route's `handle`: its prefetch, and `next`, the addresses a visitor most often goes to from it,
 * whose screens' modules load once the route is shown, so that the move is not a wait for the
 * network (decision 045: Home's category chips open Browse Vendors).
 */
interface RouteHandle {
  prefetch?: Prefetch;
  next?: readonly string[];
}
const handleOf = (route: RouteObject) => route.handle as RouteHandle | undefined;

const prefetchHome: Prefetch = ({ queryClient, client }) =>
  queryClient.prefetchQuery(featuredVendorsQuery(client));

/** Browse Vendors' and the directory's first page, as VendorDirectory reads it. */
const prefetchList =
  (categories: typeof browseCategories | typeof directoryCategories, pageSize: number): Prefetch =>
  ({ queryClient, search, client }) =>
    queryClient.prefetchInfiniteQuery(
      vendorListQuery(filtersFromSearch(search, categories), pageSize, client),
    );

/** A profile, then its similar vendors, asked for by its slug as the screen asks (similar-vendors.tsx). */
const prefetchProfile: Prefetch = async ({ queryClient, params, client }) => {
  await queryClient.prefetchQuery(vendorProfileQuery(params.vendorId ?? '', client));
  const vendor = queryClient.getQueryData(vendorProfileQuery(params.vendorId ?? '').queryKey);
  if (vendor) await queryClient.prefetchQuery(similarVendorsQuery(vendor.slug, client));
};

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
      <Route
        index
        element={<HomePage />}
        handle={{ prefetch: prefetchHome, next: [paths.vendors.to()] } satisfies RouteHandle}
      />
      <Route
        path={child(paths.vendors.pattern)}
        element={<ScreenRoute screen={BrowseVendors} />}
        handle={{ prefetch: prefetchList(browseCategories, BROWSE_PAGE_SIZE) } satisfies RouteHandle}
      />
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
      <Route path={paths.resetPassword.pattern} element={<ScreenRoute screen={ResetPassword} />} />
      <Route path={paths.magicLink.pattern} element={<ScreenRoute screen={MagicLink} />} />
      <Route path={paths.vendorAuth.pattern} element={<ScreenRoute screen={VendorAuth} />} />
      <Route path={paths.vendorDashboard.pattern} element={<ScreenRoute screen={VendorDashboard} />} />
      <Route path={paths.vendor.pattern} element={<VendorRedirect />} />
      <Route
        path={paths.publicVendor.pattern}
        element={<ScreenRoute screen={PublicVendor} />}
        handle={{ prefetch: prefetchProfile } satisfies RouteHandle}
      />
      <Route
        path={paths.directory.pattern}
        element={<ScreenRoute screen={Directory} />}
        handle={{ prefetch: prefetchList(directoryCategories, DIRECTORY_PAGE_SIZE) } satisfies RouteHandle}
      />
      <Route path={paths.vendorSignup.pattern} element={<ScreenRoute screen={VendorSignup} />} />
      <Route path={paths.vendorConfirm.pattern} element={<ScreenRoute screen={VendorConfirm} />} />
      <Route path={paths.booking.pattern} element={<ScreenRoute screen={Booking} />} />
      <Route path={paths.paymentSuccess.pattern} element={<ScreenRoute screen={PaymentSuccess} />} />
      <Route path={paths.paymentCancel.pattern} element={<ScreenRoute screen={PaymentCancel} />} />
      <Route path={paths.sandboxCheckout.pattern} element={<ScreenRoute screen={SandboxCheckout} />} />
      <Route path={paths.policy.pattern} element={<ScreenRoute screen={Policies} />} />
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

/**
 * What `<Routes>{routeTree}</Routes>` renders, from the route objects made once. Moving to a route
 * starts its prefetch at once, beside its screen's module, rather than once the screen has loaded
 * and rendered; the first page's data came with the page (decision 042).
 */
function MatchedRoute() {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void prefetchRoute({ pathname, search }, { queryClient, client: api });
  }, [pathname, search, queryClient]);
  useEffect(() => {
    for (const next of nextAt(pathname)) void loadScreenAt(next);
  }, [pathname]);
  return useRoutes(routes());
}

/** The screens shown at `pathname` (a layout's and its page's). */
function screensAt(pathname: string): Screen[] {
  return (matchRoutes(routes(), pathname) ?? []).flatMap(({ route }) =>
    isValidElement<{ screen: Screen }>(route.element) && route.element.type === ScreenRoute
      ? [route.element.props.screen]
      : [],
  );
}

/** The addresses a visitor most often goes to from `pathname` (its routes' `next`). */
export function nextAt(pathname: string): string[] {
  return (matchRoutes(routes(), pathname) ?? []).flatMap(({ route }) => handleOf(route)?.next ?? []);
}

/**
 * Loads the screen shown at `pathname`, with its strings: the first render then shows the screen
 * itself rather than the layout's spinner (app/start.tsx), and the server renders it whole.
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  return Promise.all(screensAt(pathname).map((screen) => screen.load()));
}

/** Whether the screen shown at `pathname` has loaded (its first draw then needs no wait). */
export function screenLoadedAt(pathname: string): boolean {
  return screensAt(pathname).every((screen) => screen.loaded !== undefined);
}

/** The modules of the screen shown at `pathname` (paths from src/web), for the server to preload. */
export function screenModulesAt(pathname: string): string[] {
  return screensAt(pathname).flatMap((screen) => screen.modules);
}

/**
 * Runs the prefetch of the routes matched at this address into `queryClient`. False when none of
 * them has one: a page the server does not render.
 */
export async function prefetchRoute(
  { pathname, search }: { pathname: string; search: string },
  { queryClient, client }: { queryClient: QueryClient; client: ApiClient },
): Promise<boolean> {
  const prefetches = (matchRoutes(routes(), pathname) ?? []).flatMap(({ route, params }) => {
    const prefetch = handleOf(route)?.prefetch;
    return prefetch ? [prefetch({ queryClient, params, search: new URLSearchParams(search), client })] : [];
  });
  await Promise.all(prefetches);
  return prefetches.length > 0;
}
