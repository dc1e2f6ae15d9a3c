import { Hono } from 'hono';
import {
  adminPayoutInputSchema,
  adminPayoutsQuerySchema,
  payoutAccountInputSchema,
} from '../../../shared/payout.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireAdmin, requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { ledgerCsvFileName, ledgerCsvStream } from '../ledger/ledger-csv.ts';
import {
  getVendorEarnings,
  listAdminPayouts,
  recordSpeiPayout,
  savePayoutAccount,
} from './payouts.service.ts';
import { startStripeOnboarding } from './stripe-payouts.ts';

// ARCHITECTURE §6.3, §7.1: /api/vendor/earnings and /payout-account (the vendor signed in: its id
// comes from the session), /api/admin/payouts, /api/admin/ledger/check and /ledger.csv (admins).

export const vendorEarningsRoutes = new Hono<AppEnv>()
  .get('/earnings', requireVendor, async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(
      await getVendorEarnings(db, {
        vendorProfileId: c.var.vendorProfileId,
        now: clock.now(),
        settings: config.payouts,
        stripeConnect: Boolean(c.var.deps.payments.connect),
      }),
    );
  })
  .post('/payout-account/stripe', requireSameOrigin, requireVendor, async (c) => {
    const { db, clock, config, payments } = c.var.deps;
    return c.json(
      await startStripeOnboarding(db, {
        vendorProfileId: c.var.vendorProfileId,
        connect: payments.connect,
        appUrl: config.appUrl,
        now: clock.now(),
      }),
    );
  })
  .put(
    '/payout-account',
    requireSameOrigin,
    requireVendor,
    validate('json', payoutAccountInputSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      return c.json(
        await savePayoutAccount(db, {
          vendorProfileId: c.var.vendorProfileId,
          input: c.req.valid('json'),
          now: clock.now(),
        }),
      );
    },
  );

export const adminPayoutRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/payouts', validate('query', adminPayoutsQuerySchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(
      await listAdminPayouts(db, {
        status: c.req.valid('query').status,
        now: clock.now(),
        settings: config.payouts,
      }),
    );
  })
  .post('/payouts', requireSameOrigin, validate('json', adminPayoutInputSchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    const payout = await recordSpeiPayout(db, {
      input: c.req.valid('json'),
      adminId: c.var.user!.id,
      now: clock.now(),
      settings: config.payouts,
      appUrl: config.appUrl,
    });
    return c.json(payout, 201);
  })
  .get('/ledger/check', async (c) => c.json(await checkLedger(c.var.deps.db)))
  .get('/ledger.csv', (c) =>
    c.body(ledgerCsvStream({ db: c.var.deps.db }), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ledgerCsvFileName(c.var.deps.clock.now())}"`,
    }),
  );
