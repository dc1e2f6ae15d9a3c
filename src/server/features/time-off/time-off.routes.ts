import { Hono } from 'hono';
import { timeOffCreateSchema, timeOffIdParamSchema } from '../../../shared/time-off.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { createTimeOff, deleteTimeOff, listTimeOff } from './time-off.service.ts';

// ARCHITECTURE §6: /api/vendor/time-off — the signed-in vendor's own time off (decision 090);
// requireVendor takes the vendor from the session, never from the request.
export const timeOffRoutes = new Hono<AppEnv>()
  .get('/', requireVendor, async (c) => {
    const { db, clock } = c.var.deps;
    return c.json(await listTimeOff(db, c.var.vendorProfileId, clock.now()));
  })
  .post('/', requireVendor, requireSameOrigin, validate('json', timeOffCreateSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const created = await createTimeOff(db, {
      vendorProfileId: c.var.vendorProfileId,
      input: c.req.valid('json'),
      now: clock.now(),
    });
    return c.json(created, 201);
  })
  .delete('/:id', requireVendor, requireSameOrigin, validate('param', timeOffIdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await deleteTimeOff(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId, id });
    return c.json({ id });
  });
