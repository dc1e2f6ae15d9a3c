import { ADMIN_CALENDAR_DAYS, BOOKING_RANGE_DAYS, DEFAULT_TIMEZONE } from './constants.ts';
import { dateTimeFormat } from './date-format.ts';

// Calendar days as YYYY-MM-DD: arithmetic without a clock, and the day an instant falls on in a zone.

/** `day` plus `days`, as calendar arithmetic (no zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD naming a day that exists (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
    addDays(text, 0) === text
  );
}

/** The day `at` falls on in `timeZone` (its formatter from the shared cache, decision 027). */
export function dayIn(at: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The days the booking form offers, and so the "available on" filter may name: today in
 * Mexico City to BOOKING_RANGE_DAYS ahead. The server refuses others; the web app does not send them.
 */
export function bookableDays(now: Date): { min: string; max: string } {
  const min = dayIn(now, DEFAULT_TIMEZONE);
  return { min, max: addDays(min, BOOKING_RANGE_DAYS) };
}

/**
 * The days the admin's availability calendar offers for a vendor in `timeZone` (product §5): today in
 * the vendor's zone to ADMIN_CALENDAR_DAYS ahead. The add form, the edit dialog and the server use it.
 */
export function adminCalendarDays(now: Date, timeZone: string): { min: string; max: string } {
  const min = dayIn(now, timeZone);
  return { min, max: addDays(min, ADMIN_CALENDAR_DAYS) };
}
