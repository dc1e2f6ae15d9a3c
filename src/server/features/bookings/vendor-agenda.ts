import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, not, or, type SQL } from 'drizzle-orm';
import { zonedWallTimeToUtc } from '../../../shared/admin.schemas.ts';
import { addDays, dayIn } from '../../../shared/calendar-day.ts';
import { AGENDA_MAX_DAYS } from '../../../shared/constants.ts';
import type {
  AgendaQuery,
  AgendaResponse,
  AgendaStatus,
  VendorStats,
} from '../../../shared/vendor-agenda.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { unansweredInTime, unpaidInTime } from '../booking-lifecycle/booking-status.ts';
import { visibleToVendorAccount } from '../booking-lifecycle/booking-view.ts';
import { listVendorBookings } from './bookings.service.ts';

// Decision 093: the vendor's agenda — the vendor's bookings (the one list of bookings.service.ts) by
// days in the vendor's zone and by what they mean to the vendor — and the month's numbers.

/** Enough for a busy vendor's 62 days; beyond it the answer says it was cut. */
const AGENDA_LIMIT = 1000;

/**
 * A booking that will take place or took place: awaiting payment (before its deadline), confirmed or
 * paid. The same rule as effectiveStatus (ARCHITECTURE §4), in SQL.
 */
function booked(now: Date): SQL {
  return or(
    inArray(appointments.status, ['confirmed', 'paid']),
    and(
      eq(appointments.status, 'awaiting_payment'),
      or(isNull(appointments.paymentDueAt), gt(appointments.paymentDueAt, now)),
    ),
  )!;
}

/** Each filter as SQL; every one agrees with the effective status the items carry. */
export function agendaFilter(status: AgendaStatus, now: Date): SQL {
  switch (status) {
    case 'upcoming':
      return and(booked(now), gt(appointments.endTz, now))!;
    case 'past':
      return and(booked(now), lte(appointments.endTz, now))!;
    case 'awaiting_answer':
      return and(eq(appointments.status, 'pending_vendor'), not(unansweredInTime(now)))!;
    case 'cancelled':
      return or(
        inArray(appointments.status, ['cancelled', 'declined', 'expired']),
        unansweredInTime(now),
        unpaidInTime(now),
      )!;
  }
}

async function vendorTimezone(db: Db, vendorProfileId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: vendorProfiles.timezone })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId));
  if (!row) throw new AppError('not_found', 'Vendor not found.');
  return row.timezone;
}

/**
 * The days a query without days answers, from today in the vendor's zone: the 62 days ahead, the 62
 * days up to today for `past`, a month each side for `cancelled`; open requests need none (each is
 * at most a day old).
 */
function defaultDays(status: AgendaStatus | undefined, today: string): { from: string; to: string } | null {
  const span = AGENDA_MAX_DAYS - 1;
  switch (status) {
    case 'awaiting_answer':
      return null;
    case 'past':
      return { from: addDays(today, -span), to: today };
    case 'cancelled':
      return { from: addDays(today, -Math.floor(span / 2)), to: addDays(today, Math.ceil(span / 2)) };
    default:
      return { from: today, to: addDays(today, span) };
  }
}

/** GET /api/vendor/agenda: the vendor's bookings starting within the days, in date order. */
export async function vendorAgenda({
  db,
  vendorProfileId,
  now,
  query,
}: {
  db: Db;
  vendorProfileId: string;
  now: Date;
  query: AgendaQuery;
}): Promise<AgendaResponse> {
  const timezone = await vendorTimezone(db, vendorProfileId);
  const days =
    query.from !== undefined && query.to !== undefined
      ? { from: query.from, to: query.to }
      : defaultDays(query.status, dayIn(now, timezone));
  const within = days
    ? and(
        gte(appointments.startTz, zonedWallTimeToUtc(days.from, '00:00', timezone)),
        lt(appointments.startTz, zonedWallTimeToUtc(addDays(days.to, 1), '00:00', timezone)),
      )
    : undefined;
  const order = query.status === 'past' ? desc : asc;
  const items = await listVendorBookings({
    db,
    vendorProfileId,
    now,
    where: and(within, query.status ? agendaFilter(query.status, now) : undefined),
    // By start alone, as appointments_vendor_start_idx reads them: no sort. Two active bookings of a
    // vendor never share a start (the exclusion constraint); ended ones may, in either order.
    orderBy: order(appointments.startTz),
    limit: AGENDA_LIMIT + 1,
  });
  return {
    from: days?.from ?? null,
    to: days?.to ?? null,
    timezone,
    status: query.status ?? null,
    items: items.slice(0, AGENDA_LIMIT),
    truncated: items.length > AGENDA_LIMIT,
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * GET /api/vendor/stats: this month in the vendor's zone. Bookings and revenue count the bookings
 * starting this month; acceptance and response time the requests made this month that the vendor
 * answered (a confirm stamps confirmed_at; a decline is the row's last change). Expired requests
 * were never answered and count in neither.
 */
export async function vendorStats({
  db,
  vendorProfileId,
  now,
}: {
  db: Db;
  vendorProfileId: string;
  now: Date;
}): Promise<VendorStats> {
  const timezone = await vendorTimezone(db, vendorProfileId);
  const month = dayIn(now, timezone).slice(0, 7);
  const monthStart = zonedWallTimeToUtc(`${month}-01`, '00:00', timezone);
  const nextMonth = addDays(`${month}-28`, 7).slice(0, 7);
  const monthEnd = zonedWallTimeToUtc(`${nextMonth}-01`, '00:00', timezone);
  const inMonth = (column: typeof appointments.startTz | typeof appointments.createdAt) =>
    and(gte(column, monthStart), lt(column, monthEnd))!;
  const rows = await db
    .select({
      status: appointments.status,
      startTz: appointments.startTz,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
      confirmedAt: appointments.confirmedAt,
      paymentDueAt: appointments.paymentDueAt,
      amountMxn: appointments.amountMxn,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.vendorProfileId, vendorProfileId),
        visibleToVendorAccount(vendorProfileId),
        or(inMonth(appointments.startTz), inMonth(appointments.createdAt)),
      ),
    );
  const startsInMonth = (d: Date) => d >= monthStart && d < monthEnd;
  const bookedNow = (r: (typeof rows)[number]) =>
    r.status === 'confirmed' ||
    r.status === 'paid' ||
    (r.status === 'awaiting_payment' && (r.paymentDueAt === null || r.paymentDueAt > now));
  const thisMonth = rows.filter((r) => startsInMonth(r.startTz));
  const answers = rows
    .filter((r) => startsInMonth(r.createdAt))
    .flatMap((r) => {
      const answeredAt = r.confirmedAt ?? (r.status === 'declined' ? r.updatedAt : null);
      return answeredAt
        ? [
            {
              confirmed: r.confirmedAt !== null,
              minutes: (answeredAt.getTime() - r.createdAt.getTime()) / 60_000,
            },
          ]
        : [];
    });
  const confirmed = answers.filter((a) => a.confirmed).length;
  const responseMinutes = median(answers.map((a) => a.minutes));
  return {
    month,
    timezone,
    bookings: thisMonth.filter(bookedNow).length,
    revenue_mxn: thisMonth.filter((r) => r.status === 'paid').reduce((sum, r) => sum + r.amountMxn, 0),
    answered_requests: answers.length,
    confirmed_requests: confirmed,
    acceptance_rate: answers.length === 0 ? null : confirmed / answers.length,
    median_response_minutes: responseMinutes === null ? null : Math.round(responseMinutes),
  };
}
