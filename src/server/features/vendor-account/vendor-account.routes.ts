import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  serviceIdParamSchema,
  vendorProfilePatchSchema,
  vendorServicePatchSchema,
  vendorServiceSchema,
  vendorSignupSchema,
} from '../../../shared/vendor-signup.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { knownServiceAreas } from '../colonias/colonias-catalogue.ts';
import {
  createVendorService,
  deactivateVendorService,
  getVendorAccountProfile,
  listVendorServices,
  updateVendorAccountProfile,
  updateVendorService,
} from './vendor-profile.service.ts';
import { createVendorSignup } from './vendor-signup.service.ts';

/**
 * ARCHITECTURE §10: sign-up is rate limited. This endpoint creates accounts outside better-auth's own
 * limiter, so it gets the same budget as better-auth's sign-up (10 a minute per client address,
 * decision 011), counted by the shared database limiter of the bookings feature.
 */
const signupRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { db, clock, config } = c.var.deps;
  if (config.rateLimits) {
    await consumeRateLimit({
      db,
      key: `vendor.signup:${clientAddress(c)}`,
      max: 10,
      windowMs: 60_000,
      now: clock.now(),
    });
  }
  await next();
});

// ARCHITECTURE §6: /api/vendor — the wizard's submit (anyone) and the vendor's own profile and services
// (a vendor: requireVendor sets c.var.vendorProfileId from the session, never from the request).
export const vendorAccountRoutes = new Hono<AppEnv>()
  .post('/signup', requireSameOrigin, signupRateLimit, validate('json', vendorSignupSchema), async (c) => {
    const { db, config } = c.var.deps;
    const user = c.var.user;
    const input = c.req.valid('json');
    const result = await createVendorSignup({
      db,
      input: { ...input, service_areas: knownServiceAreas(input.service_areas) },
      sessionUser: user
        ? { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified }
        : null,
      appUrl: config.appUrl,
      authSecret: config.authSecret,
      now: c.var.deps.clock.now(),
      whatsappDelivers: config.whatsapp.delivers,
    });
    return c.json(result, 201);
  })
  .get('/profile', requireVendor, async (c) => {
    return c.json(await getVendorAccountProfile(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId }));
  })
  .patch(
    '/profile',
    requireVendor,
    requireSameOrigin,
    validate('json', vendorProfilePatchSchema),
    async (c) => {
      const input = c.req.valid('json');
      if (input.service_areas !== undefined) input.service_areas = knownServiceAreas(input.service_areas);
      return c.json(
        await updateVendorAccountProfile(c.var.deps.db, {
          vendorProfileId: c.var.vendorProfileId,
          input,
          now: c.var.deps.clock.now(),
        }),
      );
    },
  )
  .get('/services', requireVendor, async (c) => {
    return c.json(await listVendorServices(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId }));
  })
  .post('/services', requireVendor, requireSameOrigin, validate('json', vendorServiceSchema), async (c) => {
    const input = c.req.valid('json');
    return c.json(
      await createVendorService(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId, input }),
      201,
    );
  })
  .patch(
    '/services/:id',
    requireVendor,
    requireSameOrigin,
    validate('param', serviceIdParamSchema),
    validate('json', vendorServicePatchSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(
        await updateVendorService(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId, id, input }),
      );
    },
  )
  .delete(
    '/services/:id',
    requireVendor,
    requireSameOrigin,
    validate('param', serviceIdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await deactivateVendorService(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId, id }),
      );
    },
  );
