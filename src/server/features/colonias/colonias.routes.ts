import { Hono } from 'hono';
import { COLONIA_RESULTS, type ColoniaSearchResponse, coloniaQuerySchema } from '../../../shared/colonias.ts';
import type { AppEnv } from '../../app-env.ts';
import { validate } from '../../lib/validate.ts';
import { colonias } from './colonias-catalogue.ts';

/**
 * The catalogue changes only with a deploy (decision 073): browsers and caches may keep an answer
 * a day, and serve it a week while they ask again.
 */
export const COLONIAS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

// ARCHITECTURE §6: GET /api/colonias?q=&limit= → { items: [{ name, alcaldia, postal_codes, label }] },
// public — the pickers of service areas and the colonia filter, and the booking form's postal code.
export const coloniasRoutes = new Hono<AppEnv>().get('/', validate('query', coloniaQuerySchema), (c) => {
  const { q, limit } = c.req.valid('query');
  const body: ColoniaSearchResponse = { items: colonias().search(q, limit ?? COLONIA_RESULTS.default) };
  c.header('Cache-Control', COLONIAS_CACHE_CONTROL);
  return c.json(body);
});
