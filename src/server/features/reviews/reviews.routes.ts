import { type Context, Hono } from 'hono';
import {
  adminReviewsQuerySchema,
  createReviewSchema,
  deleteReviewSchema,
  reviewAnswerSchema,
  reviewIdParamSchema,
  reviewPageQuerySchema,
  reviewReasonSchema,
  reviewTokenQuerySchema,
} from '../../../shared/review.schemas.ts';
import { vendorIdOrSlugParamSchema } from '../../../shared/vendor.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireAdmin, requireVendor } from '../../auth/guards.ts';
import { seesUnlistedVendor, vendorProfileIdOf } from '../../auth/roles.service.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { manageLinkFor } from '../booking-lifecycle/booking-checkout.ts';
import { requesterKeyOf } from '../booking-lifecycle/request-caps.ts';
import {
  answerReview,
  createReview,
  deleteReview,
  dismissReviewReport,
  getReviewRequest,
  hideReview,
  listAdminReviews,
  listOwnReviews,
  listVendorReviews,
  reportReview,
} from './reviews.service.ts';

// ARCHITECTURE §6.3, decision 066: /api/reviews (the customer by the review link or signed in, and
// anybody's report), /api/vendors/:idOrSlug/reviews (public), /api/vendor/reviews (the vendor signed
// in), /api/admin/reviews (admins).

/** Per client address: the review link's reads and writes, and the reports (a report mails nobody, but fills a queue). */
const reviewRateLimits = {
  token: { max: 30, windowMs: 60_000 },
  report: { max: 10, windowMs: 60 * 60_000 },
} as const;

async function rateLimit(c: Context<AppEnv>, name: keyof typeof reviewRateLimits) {
  const { db, clock, config } = c.var.deps;
  if (!config.rateLimits) return;
  await consumeRateLimit({
    db,
    key: `reviews.${name}:${clientAddress(c)}`,
    ...reviewRateLimits[name],
    now: clock.now(),
  });
}

/** The signed-in user as the bookings know them, when there is one. */
function reviewer(c: Context<AppEnv>) {
  const user = c.var.user;
  return user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : undefined;
}

export const reviewsRoutes = new Hono<AppEnv>()
  .get('/request', validate('query', reviewTokenQuerySchema), async (c) => {
    await rateLimit(c, 'token');
    c.header('Cache-Control', 'no-store');
    const { db, clock, config } = c.var.deps;
    return c.json(
      await getReviewRequest(db, {
        secret: config.authSecret,
        now: clock.now(),
        token: c.req.valid('query').token,
      }),
    );
  })
  .post('/', requireSameOrigin, validate('json', createReviewSchema), async (c) => {
    await rateLimit(c, 'token');
    const { db, clock, config } = c.var.deps;
    const { token, booking_id, rating, comment } = c.req.valid('json');
    const created = await createReview(db, {
      secret: config.authSecret,
      now: clock.now(),
      ref: { token, bookingId: booking_id, user: reviewer(c) },
      rating,
      comment: comment ?? null,
    });
    return c.json(created, 201);
  })
  .post(
    '/:id/delete',
    requireSameOrigin,
    validate('param', reviewIdParamSchema),
    validate('json', deleteReviewSchema),
    async (c) => {
      await rateLimit(c, 'token');
      const { db, clock, config } = c.var.deps;
      return c.json(
        await deleteReview(db, {
          secret: config.authSecret,
          now: clock.now(),
          id: c.req.valid('param').id,
          ref: { token: c.req.valid('json').token, user: reviewer(c) },
        }),
      );
    },
  )
  .post(
    '/:id/report',
    requireSameOrigin,
    validate('param', reviewIdParamSchema),
    validate('json', reviewReasonSchema),
    async (c) => {
      await rateLimit(c, 'report');
      const { db, clock, config } = c.var.deps;
      const user = c.var.user;
      const reported = await reportReview(db, {
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
        now: clock.now(),
        reporter: {
          vendorProfileId: user ? await vendorProfileIdOf(db, user.id) : null,
          key: user ? `user:${user.id}` : requesterKeyOf(config.authSecret, clientAddress(c)),
        },
      });
      return c.json(reported, 202);
    },
  );

/** GET /api/vendors/:idOrSlug/reviews: mounted beside the vendor routes. */
export const vendorReviewsRoutes = new Hono<AppEnv>().get(
  '/:idOrSlug/reviews',
  validate('param', vendorIdOrSlugParamSchema),
  validate('query', reviewPageQuerySchema),
  async (c) => {
    const { db } = c.var.deps;
    return c.json(
      await listVendorReviews(db, {
        ...c.req.valid('param'),
        ...c.req.valid('query'),
        seesUnlisted: (id) => seesUnlistedVendor(db, c.var.user?.id, id),
      }),
    );
  },
);

export const ownReviewsRoutes = new Hono<AppEnv>()
  .get('/reviews', requireVendor, validate('query', reviewPageQuerySchema), async (c) =>
    c.json(
      await listOwnReviews(c.var.deps.db, {
        vendorProfileId: c.var.vendorProfileId,
        ...c.req.valid('query'),
      }),
    ),
  )
  .post(
    '/reviews/:id/answer',
    requireSameOrigin,
    requireVendor,
    validate('param', reviewIdParamSchema),
    validate('json', reviewAnswerSchema),
    async (c) =>
      c.json(
        await answerReview(c.var.deps.db, {
          vendorProfileId: c.var.vendorProfileId,
          id: c.req.valid('param').id,
          text: c.req.valid('json').text,
          now: c.var.deps.clock.now(),
        }),
      ),
  );

export const adminReviewsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/reviews', validate('query', adminReviewsQuerySchema), async (c) =>
    c.json(await listAdminReviews(c.var.deps.db, c.req.valid('query'))),
  )
  .post(
    '/reviews/:id/hide',
    requireSameOrigin,
    validate('param', reviewIdParamSchema),
    validate('json', reviewReasonSchema),
    async (c) =>
      c.json(
        await hideReview(c.var.deps.db, {
          id: c.req.valid('param').id,
          reason: c.req.valid('json').reason,
          now: c.var.deps.clock.now(),
          manageLink: manageLinkFor(c.var.deps),
        }),
      ),
  )
  .post('/reviews/:id/dismiss-report', requireSameOrigin, validate('param', reviewIdParamSchema), async (c) =>
    c.json(
      await dismissReviewReport(c.var.deps.db, { id: c.req.valid('param').id, now: c.var.deps.clock.now() }),
    ),
  );
