import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { startVendorClaimSchema, verifyVendorClaimSchema } from '../../../shared/vendor-claim.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { getVendorClaimState, startVendorClaim, verifyVendorClaim } from './vendor-claims.service.ts';

/**
 * Per account (decision 035): 5 codes and 20 tries an hour, besides each code's own 5 tries, so an
 * account guesses at most 20 of the million codes an hour and cannot flood a phone or an inbox.
 */
const claimLimits = { start: { max: 5, windowMs: 60 * 60_000 }, verify: { max: 20, windowMs: 60 * 60_000 } };

function claimRateLimit(name: keyof typeof claimLimits) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db, clock, config } = c.var.deps;
    const user = c.var.user;
    if (config.rateLimits && user) {
      await consumeRateLimit({
        db,
        key: `vendor.claim.${name}:${user.id}`,
        ...claimLimits[name],
        now: clock.now(),
      });
    }
    await next();
  });
}

/** /api/vendor/claim: claim an admin-created profile with a one-time code. */
export const vendorClaimsRoutes = new Hono<AppEnv>()
  .get('/', requireVendor, async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(
      await getVendorClaimState({
        whatsappDelivers: config.whatsapp.delivers,
        db,
        userId: c.var.user.id,
        vendorProfileId: c.var.vendorProfileId,
        now: clock.now(),
      }),
    );
  })
  .post(
    '/start',
    requireVendor,
    requireSameOrigin,
    claimRateLimit('start'),
    validate('json', startVendorClaimSchema),
    async (c) => {
      const { db, clock, config } = c.var.deps;
      return c.json(
        await startVendorClaim({
          whatsappDelivers: config.whatsapp.delivers,
          db,
          userId: c.var.user.id,
          vendorProfileId: c.var.vendorProfileId,
          now: clock.now(),
          channel: c.req.valid('json').channel,
          authSecret: config.authSecret,
        }),
        201,
      );
    },
  )
  .post(
    '/verify',
    requireVendor,
    requireSameOrigin,
    claimRateLimit('verify'),
    validate('json', verifyVendorClaimSchema),
    async (c) => {
      const { db, clock, config } = c.var.deps;
      return c.json(
        await verifyVendorClaim({
          db,
          userId: c.var.user.id,
          vendorProfileId: c.var.vendorProfileId,
          now: clock.now(),
          code: c.req.valid('json').code,
          authSecret: config.authSecret,
        }),
      );
    },
  );
