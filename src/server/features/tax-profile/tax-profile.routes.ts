import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { getTaxProfile, saveTaxProfile } from './tax-profile.service.ts';
import { taxProfileServerSchema } from './tax-profile-input.ts';

// ARCHITECTURE §6.3: /api/vendor/tax-profile — the signed-in vendor's own tax data (decision 098);
// requireVendor takes the vendor from the session, never from the request.
export const taxProfileRoutes = new Hono<AppEnv>()
  .get('/', requireVendor, async (c) => c.json(await getTaxProfile(c.var.deps.db, c.var.vendorProfileId)))
  .put('/', requireSameOrigin, requireVendor, validate('json', taxProfileServerSchema), async (c) => {
    const { db, clock } = c.var.deps;
    return c.json(
      await saveTaxProfile(db, {
        vendorProfileId: c.var.vendorProfileId,
        input: c.req.valid('json'),
        now: clock.now(),
      }),
    );
  });
