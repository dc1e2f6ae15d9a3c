import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/app-error.ts';
import { validate } from '../lib/validate.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { MAGIC_LINK_PAGE } from './magic-link-page.ts';

// The magic link signs in only from a button on our own page (decision 054). A GET that signs in
// lets another site sign a visitor into the attacker's account (login CSRF) and lets a mail
// scanner that opens links spend them; so the mailed link opens /auth/magic-link, and its one
// button POSTs the token here, under requireSameOrigin like every POST to /api/auth.

/** The answer when better-auth does not know the token: never issued, already used, or expired. */
export const MAGIC_LINK_SPENT_MESSAGE = 'This sign-in link is invalid, was already used or has expired.';

const verifyBodySchema = z.object({ token: z.string().trim().min(1).max(256) }).strict();
const legacyQuerySchema = z.object({
  token: z.string().max(256).optional(),
  callbackURL: z.string().optional(),
});

/**
 * Registered before better-auth's own handler (mount-auth.ts), so that its GET verify is never
 * reached from outside:
 * - GET: a link mailed before the page existed opens the page with its token; nothing is spent.
 * - POST {token}: better-auth's verification, called in-process, so that the token is checked,
 *   consumed at once and the account created exactly as the library does it; its cookie is passed
 *   on. A token it refuses is 410 with a sentence the page shows.
 */
export function mountMagicLinkVerify(
  app: Hono<AppEnv>,
  handle: (c: Context<AppEnv>, request: Request) => Promise<Response>,
) {
  const VERIFY_PATH = `${AUTH_BASE_PATH}/magic-link/verify`;
  app.get(VERIFY_PATH, (c) => {
    const parsed = legacyQuerySchema.safeParse(c.req.query());
    const token = parsed.success ? parsed.data.token : undefined;
    const back = parsed.success ? parsed.data.callbackURL : undefined;
    const query = new URLSearchParams();
    if (token) query.set('token', token);
    if (back && back !== '/') query.set('redirectTo', back);
    const search = query.toString();
    return c.redirect(search ? `${MAGIC_LINK_PAGE}?${search}` : MAGIC_LINK_PAGE, 303);
  });

  app.post(VERIFY_PATH, validate('json', verifyBodySchema), async (c) => {
    const url = new URL(VERIFY_PATH, c.req.url);
    url.searchParams.set('token', c.req.valid('json').token);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    const answer = await handle(c, new Request(url, { method: 'GET', headers }));
    // Without a callbackURL better-auth answers a good token with JSON (the session and its
    // token, which the page has no use for: only the cookie goes on) and a bad one by redirecting
    // to "/?error=…".
    if (answer.status === 200) {
      for (const cookie of answer.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
      return c.json({ status: true });
    }
    if (answer.status >= 300 && answer.status < 400)
      throw new AppError('gone', MAGIC_LINK_SPENT_MESSAGE).because('magic_link_spent');
    return answer;
  });
}
