import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ViteDevServer } from 'vite';
import { CONTACTS_BODY_LIMIT_BYTES } from '../shared/contacts.ts';
import type { AppDeps, AppEnv } from './app-env.ts';
import { authConfigRoutes } from './auth/auth-config.routes.ts';
import { requireJsonBodies } from './auth/json-bodies.ts';
import { mountAuth } from './auth/mount-auth.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { availabilityRoutes } from './features/availability/availability.routes.ts';
import {
  bookingsRoutes,
  myBookingsRoutes,
  vendorAgendaRoutes,
  vendorBookingsRoutes,
} from './features/bookings/bookings.routes.ts';
import { vendorBookingActionsRoutes } from './features/bookings/vendor-booking-actions.routes.ts';
import {
  calendarFeedRoutes,
  vendorCalendarFeedRoutes,
} from './features/calendar-feed/calendar-feed.routes.ts';
import { coloniasRoutes } from './features/colonias/colonias.routes.ts';
import { contactsRoutes } from './features/contacts/contacts.routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { meRoutes } from './features/me/me.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import {
  adminPhotosRoutes,
  PHOTO_BODY_LIMIT_BYTES,
  vendorPhotosRoutes,
} from './features/media/vendor-photos.routes.ts';
import {
  paymentsRoutes,
  STRIPE_WEBHOOK_BODY_LIMIT_BYTES,
  sandboxCheckoutRoutes,
  stripeWebhookRoutes,
} from './features/payments/payments.routes.ts';
import { adminPayoutRoutes, vendorEarningsRoutes } from './features/payouts/payouts.routes.ts';
import { crawlerRoutes } from './features/public-pages/crawlers.routes.ts';
import { renderPublicPage } from './features/public-pages/public-pages.ts';
import {
  adminReviewsRoutes,
  ownReviewsRoutes,
  reviewsRoutes,
  vendorReviewsRoutes,
} from './features/reviews/reviews.routes.ts';
import { taxProfileRoutes } from './features/tax-profile/tax-profile.routes.ts';
import { timeOffRoutes } from './features/time-off/time-off.routes.ts';
import { vendorAccountRoutes } from './features/vendor-account/vendor-account.routes.ts';
import { vendorClaimsRoutes } from './features/vendor-account/vendor-claims.routes.ts';
import { createPublicListCache } from './features/vendors/public-list-cache.ts';
import { vendorsRoutes } from './features/vendors/vendors.routes.ts';
import { whatsappAdminRoutes } from './features/whatsapp/whatsapp.routes.ts';
import {
  WHATSAPP_WEBHOOK_BODY_LIMIT_BYTES,
  whatsappWebhookRoutes,
} from './features/whatsapp/whatsapp-webhook.routes.ts';
import { createMailTransport, usesDevMailbox } from './integrations/mail/create-mail-transport.ts';
import { createMediaStorage } from './integrations/media-storage/create-media-storage.ts';
import { AppError, type ErrorCode, toAppError } from './lib/app-error.ts';
import { API_BODY_LIMIT_BYTES, limitRequestBodies } from './lib/body-limit.ts';
import { compressResponses } from './lib/compress.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { finishUnreadBodies } from './lib/unread-body.ts';
import { mountDevWebApp, mountWebApp, type RenderIndex } from './lib/web-app.ts';

/** The API: one sub-app per resource, chained so that its types reach the web client (hc<AppType>). */
function createApi() {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/colonias', coloniasRoutes)
    .route('/vendors', vendorsRoutes)
    .route('/vendors', availabilityRoutes)
    .route('/vendors', vendorReviewsRoutes)
    .route('/reviews', reviewsRoutes)
    .route('/auth-config', authConfigRoutes)
    .route('/me', meRoutes)
    .route('/me', myBookingsRoutes)
    .route('/me', contactsRoutes)
    .route('/bookings', bookingsRoutes)
    .route('/payments', paymentsRoutes)
    .route('/webhooks/stripe', stripeWebhookRoutes)
    .route('/vendor/bookings', vendorBookingActionsRoutes)
    .route('/vendor/bookings', vendorBookingsRoutes)
    .route('/vendor', vendorAgendaRoutes)
    .route('/admin', adminRoutes)
    .route('/admin', adminPayoutRoutes)
    .route('/admin', adminReviewsRoutes)
    .route('/admin', adminPhotosRoutes)
    .route('/admin/whatsapp', whatsappAdminRoutes)
    .route('/webhooks/whatsapp', whatsappWebhookRoutes)
    .route('/vendor/claim', vendorClaimsRoutes)
    .route('/vendor/photos', vendorPhotosRoutes)
    .route('/vendor/time-off', timeOffRoutes)
    .route('/vendor/tax-profile', taxProfileRoutes)
    .route('/vendor', vendorAccountRoutes)
    .route('/vendor', vendorEarningsRoutes)
    .route('/vendor', ownReviewsRoutes)
    .route('/vendor/calendar-feed', vendorCalendarFeedRoutes)
    .route('/calendar', calendarFeedRoutes);
}

