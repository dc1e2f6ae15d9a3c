import { type Context, Hono } from 'hono';
import { calendarFeedParamSchema, calendarFeedTokenSchema } from '../../../shared/calendar-feed.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireVendor } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import {
  calendarFeed,
  getCalendarFeedState,
  rotateCalendarFeed,
  unknownFeed,
  vendorOfFeedToken,
} from './calendar-feed.service.ts';

// ARCHITECTURE §6.3, decision 091: /api/vendor/calendar-feed (the vendor signed in: the link's
// state and a new link) and /api/calendar/{token}.ics (whoever holds the link: calendar apps, which
// fetch without cookies).

/**
 * Per feed, not per address: Google fetches every subscribed feed from a few shared addresses, so
 * a per-address budget would let one vendor's calendar refuse another's. Unknown tokens are counted
 * per address, which only guessing runs into.
 */
const feedRateLimits = {
  feed: { max: 60, windowMs: 60 * 60_000 },
  unknown: { max: 30, windowMs: 60_000 },
} as const;

async function rateLimit(c: Context<AppEnv>, name: keyof typeof feedRateLimits, who: string) {
  const { db, clock, config } = c.var.deps;
  if (!config.rateLimits) return;
  await consumeRateLimit({ db, key: `calendar.${name}:${who}`, ...feedRateLimits[name], now: clock.now() });
}

export const vendorCalendarFeedRoutes = new Hono<AppEnv>()
  .get('/', requireVendor, async (c) => {
    return c.json(await getCalendarFeedState(c.var.deps.db, { vendorProfileId: c.var.vendorProfileId }));
  })
  .post('/rotate', requireVendor, requireSameOrigin, async (c) => {
    const { db, clock, config } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    return c.json(
      await rotateCalendarFeed(db, {
        vendorProfileId: c.var.vendorProfileId,
        now: clock.now(),
        appUrl: config.appUrl,
      }),
    );
  });

export const calendarFeedRoutes = new Hono<AppEnv>().get(
  '/:file',
  validate('param', calendarFeedParamSchema),
  async (c) => {
    const { db, clock, config } = c.var.deps;
    const { file } = c.req.valid('param');
    const token = file.endsWith('.ics') ? calendarFeedTokenSchema.safeParse(file.slice(0, -4)) : undefined;
    const vendor = token?.success ? await vendorOfFeedToken(db, token.data) : undefined;
    if (!vendor) {
      await rateLimit(c, 'unknown', clientAddress(c));
      throw unknownFeed();
    }
    await rateLimit(c, 'feed', vendor.id);
    const body = await calendarFeed(db, { vendor, now: clock.now(), appUrl: config.appUrl });
    // The link is the secret: no shared cache keeps it, and no search engine lists it.
    c.header('Cache-Control', 'private, max-age=300');
    c.header('X-Robots-Tag', 'noindex');
    c.header('Content-Disposition', 'inline; filename="barrio.ics"');
    return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  },
);
