import { Hono } from 'hono';
import { availabilityQuerySchema } from '../../../shared/availability/availability.schemas.ts';
import { vendorIdOrSlugParamSchema } from '../../../shared/vendor.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { seesUnlistedVendor } from '../../auth/roles.service.ts';
import { validate } from '../../lib/validate.ts';
import { computeAvailability } from './availability.service.ts';

// ARCHITECTURE §6: GET /api/vendors/:idOrSlug/availability?serviceId=&from=&to= (compute-availability).
// Mounted at /vendors beside the vendors routes; Hono tells the paths apart by their segments.
export const availabilityRoutes = new Hono<AppEnv>().get(
  '/:idOrSlug/availability',
  validate('param', vendorIdOrSlugParamSchema),
  validate('query', availabilityQuerySchema),
  async (c) => {
    const { idOrSlug } = c.req.valid('param');
    const { serviceId, from, to } = c.req.valid('query');
    const { db, clock } = c.var.deps;
    const result = await computeAvailability({
      db,
      idOrSlug,
      serviceId,
      from,
      to,
      now: clock.now(),
      seesUnlisted: (vendorProfileId) => seesUnlistedVendor(db, c.var.user?.id, vendorProfileId),
    });
    return c.json(result);
  },
);
