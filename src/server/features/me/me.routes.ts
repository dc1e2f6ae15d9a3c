import { Hono } from 'hono';
import { updateProfileSchema } from '../../../shared/profile.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireUser } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { validate } from '../../lib/validate.ts';
import { getMe, updateMyProfile } from './me.service.ts';

/** /api/me — the signed-in user's own data (ARCHITECTURE §6). The user comes from the session only. */
export const meRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    return c.json(
      await getMe(c.var.deps.db, { user: c.var.user, sessionExpiresAt: c.var.session.expiresAt }),
    );
  })
  .put('/profile', requireUser, requireSameOrigin, validate('json', updateProfileSchema), async (c) => {
    return c.json(await updateMyProfile(c.var.deps.db, { user: c.var.user, input: c.req.valid('json') }));
  });