export type AppType = ReturnType<typeof createApi>;

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export interface CreateAppOptions {
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app is, when not dist/web (tests serve a small one from a temp folder). */
  webRoot?: string;
  /** `npm run dev`: the web app from Vite's dev server, pages rendered as in production (main.ts). */
  viteDev?: ViteDevServer;
}

export function createApp(deps: AppDeps, { serveWeb = true, webRoot, viteDev }: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  const publicLists = createPublicListCache(deps.database.notifications);
  const media = createMediaStorage(deps);

  // First, so that it sees every answer: one sent before its request's body was read must leave the
  // connection usable for the client's next request (lib/unread-body.ts).
  app.use('*', finishUnreadBodies());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('publicLists', publicLists);
    c.set('media', media);
    c.set('requestId', c.req.header('x-request-id') ?? randomUUID());
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      deps.logger.info(
        {
          reqId: c.var.requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });
  app.use('*', securityHeaders({ production: deps.config.production }));
  // JSON, SVG images and rendered HTML travel compressed; the built assets are precompressed already
  // and event streams are left alone (hono's filter).
  app.use('*', compressResponses());
  app.use('/api/*', async (c, next) => {
    await next();
    // On the response in place, as secureHeaders does: c.header() would rebuild a finished
    // response around a stream of its body (lib/compress.ts says what that costs). A route that
    // says how long its answer may be kept says so itself (the colonias: decision 073).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // No body larger than a route needs, counted while it is read (lib/body-limit.ts).
  app.use(
    '/api/*',
    limitRequestBodies({
      defaultBytes: API_BODY_LIMIT_BYTES,
      larger: {
        'POST /api/me/contacts': CONTACTS_BODY_LIMIT_BYTES,
        'POST /api/webhooks/stripe': STRIPE_WEBHOOK_BODY_LIMIT_BYTES,
        'POST /api/webhooks/whatsapp': WHATSAPP_WEBHOOK_BODY_LIMIT_BYTES,
        'POST /api/vendor/photos': { bytes: PHOTO_BODY_LIMIT_BYTES, reason: 'photo_too_large' },
      },
    }),
  );
  // ARCHITECTURE §10: no mutation with a body a cross-site form could send (auth/json-bodies.ts).
  app.use('/api/*', requireJsonBodies);
  // better-auth at /api/auth/* and the session middleware for every other /api route.
  const mail = createMailTransport(deps);
  mountAuth(app, deps, mail);
  app.route('/api', createApi());
  // ARCHITECTURE §13: local-only endpoints exist only while their local default is in use.
  if (usesDevMailbox(deps.config)) app.route('/api/dev', devMailboxRoutes);
  if (deps.payments.kind === 'sandbox' && !deps.config.production)
    app.route('/api/sandbox/checkout', sandboxCheckoutRoutes);
  app.route('/media', mediaRoutes);
  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API endpoint.');
  });

  // The one place where errors become responses (ARCHITECTURE §6): unknown errors show no internals.
  app.onError((err, c) => {
    const known =
      toAppError(err) ??
      (err instanceof HTTPException && err.status < 500
        ? new AppError(statusCodes[err.status] ?? 'bad_request', err.message || 'Bad request.')
        : undefined);
    if (known) return c.json(known.toBody(), known.status);
    deps.logger.error({ err, reqId: c.var.requestId, path: c.req.path }, 'unhandled error');
    const internal = new AppError('internal', 'Something went wrong on our side. Please try again.');
    return c.json(internal.toBody(), internal.status);
  });

  // robots.txt, the sitemap and /vendor/{slug}, before the web app answers every address with a page.
  app.route('/', crawlerRoutes);
  // Public pages carry their link preview and come rendered by the server (decision 042).
  const renderIndex: RenderIndex = (c, page) =>
    renderPublicPage(c, {
      ...page,
      // With the visitor's connection (c.env), so that the API sees who is asking.
      fetchApi: async (input, init) =>
        app.request(input instanceof Request ? input : String(input), init, c.env),
    });
  if (viteDev) mountDevWebApp(app, viteDev, { renderIndex });
  else if (serveWeb) mountWebApp(app, webRoot, { renderIndex, production: deps.config.production });
  app.notFound((c) => c.json(new AppError('not_found', 'Not found.').toBody(), 404));
  return app;
}
