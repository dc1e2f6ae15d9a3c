import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  confirmBookingSchema,
  confirmTokenQuerySchema,
  createBookingSchema,
  manageAvailabilityQuerySchema,
  manageCancelSchema,
  manageProposalSchema,
  manageRescheduleSchema,
  manageTokenQuerySchema,
  myBookingAvailabilityQuerySchema,
  myBookingCancelSchema,
  myBookingParamSchema,
  myBookingRescheduleSchema,
  vendorBookingParamSchema,
} from '../../../shared/booking.schemas.ts';
import { requestLanguage } from '../../../shared/language.ts';
import { agendaQuerySchema } from '../../../shared/vendor-agenda.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireUser, requireVendor, type SignedIn } from '../../auth/guards.ts';
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
import { requesterKeyOf } from '../booking-lifecycle/request-caps.ts';
import {
  acceptBookingProposal,
  bookingRescheduleSlots,
  cancelBooking,
  getBookingByToken,
  getManagedBooking,
  getManagedBookingCalendar,
  getMyBooking,
  listMyBookings,
  listVendorBookings,
  rejectBookingProposal,
  rescheduleBooking,
} from './bookings.service.ts';
import { vendorAgenda, vendorStats } from './vendor-agenda.ts';

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
      language: requestLanguage({
        cookie: c.req.header('cookie'),
        acceptLanguage: c.req.header('accept-language'),
      }),
      checkout: checkoutDeps(c.var.deps),
      instantHoldMinutes: config.instantHoldMinutes,
    });
    return c.json(result, 201);
  })
  .get('/confirm', rateLimited('token'), validate('query', confirmTokenQuerySchema), async (c) => {
    const { db, clock } = c.var.deps;
    return c.json(await getBookingByToken({ db, token: c.req.valid('query').token, now: clock.now() }));
  })
  // The customer's booking page (decision 044): by the link in every mail to the customer.
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
  // The customer's own changes (decision 046): each answers the booking as it now stands.
  .post(
    '/manage/cancel',
    requireSameOrigin,
    rateLimited('token'),
    validate('json', manageCancelSchema),
    async (c) => {
      const { token, reason } = c.req.valid('json');
      return c.json(await cancelBooking({ ...changeDeps(c), ref: { token }, note: reason }));
    },
  )
  .post(
    '/manage/reschedule',
    requireSameOrigin,
    rateLimited('token'),
    validate('json', manageRescheduleSchema),
    async (c) => {
      const { token, startTime } = c.req.valid('json');
      return c.json(await rescheduleBooking({ ...changeDeps(c), ref: { token }, startTime }));
    },
  )
  // The customer's answer to the vendor's proposed time (decision 096).
  .post(
    '/manage/accept-proposal',
    requireSameOrigin,
    rateLimited('token'),
    validate('json', manageProposalSchema),
    async (c) => {
      const { token, proposedStartTime } = c.req.valid('json');
      return c.json(await acceptBookingProposal({ ...changeDeps(c), ref: { token }, proposedStartTime }));
    },
  )
  .post(
    '/manage/reject-proposal',
    requireSameOrigin,
    rateLimited('token'),
    validate('json', manageProposalSchema),
    async (c) => {
      const { token, proposedStartTime } = c.req.valid('json');
      return c.json(await rejectBookingProposal({ ...changeDeps(c), ref: { token }, proposedStartTime }));
    },
  )
  .get(
    '/manage/availability',
    rateLimited('token'),
    validate('query', manageAvailabilityQuerySchema),
    async (c) => {
      const { token, from, to } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await bookingRescheduleSlots({ ...changeDeps(c), ref: { token }, from, to }));
    },
  )
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
 * the answers confirm, decline and decline-and-block.
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

/**
 * /api/vendor/agenda and /api/vendor/stats (decision 093): the signed-in vendor's bookings by days and
 * filter, and the month's numbers. Reads only.
 */
export const vendorAgendaRoutes = new Hono<AppEnv>()
  .get('/agenda', requireVendor, validate('query', agendaQuerySchema), async (c) => {
    const { db, clock } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    return c.json(
      await vendorAgenda({
        db,
        vendorProfileId: c.var.vendorProfileId,
        now: clock.now(),
        query: c.req.valid('query'),
      }),
    );
  })
  .get('/stats', requireVendor, async (c) => {
    const { db, clock } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    return c.json(await vendorStats({ db, vendorProfileId: c.var.vendorProfileId, now: clock.now() }));
  });

/** What a customer's change needs from the app: database, clock, the secret links are made with, payments. */
function changeDeps<E extends AppEnv>(c: Context<E>) {
  const { db, clock, config } = c.var.deps;
  return { db, now: clock.now(), secret: config.authSecret, checkout: checkoutDeps(c.var.deps) };
}

/** The signed-in customer, as the bookings' reads and changes know them. */
function bookingUser(c: Context<AppEnv & SignedIn>) {
  const user = c.var.user;
  return { id: user.id, email: user.email, emailVerified: user.emailVerified };
}

/**
 * /api/me/bookings: the signed-in user's appointments (Job History), and each one's page and changes
 * without the link; someone else's booking is 404, like an unknown one.
 */
export const myBookingsRoutes = new Hono<AppEnv>()
  .get('/bookings', requireUser, async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json({
      items: await listMyBookings({ db, user: bookingUser(c), now: clock.now(), secret: config.authSecret }),
    });
  })
  .get('/bookings/:id', requireUser, validate('param', myBookingParamSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const ref = { user: bookingUser(c), id: c.req.valid('param').id };
    return c.json(await getMyBooking({ ...changeDeps(c), ref }));
  })
  .get(
    '/bookings/:id/availability',
    requireUser,
    validate('param', myBookingParamSchema),
    validate('query', myBookingAvailabilityQuerySchema),
    async (c) => {
      const ref = { user: bookingUser(c), id: c.req.valid('param').id };
      const { from, to } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await bookingRescheduleSlots({ ...changeDeps(c), ref, from, to }));
    },
  )
  .post(
    '/bookings/:id/cancel',
    requireUser,
    requireSameOrigin,
    validate('param', myBookingParamSchema),
    validate('json', myBookingCancelSchema),
    async (c) => {
      const ref = { user: bookingUser(c), id: c.req.valid('param').id };
      return c.json(await cancelBooking({ ...changeDeps(c), ref, note: c.req.valid('json').reason }));
    },
  )
  .post(
    '/bookings/:id/reschedule',
    requireUser,
    requireSameOrigin,
    validate('param', myBookingParamSchema),
    validate('json', myBookingRescheduleSchema),
    async (c) => {
      const ref = { user: bookingUser(c), id: c.req.valid('param').id };
      const { startTime } = c.req.valid('json');
      return c.json(await rescheduleBooking({ ...changeDeps(c), ref, startTime }));
    },
  );
