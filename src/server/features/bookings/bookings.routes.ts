import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  confirmBookingSchema,
  confirmTokenQuerySchema,
  createBookingSchema,
  manageTokenQuerySchema,
  vendorBookingParamSchema,
} from '../../../shared/booking.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireUser, requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { bookingRateLimits, consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import {
  answerBookingByToken,
  answerBookingForVendor,
  declineAndBlockForVendor,
} from '../booking-lifecycle/answer-booking.ts';
import { checkoutDeps, manageLinkFor } from '../booking-lifecycle/booking-checkout.ts';
import { requestBooking } from '../booking-lifecycle/request-booking.ts';
import {
  getBookingByToken,
  getManagedBooking,
  getManagedBookingCalendar,
  listMyBookings,
  listVendorBookings,
} from './bookings.service.ts';
import { requesterKeyOf } from './request-caps.ts';

/** ARCHITECTURE §10: per client address; off with RATE_LIMITS=off (never in production). */
function rateLimited(name: keyof typeof bookingRateLimits) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db, clock, config } = c.var.deps;
    if (config.rateLimits) {
      const { max, windowMs } = bookingRateLimits[name];
      await consumeRateLimit({
        db,
        key: `bookings.${name}:${clientAddress(c)}`,
        max,
        windowMs,
        now: clock.now(),
      });
    }
    await next();
  });
}

/** /api/bookings (ARCHITECTURE §6): create-booking, vendor-confirm by token, the customer's booking page. */
export const bookingsRoutes = new Hono<AppEnv>()
  .post('/', requireSameOrigin, rateLimited('create'), validate('json', createBookingSchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    const user = c.var.user;
    const result = await requestBooking({
      db,
      input: c.req.valid('json'),
      user: user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : null,
      now: clock.now(),
      appUrl: config.appUrl,
      manageLink: manageLinkFor(c.var.deps),
      requesterKey: requesterKeyOf(config.authSecret, clientAddress(c)),
      // The caps count per address too: off with the rate limits, for load tests from one machine.
      capOpenRequests: config.rateLimits,
    });
    return c.json(result, 201);
  })
  .get('/confirm', rateLimited('token'), validate('query', confirmTokenQuerySchema), async (c) => {
    const { db, clock } = c.var.deps;
    return c.json(await getBookingByToken({ db, token: c.req.valid('query').token, now: clock.now() }));
  })
  // The customer's booking page (issue 23; decision 044): by the link in every mail to the customer.
  .get('/manage', rateLimited('token'), validate('query', manageTokenQuerySchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    return c.json(
      await getManagedBooking({
        db,
        secret: config.authSecret,
        token: c.req.valid('query').token,
        now: clock.now(),
      }),
    );
  })
  .get('/manage/calendar.ics', rateLimited('token'), validate('query', manageTokenQuerySchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    const { code, calendar } = await getManagedBookingCalendar({
      db,
      secret: config.authSecret,
      token: c.req.valid('query').token,
      now: clock.now(),
      manageLink: manageLinkFor(c.var.deps),
    });
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="reserva-${code}.ics"`);
    return c.body(calendar, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  })
  .post(
    '/confirm',
    requireSameOrigin,
    rateLimited('token'),
    validate('json', confirmBookingSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { token, action } = c.req.valid('json');
      return c.json(
        await answerBookingByToken({
          db,
          token,
          action,
          now: clock.now(),
          checkout: checkoutDeps(c.var.deps),
        }),
      );
    },
  );

/**
 * /api/vendor/bookings: the signed-in vendor's own appointments (owner checked: ARCHITECTURE §6), with
 * the answers confirm, decline and decline-and-block (issue 28).
 */
export const vendorBookingsRoutes = new Hono<AppEnv>()
  .get('/', requireVendor, async (c) => {
    const { db, clock } = c.var.deps;
    return c.json({
      items: await listVendorBookings({ db, vendorProfileId: c.var.vendorProfileId, now: clock.now() }),
    });
  })
  .post(
    '/:id/:action',
    requireVendor,
    requireSameOrigin,
    validate('param', vendorBookingParamSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { id, action } = c.req.valid('param');
      const options = {
        db,
        bookingId: id,
        vendorProfileId: c.var.vendorProfileId,
        now: clock.now(),
        checkout: checkoutDeps(c.var.deps),
      };
      return c.json(
        action === 'decline-and-block'
          ? await declineAndBlockForVendor(options)
          : await answerBookingForVendor({ ...options, action }),
      );
    },
  );

/** /api/me/bookings: the signed-in user's appointments (Job History). */
export const myBookingsRoutes = new Hono<AppEnv>().get('/bookings', requireUser, async (c) => {
  const { db, clock, config } = c.var.deps;
  const user = c.var.user;
  return c.json({
    items: await listMyBookings({
      db,
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
      now: clock.now(),
      secret: config.authSecret,
    }),
  });
});
