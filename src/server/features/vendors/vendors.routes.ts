import { Hono } from 'hono';
import { vendorListQuerySchema } from '../../../shared/vendor.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { validate } from '../../lib/validate.ts';
import { listPublicVendors } from './vendors.service.ts';

export const vendorsRoutes = new Hono<AppEnv>().get(
  '/',
  validate('query', vendorListQuerySchema),
  async (c) => {
    const result = await listPublicVendors(c.var.deps.db, c.req.valid('query'));
    return c.json(result);
  },
);
