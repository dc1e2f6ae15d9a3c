import { Hono } from 'hono';
import { vendorBookingIdSchema, vendorCancelBookingSchema } from '../../../shared/booking.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { cancelByVendor, markOutcome } from '../booking-lifecycle/vendor-actions.ts';

/**
 * /api/vendor/bookings/:id/… : the signed-in vendor's actions on a booking already agreed
 * (decision 094), mounted before the answers' `/:id/:action` so that these names reach them.
 */
export const vendorBookingActionsRoutes = new Hono<AppEnv>()
  .post(
    '/:id/cancel',
    requireVendor,
    requireSameOrigin,
    validate('param', vendorBookingIdSchema),
    validate('json', vendorCancelBookingSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      return c.json(
        await cancelByVendor({
          db,
          bookingId: c.req.valid('param').id,
          vendorProfileId: c.var.vendorProfileId,
          now: clock.now(),
          checkout: checkoutDeps(c.var.deps),
          reason: c.req.valid('json').reason,
        }),
      );
    },
  )
  .post(
    '/:id/complete',
    requireVendor,
    requireSameOrigin,
    validate('param', vendorBookingIdSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const options = { db, bookingId: c.req.valid('param').id, vendorProfileId: c.var.vendorProfileId };
      return c.json(await markOutcome({ ...options, now: clock.now(), outcome: 'completed' }));
    },
  )
  .post(
    '/:id/no-show',
    requireVendor,
    requireSameOrigin,
    validate('param', vendorBookingIdSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const options = { db, bookingId: c.req.valid('param').id, vendorProfileId: c.var.vendorProfileId };
      return c.json(await markOutcome({ ...options, now: clock.now(), outcome: 'no_show' }));
    },
  );
