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
import type { Language } from '../../shared/language.ts';
import { filtersFromSearch, vendorListQuery } from '../features/vendors/api/use-vendor-list.ts';
import {
  featuredVendorsQuery,
  similarVendorsQuery,
  vendorProfileQuery,
} from '../features/vendors/api/use-vendor-profile.ts';
import { type StringsName, stringsModule, withStrings } from '../i18n/i18n.ts';
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

/** A route module loaded on first visit (a lazy route), with the strings it shows. */
interface LazyRoute {
  /** Its modules, by their paths from src/web: what the server preloads with a page that shows it. */
  modules: (language: Language) => string[];
  /** Fetches the module and its strings, once: ahead of the first visit, or by the visit. */
  load: () => Promise<unknown>;
  /** The screen's component, once loaded. */
  loaded?: ComponentType;
  /** The screen through `lazy`, behind the layout's Suspense fallback, until it is loaded. */
  Lazy: ComponentType;
  /** Whether the route was first rendered before its module had loaded (then always through Lazy). */
  renderedThroughLazy?: boolean;
}

function lazyRoute(file: `${string}.tsx`, strings: readonly StringsName[] = []): LazyRoute {
  const load = routeModules[`../routes/${file}`];
  if (!load) throw new Error(`src/web/routes/${file} does not exist`);
  let loading: Promise<unknown> | undefined;
  const entry: LazyRoute = {
    modules: (language) => [`routes/${file}`, ...strings.map((name) => stringsModule(name, language))],
    load: () =>
      (loading ??= withStrings(strings, load)().then((module) => {
        entry.loaded = module.Component;
      })),
    Lazy: lazy(() => entry.load().then(() => ({ default: entry.loaded as ComponentType }))),
  };
  return entry;
}

/**
 * A lazy route's element: its component rendered directly when the module was loaded before its
 * first render, else through `lazy`. The choice is made at the first render and kept, so a screen's component never changes under it
 * (which would remount it), and two screens always differ in type (so moving between them mounts
 * the new one, as with plain `lazy`).
 */
function LazyRouteElement({ route }: { route: LazyRoute }) {
  route.renderedThroughLazy ??= !route.loaded;
  const Loaded = route.loaded;
  return route.renderedThroughLazy || !Loaded ? <route.Lazy /> : <Loaded />;
}

