import { Hono } from 'hono';
import { vendorIdOrSlugParamSchema, vendorListQuerySchema } from '../../../shared/vendor.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { validate } from '../../lib/validate.ts';
import {
  getPublicVendor,
  listFeaturedVendors,
  listPublicVendors,
  listSimilarVendors,
} from './vendors.service.ts';

// DESIGN §6. `/featured` is registered before `/:idOrSlug`, so that it is never read as a slug.
export const vendorsRoutes = new Hono<AppEnv>()
  // The public lists are cached per instance until a vendor changes (decision 026).
  .get('/', validate('query', vendorListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const result = await c.var.publicLists.get(`list:${JSON.stringify(query)}`, () =>
      listPublicVendors(c.var.deps.db, query),
    );
    return c.json(result);
  })
  .get('/featured', async (c) => {
    const items = await c.var.publicLists.get('featured', () => listFeaturedVendors(c.var.deps.db));
    return c.json({ items });
  })
  .get('/:idOrSlug', validate('param', vendorIdOrSlugParamSchema), async (c) => {
    const vendor = await getPublicVendor(c.var.deps.db, c.req.valid('param'));
    return c.json(vendor);
  })
  .get('/:idOrSlug/similar', validate('param', vendorIdOrSlugParamSchema), async (c) => {
    const items = await listSimilarVendors(c.var.deps.db, c.req.valid('param'));
    return c.json({ items });
  });
