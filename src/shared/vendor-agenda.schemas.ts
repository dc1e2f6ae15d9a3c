import { z } from 'zod';
import type { VendorBooking } from './booking.schemas.ts';
import { addDays, isCalendarDay } from './calendar-day.ts';
import { AGENDA_MAX_DAYS } from './constants.ts';

// ARCHITECTURE §6, decision 093: the vendor's agenda and its month in numbers.

/**
 * The agenda's filters, each a rule on the booking's effective status (ARCHITECTURE §4) and its end:
 * `upcoming` — booked (awaiting payment, confirmed or paid) and not yet ended; `awaiting_answer` — a
 * request still within its answer deadline; `past` — booked and ended; `cancelled` — every booking
 * that will not take place: cancelled, declined or expired.
 */
export const agendaStatuses = ['upcoming', 'awaiting_answer', 'past', 'cancelled'] as const;
export type AgendaStatus = (typeof agendaStatuses)[number];

const day = z.string().refine(isCalendarDay, 'Use a calendar day as YYYY-MM-DD.').optional();

/** The whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * GET /api/vendor/agenda?from=&to=&status=: days in the vendor's zone, both or neither (then the
 * filter's own window, decision 093), at most AGENDA_MAX_DAYS of them.
 */
export const agendaQuerySchema = z
  .object({
    from: day,
    to: day,
    status: z.enum(agendaStatuses, `status must be one of ${agendaStatuses.join(', ')}`).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.from === undefined ? 'from' : 'to'],
        message: 'Give both from and to, or neither.',
      });
      return;
    }
    if (q.from === undefined || q.to === undefined) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
    else if (daysBetween(q.from, q.to) > AGENDA_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The agenda shows at most ${AGENDA_MAX_DAYS} days at once (to ≤ ${addDays(q.from, AGENDA_MAX_DAYS - 1)}).`,
      });
  });
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;

/** GET /api/vendor/agenda: the vendor's bookings starting within the days, in date order. */
export interface AgendaResponse {
  /** The days answered (the vendor's zone); null for open requests asked without days (all of them). */
  from: string | null;
  to: string | null;
  timezone: string;
  status: AgendaStatus | null;
  /** By start time: ascending, and for `past` the latest first. */
  items: VendorBooking[];
  /** More bookings matched than the answer carries: ask for fewer days. */
  truncated: boolean;
}

/** GET /api/vendor/stats: the vendor's month so far, in the vendor's zone (decision 093). */
export interface VendorStats {
  /** The month, YYYY-MM, in the vendor's zone. */
  month: string;
  timezone: string;
  /** Bookings starting this month that are booked: awaiting payment, confirmed or paid. */
  bookings: number;
  /** What was paid for the bookings starting this month that stay paid, in centavos. */
  revenue_mxn: number;
  /** Requests made this month that the vendor answered, and those confirmed. */
  answered_requests: number;
  confirmed_requests: number;
  /** confirmed ÷ answered, 0–1; null before any answer. */
  acceptance_rate: number | null;
  /** The median time from a request to the vendor's answer, in minutes; null before any answer. */
  median_response_minutes: number | null;
}
