import { Hono } from 'hono';
import {
  myBookingAvailabilityQuerySchema,
  vendorBookingIdSchema,
  vendorCancelBookingSchema,
  vendorDeclineBookingSchema,
  vendorProposeTimeSchema,
} from '../../../shared/booking.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { checkoutDeps, manageLinkFor } from '../booking-lifecycle/booking-checkout.ts';
import { declineForVendor, proposalSlots, proposeByVendor } from '../booking-lifecycle/proposals.ts';
import { cancelByVendor, markOutcome } from '../booking-lifecycle/vendor-actions.ts';

/**
 * /api/vendor/bookings/:id/… : the signed-in vendor's actions on a booking already agreed
 * (decision 094), its proposal of another time and the decline with a reason (decision 096),
 * mounted before the answers' `/:id/:action` so that these names reach them.
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
  )
  .post(
    '/:id/propose',
    requireVendor,
    requireSameOrigin,
    validate('param', vendorBookingIdSchema),
    validate('json', vendorProposeTimeSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      return c.json(
        await proposeByVendor({
          db,
          bookingId: c.req.valid('param').id,
          vendorProfileId: c.var.vendorProfileId,
          now: clock.now(),
          start: new Date(c.req.valid('json').startTime),
          manageLink: manageLinkFor(c.var.deps),
        }),
      );
    },
  )
  .post(
    '/:id/decline',
    requireVendor,
    requireSameOrigin,
    validate('param', vendorBookingIdSchema),
    validate('json', vendorDeclineBookingSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { reason, proposeStartTime } = c.req.valid('json');
      return c.json(
        await declineForVendor({
          db,
          bookingId: c.req.valid('param').id,
          vendorProfileId: c.var.vendorProfileId,
          now: clock.now(),
          checkout: checkoutDeps(c.var.deps),
          reason,
          offeredStart: proposeStartTime ? new Date(proposeStartTime) : undefined,
        }),
      );
    },
  )
  .get(
    '/:id/proposal-slots',
    requireVendor,
    validate('param', vendorBookingIdSchema),
    validate('query', myBookingAvailabilityQuerySchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { from, to } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(
        await proposalSlots({
          db,
          bookingId: c.req.valid('param').id,
          vendorProfileId: c.var.vendorProfileId,
          now: clock.now(),
          from,
          to,
        }),
      );
    },
  );
