import { z } from 'zod';
import type { AppointmentStatus } from './constants.ts';

// A vendor's time off (decision 090): GET/POST/DELETE /api/vendor/time-off. Whole days are dates
// (YYYY-MM-DD, both ends included, in the vendor's zone); hours are ISO date-times with an offset.

/** The longest time off at once: a season away; longer, the vendor pauses the profile instead. */
export const TIME_OFF_MAX_DAYS = 92;
/** How far ahead a time off may begin. */
export const TIME_OFF_AHEAD_DAYS = 366;
export const TIME_OFF_REASON_MAX = 200;

const day = z.iso.date('Use a date (YYYY-MM-DD) or a date and time.');
const instant = z.iso.datetime({ offset: true, message: 'Use a date (YYYY-MM-DD) or a date and time.' });
const bound = z.union([day, instant], 'Use a date (YYYY-MM-DD) or a date and time.');

export const timeOffCreateSchema = z
  .object({
    from: bound,
    to: bound,
    reason: z
      .string()
      .trim()
      .max(TIME_OFF_REASON_MAX, `The reason may be at most ${TIME_OFF_REASON_MAX} characters.`)
      .optional()
      .transform((text) => text || undefined),
  })
  .refine((t) => isDay(t.from) === isDay(t.to), {
    path: ['to'],
    message: 'Give two dates for whole days, or two date-times for hours.',
  });
/** What the dashboard sends. */
export interface TimeOffCreate {
  from: string;
  to: string;
  reason?: string | undefined;
}

export const timeOffIdParamSchema = z.object({ id: z.uuid('Time off not found.') });

/** Whether a bound names a whole day. */
export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

export interface TimeOff {
  id: string;
  /** The first instant off (ISO UTC). */
  start: string;
  /** The first instant back (ISO UTC), exclusive. */
  end: string;
  all_day: boolean;
  /** Whole days: the first and last date off, in `timezone`. */
  first_day: string | null;
  last_day: string | null;
  reason: string | null;
  timezone: string;
}

/** A booking still holding its time inside a time off: the vendor decides what to do with it. */
export interface TimeOffBooking {
  id: string;
  code: string;
  status: AppointmentStatus;
  start_time: string;
  end_time: string;
  customer_name: string;
  service_name: string | null;
}

/** GET /api/vendor/time-off: the vendor's time off that has not ended, soonest first. */
export interface TimeOffList {
  items: (TimeOff & { bookings: TimeOffBooking[] })[];
  timezone: string;
}

/** POST's answer: the new time off, and the active bookings already inside it. */
export interface TimeOffCreated {
  time_off: TimeOff;
  bookings: TimeOffBooking[];
}
