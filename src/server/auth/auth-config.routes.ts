import { Hono } from 'hono';
import type { AuthConfigResponse } from '../../shared/auth.schemas.ts';
import type { AppEnv } from '../app-env.ts';
import { usesDevMailbox } from '../integrations/mail/create-mail-transport.ts';

/**
 * GET /api/auth-config (public): what the sign-in screens may offer here, so that the Google
 * button explains itself when Google is not configured instead of failing (ARCHITECTURE §13).
 */
export const authConfigRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { config } = c.var.deps;
  const body: AuthConfigResponse = { google: Boolean(config.google), devMailbox: usesDevMailbox(config) };
  return c.json(body);
});
