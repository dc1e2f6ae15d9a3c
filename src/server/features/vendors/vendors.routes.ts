import type { Context } from 'hono';
import { Hono } from 'hono';
import { searchTimes } from '../../../shared/search-query.ts';
import {
  vendorIdOrSlugParamSchema,
  vendorListQuerySchema,
  vendorSuggestQuerySchema,
} from '../../../shared/vendor.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { seesUnlistedVendor } from '../../auth/roles.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendJson, serialiseJson } from '../../lib/serialised-json.ts';
import { validate } from '../../lib/validate.ts';
import { colonias } from '../colonias/colonias-catalogue.ts';
import { suggestVendors } from './vendor-suggest.ts';
import {
  getPublicVendor,
  listFeaturedVendors,
  listPublicVendors,
  listSimilarVendors,
  type SeesUnlisted,
} from './vendors.service.ts';

/** The colonia filter's colonia as the catalogue writes it; a 400 naming the field for one it lacks. */
function knownColonia(colonia: string): string {
  const known = colonias().canonicalArea(colonia);
  if (known) return known;
  throw new AppError('validation_failed', 'Invalid query (colonia): Unknown colonia', [
    { path: 'colonia', message: 'Unknown colonia' },
  ]);
}

/** Decision 048: the signed-in owner of an unapproved vendor, and admins, see it; nobody else. */
function seesUnlistedOf(c: Context<AppEnv>): SeesUnlisted {
  return (vendorProfileId) => seesUnlistedVendor(c.var.deps.db, c.var.user?.id, vendorProfileId);
}

// ARCHITECTURE §6. `/suggest` and `/featured` are registered before `/:idOrSlug`, so that they are
// never read as a slug.
export const vendorsRoutes = new Hono<AppEnv>()
  // The public lists are cached per instance until a vendor changes (decision 026), serialised.
  .get('/', validate('query', vendorListQuerySchema), async (c) => {
    const query = { ...c.req.valid('query') };
    // A colonia of the whole city's catalogue, as the catalogue writes it (decision 073).
    if (query.colonia !== undefined) query.colonia = knownColonia(query.colonia);
    // A day's availability changes with every booking: lists that ask for it ("available on", a
    // search's time words) are not kept with the others, which change only with vendors; they are
    // computed fresh (decision 085).
    if (query.available_on || searchTimes(query.q ?? '').length > 0) {
      const openOn = { now: c.var.deps.clock.now() };
      return sendJson(c, serialiseJson(await listPublicVendors(c.var.deps.db, query, openOn)));
    }
    const json = await c.var.publicLists.get(`list:${JSON.stringify(query)}`, async () =>
      serialiseJson(await listPublicVendors(c.var.deps.db, query)),
    );
    return sendJson(c, json);
  })
  .get('/suggest', validate('query', vendorSuggestQuerySchema), async (c) => {
    const { q } = c.req.valid('query');
    const json = await c.var.publicLists.get(`suggest:${q.toLowerCase()}`, async () =>
      serialiseJson(await suggestVendors(c.var.deps.db, q)),
    );
    return sendJson(c, json);
  })
  .get('/featured', async (c) => {
    const json = await c.var.publicLists.get('featured', async () =>
      serialiseJson({ items: await listFeaturedVendors(c.var.deps.db) }),
    );
    return sendJson(c, json);
  })
  .get('/:idOrSlug', validate('param', vendorIdOrSlugParamSchema), async (c) => {
    const vendor = await getPublicVendor(c.var.deps.db, {
      ...c.req.valid('param'),
      seesUnlisted: seesUnlistedOf(c),
      now: c.var.deps.clock.now(),
    });
    return c.json(vendor);
  })
  .get('/:idOrSlug/similar', validate('param', vendorIdOrSlugParamSchema), async (c) => {
    const items = await listSimilarVendors(c.var.deps.db, {
      ...c.req.valid('param'),
      seesUnlisted: seesUnlistedOf(c),
    });
    return c.json({ items });
  });
