import { Hono } from 'hono';
import {
  adminCustomerInputSchema,
  adminCustomerUpdateSchema,
  adminListQuerySchema,
  adminVendorInputSchema,
  adminVendorUpdateSchema,
  availabilityWindowsCreateSchema,
  availabilityWindowsQuerySchema,
  availabilityWindowUpdateSchema,
  idParamSchema,
} from '../../../shared/admin.schemas.ts';
import {
  adminBookingsFilterSchema,
  adminBookingsQuerySchema,
  adminCancelBookingSchema,
  adminMarkRefundedSchema,
} from '../../../shared/admin-bookings.schemas.ts';
import { pendingChangeDecisionSchema } from '../../../shared/vendor-changes.schemas.ts';
import { reviewQueueQuerySchema, vendorReviewInputSchema } from '../../../shared/vendor-review.schemas.ts';
import type { AppDeps, AppEnv } from '../../app-env.ts';
import { requireAdmin } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import {
  createAvailabilityWindows,
  deleteAvailabilityWindow,
  listAvailabilityWindows,
  updateAvailabilityWindow,
} from './admin-availability.service.ts';
import {
  cancelAdminBooking,
  getAdminBooking,
  listAdminBookings,
  markRefundedAdminBooking,
  refundAdminBooking,
  resendAdminPaymentLink,
} from './admin-bookings.service.ts';
import { adminBookingsCsvStream, csvFileName } from './admin-bookings-csv.ts';
import { decidePendingChange, listPendingChanges, listRecentChanges } from './admin-changes.service.ts';
import {
  createAdminCustomer,
  deleteAdminCustomer,
  listAdminCustomers,
  updateAdminCustomer,
} from './admin-customers.service.ts';
import { listReviewQueue, reviewVendor } from './admin-review.service.ts';
import { getAdminStats } from './admin-stats.service.ts';
import {
  approveVendorClaim,
  createAdminVendor,
  deleteAdminVendor,
  listAdminVendors,
  listUnreadablePhones,
  updateAdminVendor,
} from './admin-vendors.service.ts';

