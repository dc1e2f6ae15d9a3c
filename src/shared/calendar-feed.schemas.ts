import { z } from 'zod';

// ARCHITECTURE §6, decision 091: the vendor's private calendar feed.

/** A feed token as made (256 random bits, base64url): anything else is not a feed. */
export const calendarFeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * GET /api/calendar/:file — `{token}.ics`. Any name is accepted here and an unknown one is 404, the
 * same answer whatever is wrong with it, so that nothing tells a token that once worked from a guess.
 */
export const calendarFeedParamSchema = z.object({ file: z.string() });

/** GET /api/vendor/calendar-feed: since when the vendor's link works, or null without one. */
export interface CalendarFeedState {
  created_at: string | null;
}

/** POST /api/vendor/calendar-feed/rotate: the new link, shown this once (only its hash is kept). */
export interface RotatedCalendarFeed {
  url: string;
  created_at: string;
}
