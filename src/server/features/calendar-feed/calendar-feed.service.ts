import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { CalendarFeedState, RotatedCalendarFeed } from '../../../shared/calendar-feed.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorCalendarFeeds } from '../../db/schema/calendar-feeds.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { effectiveStatus } from '../booking-lifecycle/booking-status.ts';
import { hashToken } from '../booking-lifecycle/booking-tokens.ts';
import { selectBookingViews, visibleToVendorAccount } from '../booking-lifecycle/booking-view.ts';
import { langOf } from '../whatsapp/whatsapp-texts.ts';
import { type FeedBooking, type FeedStatus, vendorCalendar } from './vendor-calendar.ts';

// Decision 091: each vendor's private calendar feed. The token is 256 random bits, of which only
// the SHA-256 is kept: enough for a secret nobody can guess, and a stolen table gives no URL.

/** How far back the feed goes: the past month, so that the vendor's calendar keeps it. */
export const FEED_DAYS_BACK = 30;
/** A bound on one answer; a vendor's 30 days back and a year ahead fit well inside it. */
const FEED_LIMIT = 2_000;

const feedStatuses: readonly FeedStatus[] = [
  'pending_vendor',
  'awaiting_payment',
  'confirmed',
  'paid',
  'cancelled',
];

/** The feed's address for a token: under the API, where calendar apps fetch it without cookies. */
export function calendarFeedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/calendar/${token}.ics`;
}

/** GET /api/vendor/calendar-feed: whether the vendor has a link, and since when (never the link). */
export async function getCalendarFeedState(
  db: Db,
  { vendorProfileId }: { vendorProfileId: string },
): Promise<CalendarFeedState> {
  const [row] = await db
    .select({ createdAt: vendorCalendarFeeds.createdAt })
    .from(vendorCalendarFeeds)
    .where(eq(vendorCalendarFeeds.vendorProfileId, vendorProfileId));
  return { created_at: row?.createdAt.toISOString() ?? null };
}

/**
 * POST /api/vendor/calendar-feed/rotate: a new token, replacing any earlier one in the same
 * statement, so that the old URL stops at once. The URL is returned this once.
 */
export async function rotateCalendarFeed(
  db: Db,
  { vendorProfileId, now, appUrl }: { vendorProfileId: string; now: Date; appUrl: string },
): Promise<RotatedCalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await db
    .insert(vendorCalendarFeeds)
    .values({ vendorProfileId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: vendorCalendarFeeds.vendorProfileId, set: { tokenHash, createdAt: now } });
  return { url: calendarFeedUrl(appUrl, token), created_at: now.toISOString() };
}

/** The answer to an unknown, rotated or malformed token: the same 404 for each, naming nothing. */
export const unknownFeed = () => new AppError('not_found', 'Not found.');

/** The vendor a token belongs to, with what the feed is written in; undefined for any other token. */
export async function vendorOfFeedToken(db: Db, token: string) {
  const [vendor] = await db
    .select({
      id: vendorProfiles.id,
      name: vendorProfiles.businessName,
      timeZone: vendorProfiles.timezone,
      languages: vendorProfiles.languages,
      accountLanguage: profiles.language,
    })
    .from(vendorCalendarFeeds)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, vendorCalendarFeeds.vendorProfileId))
    .leftJoin(profiles, eq(profiles.userId, vendorProfiles.userId))
    .where(eq(vendorCalendarFeeds.tokenHash, hashToken(token)))
    .limit(1);
  return vendor;
}

/**
 * GET /api/calendar/{token}.ics: the vendor's bookings that start from 30 days ago onward — those
 * holding their time and those cancelled, marked so — as the vendor's account may see them
 * (decision 035), earliest first. Requests that ran out unanswered and declined ones were never
 * the vendor's appointments and are left out.
 */
export async function calendarFeed(
  db: Db,
  {
    vendor,
    now,
    appUrl,
  }: { vendor: NonNullable<Awaited<ReturnType<typeof vendorOfFeedToken>>>; now: Date; appUrl: string },
): Promise<string> {
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 24 * 60 * 60_000);
  const rows = await selectBookingViews(
    db,
    and(
      eq(appointments.vendorProfileId, vendor.id),
      gte(appointments.startTz, from),
      inArray(appointments.status, [...feedStatuses]),
      visibleToVendorAccount(vendor.id),
    ),
    { orderBy: asc(appointments.startTz), limit: FEED_LIMIT },
  );
  const bookings: FeedBooking[] = [];
  for (const row of rows) {
    const status = effectiveStatus(row, now);
    if ((feedStatuses as readonly string[]).includes(status))
      bookings.push({ row, status: status as FeedStatus });
  }
  return vendorCalendar({
    vendorName: vendor.name,
    timeZone: vendor.timeZone,
    language: langOf(vendor.languages, vendor.accountLanguage),
    from,
    bookings,
    now,
    appUrl,
  });
}