const BrowseVendors = lazyRoute('browse-vendors.tsx');
const Jobs = lazyRoute('jobs.tsx');
const Profile = lazyRoute('profile.tsx', ['auth', 'contacts']);
const Settings = lazyRoute('settings.tsx', ['auth', 'contacts']);
const WhatsAppTesting = lazyRoute('whatsapp-testing.tsx', ['whatsapp', 'auth']);
const WhatsAppStatus = lazyRoute('whatsapp-status.tsx', ['whatsapp', 'auth']);
const Auth = lazyRoute('auth.tsx', ['auth']);
const VendorAuth = lazyRoute('vendor-auth.tsx', ['auth']);
const MagicLink = lazyRoute('magic-link.tsx', ['auth']);
// The wizard's password checklist comes with its strings (`vendor.wizard`).
const ResetPassword = lazyRoute('reset-password.tsx', ['auth', 'vendor']);
const VendorDashboard = lazyRoute('vendor-dashboard.tsx', [
  'vendor',
  'payouts',
  'reviewModeration',
  'photos',
  'calendarFeed',
  'taxProfile',
  'agenda',
  'bookingActions',
]);
const PublicVendor = lazyRoute('public-vendor.tsx');
const Directory = lazyRoute('public-all-vendors.tsx');
const VendorSignup = lazyRoute('vendor-signup.tsx', ['vendor', 'auth']);
const VendorConfirm = lazyRoute('vendor-confirm.tsx', ['bookings']);
const Booking = lazyRoute('booking.tsx', ['bookings']);
const Review = lazyRoute('review.tsx', ['reviewPage']);
const PaymentSuccess = lazyRoute('payment-success.tsx', ['payments']);
const PaymentCancel = lazyRoute('payment-cancel.tsx', ['payments']);
const SandboxCheckout = lazyRoute('sandbox-checkout.tsx', ['payments']);
const Admin = lazyRoute('admin.tsx', ['admin', 'auth', 'payouts', 'reviewModeration', 'photos']);
const DevMailbox = lazyRoute('dev-mailbox.tsx', ['auth']);
const Policies = lazyRoute('policies.tsx', ['policies']);

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
        element={<LazyRouteElement route={BrowseVendors} />}
        handle={{ prefetch: prefetchList(browseCategories, BROWSE_PAGE_SIZE) } satisfies RouteHandle}
      />
      {/* product §2, §6: protected pages (login required). */}
      <Route element={<RequireAuth />}>
        <Route path={child(paths.jobs.pattern)} element={<LazyRouteElement route={Jobs} />} />
        <Route path={child(paths.profile.pattern)} element={<LazyRouteElement route={Profile} />} />
        <Route path={child(paths.settings.pattern)} element={<LazyRouteElement route={Settings} />} />
      </Route>
      <Route
        path={child(paths.whatsappTesting.pattern)}
        element={<LazyRouteElement route={WhatsAppTesting} />}
      />
      <Route
        path={child(paths.whatsappStatus.pattern)}
        element={<LazyRouteElement route={WhatsAppStatus} />}
      />
    </Route>
    <Route element={<StandaloneLayout />}>
      <Route path={paths.auth.pattern} element={<LazyRouteElement route={Auth} />} />
      <Route path={paths.resetPassword.pattern} element={<LazyRouteElement route={ResetPassword} />} />
      <Route path={paths.magicLink.pattern} element={<LazyRouteElement route={MagicLink} />} />
      <Route path={paths.vendorAuth.pattern} element={<LazyRouteElement route={VendorAuth} />} />
      <Route path={paths.vendorDashboard.pattern} element={<LazyRouteElement route={VendorDashboard} />} />
      <Route path={paths.vendor.pattern} element={<VendorRedirect />} />
      <Route
        path={paths.publicVendor.pattern}
        element={<LazyRouteElement route={PublicVendor} />}
        handle={{ prefetch: prefetchProfile } satisfies RouteHandle}
      />
      <Route
        path={paths.directory.pattern}
        element={<LazyRouteElement route={Directory} />}
        handle={{ prefetch: prefetchList(directoryCategories, DIRECTORY_PAGE_SIZE) } satisfies RouteHandle}
      />
      <Route path={paths.vendorSignup.pattern} element={<LazyRouteElement route={VendorSignup} />} />
      <Route path={paths.vendorConfirm.pattern} element={<LazyRouteElement route={VendorConfirm} />} />
      <Route path={paths.booking.pattern} element={<LazyRouteElement route={Booking} />} />
      <Route path={paths.review.pattern} element={<LazyRouteElement route={Review} />} />
      <Route path={paths.paymentSuccess.pattern} element={<LazyRouteElement route={PaymentSuccess} />} />
      <Route path={paths.paymentCancel.pattern} element={<LazyRouteElement route={PaymentCancel} />} />
      <Route path={paths.sandboxCheckout.pattern} element={<LazyRouteElement route={SandboxCheckout} />} />
      <Route path={paths.policy.pattern} element={<LazyRouteElement route={Policies} />} />
      <Route element={<RequireAdmin />}>
        <Route path={paths.admin.pattern} element={<LazyRouteElement route={Admin} />} />
      </Route>
      <Route path={paths.devMailbox.pattern} element={<LazyRouteElement route={DevMailbox} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

/**
 * The route tree as route objects, made once: `<Routes>` would make them again at every render, and
 * preloadRouteAt needs them before the first (a few milliseconds each on a phone).
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
    for (const next of nextAt(pathname)) void preloadRouteAt(next);
  }, [pathname]);
  return useRoutes(routes());
}

/** The lazy routes matched at `pathname` (a layout's and its page's). */
function lazyRoutesAt(pathname: string): LazyRoute[] {
  return (matchRoutes(routes(), pathname) ?? []).flatMap(({ route }) =>
    isValidElement<{ route: LazyRoute }>(route.element) && route.element.type === LazyRouteElement
      ? [route.element.props.route]
      : [],
  );
}

/** The addresses a visitor most often goes to from `pathname` (its routes' `next`). */
export function nextAt(pathname: string): string[] {
  return (matchRoutes(routes(), pathname) ?? []).flatMap(({ route }) => handleOf(route)?.next ?? []);
}

/**
 * Preloads the route modules matched at `pathname`, with their strings: the first render then shows
 * the page itself rather than the layout's spinner (app/start.tsx), and the server renders it whole.
 */
export function preloadRouteAt(pathname: string): Promise<unknown> {
  return Promise.all(lazyRoutesAt(pathname).map((route) => route.load()));
}

/** Whether the route modules matched at `pathname` have loaded (the first render then needs no wait). */
export function routeLoadedAt(pathname: string): boolean {
  return lazyRoutesAt(pathname).every((route) => route.loaded !== undefined);
}

/** The modules of the routes matched at `pathname` (paths from src/web) in `language`, for the server to preload. */
export function routeModulesAt(pathname: string, language: Language): string[] {
  return lazyRoutesAt(pathname).flatMap((route) => route.modules(language));
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