/**
 * /api/admin (ARCHITECTURE §6): the admin dashboard. product §6 checks the role on the client only; here
 * every call is checked against user_roles (ARCHITECTURE §10, §12), and mutations need our Origin.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/stats', async (c) => c.json(await getAdminStats(c.var.deps.db, { now: c.var.deps.clock.now() })))

  // The review queue (decision 048), registered before `/vendors/:id…`.
  .get('/vendors/review', validate('query', reviewQueueQuerySchema), async (c) =>
    c.json(await listReviewQueue(c.var.deps.db, c.req.valid('query'))),
  )
  .post(
    '/vendors/:id/review',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', vendorReviewInputSchema),
    async (c) =>
      c.json(
        await reviewVendor(c.var.deps.db, {
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
          now: c.var.deps.clock.now(),
          appUrl: c.var.deps.config.appUrl,
        }),
      ),
  )
  // Edits of approved vendors (decision 055): identity changes to decide, descriptive ones published.
  .get('/vendors/pending-changes', validate('query', reviewQueueQuerySchema), async (c) =>
    c.json(await listPendingChanges(c.var.deps.db, c.req.valid('query'))),
  )
  .get('/vendors/recent-changes', validate('query', reviewQueueQuerySchema), async (c) =>
    c.json(await listRecentChanges(c.var.deps.db, c.req.valid('query'))),
  )
  .post(
    '/vendors/:id/pending-change',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', pendingChangeDecisionSchema),
    async (c) =>
      c.json(
        await decidePendingChange(c.var.deps.db, {
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
          now: c.var.deps.clock.now(),
          appUrl: c.var.deps.config.appUrl,
        }),
      ),
  )
  // Phones the repair after migrate could not read (db/phone-repair.ts), before `/vendors/:id…`.
  .get('/vendors/unreadable-phones', async (c) => c.json(await listUnreadablePhones(c.var.deps.db)))
  .get('/vendors', validate('query', adminListQuerySchema), async (c) =>
    c.json(await listAdminVendors(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/vendors', requireSameOrigin, validate('json', adminVendorInputSchema), async (c) =>
    c.json(await createAdminVendor(c.var.deps.db, { input: c.req.valid('json') }), 201),
  )
  .patch(
    '/vendors/:id',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', adminVendorUpdateSchema),
    async (c) =>
      c.json(
        await updateAdminVendor(c.var.deps.db, { id: c.req.valid('param').id, input: c.req.valid('json') }),
      ),
  )
  .delete('/vendors/:id', requireSameOrigin, validate('param', idParamSchema), async (c) =>
    c.json(await deleteAdminVendor(c.var.deps.db, { id: c.req.valid('param').id })),
  )
  .post('/vendors/:id/approve-claim', requireSameOrigin, validate('param', idParamSchema), async (c) =>
    c.json(
      await approveVendorClaim(c.var.deps.db, { id: c.req.valid('param').id, now: c.var.deps.clock.now() }),
    ),
  )

  .get('/customers', validate('query', adminListQuerySchema), async (c) =>
    c.json(await listAdminCustomers(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/customers', requireSameOrigin, validate('json', adminCustomerInputSchema), async (c) =>
    c.json(await createAdminCustomer(c.var.deps.db, { input: c.req.valid('json') }), 201),
  )
  .patch(
    '/customers/:id',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', adminCustomerUpdateSchema),
    async (c) =>
      c.json(
        await updateAdminCustomer(c.var.deps.db, { id: c.req.valid('param').id, input: c.req.valid('json') }),
      ),
  )
  .delete('/customers/:id', requireSameOrigin, validate('param', idParamSchema), async (c) =>
    c.json(await deleteAdminCustomer(c.var.deps.db, { id: c.req.valid('param').id })),
  )

  .get('/availability-windows', validate('query', availabilityWindowsQuerySchema), async (c) =>
    c.json(
      await listAvailabilityWindows(c.var.deps.db, {
        vendorProfileId: c.req.valid('query').vendor_profile_id,
      }),
    ),
  )
  .post(
    '/availability-windows',
    requireSameOrigin,
    validate('json', availabilityWindowsCreateSchema),
    async (c) =>
      c.json(
        await createAvailabilityWindows(c.var.deps.db, {
          input: c.req.valid('json'),
          now: c.var.deps.clock.now(),
        }),
        201,
      ),
  )
  .patch(
    '/availability-windows/:id',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', availabilityWindowUpdateSchema),
    async (c) =>
      c.json(
        await updateAvailabilityWindow(c.var.deps.db, {
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
          now: c.var.deps.clock.now(),
        }),
      ),
  )
  .delete('/availability-windows/:id', requireSameOrigin, validate('param', idParamSchema), async (c) =>
    c.json(await deleteAvailabilityWindow(c.var.deps.db, { id: c.req.valid('param').id })),
  )

  // The Bookings tab (decision 049).
  .get('/bookings', validate('query', adminBookingsQuerySchema), async (c) =>
    c.json(
      await listAdminBookings(c.var.deps.db, { query: c.req.valid('query'), now: c.var.deps.clock.now() }),
    ),
  )
  .get('/bookings.csv', validate('query', adminBookingsFilterSchema), (c) => {
    const now = c.var.deps.clock.now();
    return c.body(adminBookingsCsvStream({ db: c.var.deps.db, filter: c.req.valid('query'), now }), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(now)}"`,
    });
  })
  .get('/bookings/:id', validate('param', idParamSchema), async (c) =>
    c.json(
      await getAdminBooking(c.var.deps.db, { id: c.req.valid('param').id, now: c.var.deps.clock.now() }),
    ),
  )
  .post(
    '/bookings/:id/cancel',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', adminCancelBookingSchema),
    async (c) =>
      c.json(
        await cancelAdminBooking({
          ...adminBookingAction(c.var.deps, c.req.valid('param').id),
          reason: c.req.valid('json').reason,
        }),
      ),
  )
  .post('/bookings/:id/refund', requireSameOrigin, validate('param', idParamSchema), async (c) =>
    c.json(await refundAdminBooking(adminBookingAction(c.var.deps, c.req.valid('param').id))),
  )
  .post(
    '/bookings/:id/mark-refunded',
    requireSameOrigin,
    validate('param', idParamSchema),
    validate('json', adminMarkRefundedSchema),
    async (c) =>
      c.json(
        await markRefundedAdminBooking({
          ...adminBookingAction(c.var.deps, c.req.valid('param').id),
          reference: c.req.valid('json').reference,
        }),
      ),
  )
  .post('/bookings/:id/resend-payment-link', requireSameOrigin, validate('param', idParamSchema), async (c) =>
    c.json(await resendAdminPaymentLink(adminBookingAction(c.var.deps, c.req.valid('param').id))),
  );

/** What the lifecycle's operations need to act on one booking for an admin. */
function adminBookingAction(deps: AppDeps, id: string) {
  return { db: deps.db, id, now: deps.clock.now(), checkout: checkoutDeps(deps) };
}
