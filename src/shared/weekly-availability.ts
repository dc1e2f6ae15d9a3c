import { z } from 'zod';
import { whenFieldsParsed } from './cross-field-checks.ts';

// product §3: availability inside a vendor profile — per weekday {enabled, slots[{start,end}]} as HH:MM.
export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour clock)');

export const timeSlotSchema = z.object({ start: hhmm, end: hhmm }).refine((s) => s.start < s.end, {
  message: 'The end must be after the start',
  path: ['end'],
  ...whenFieldsParsed,
});

export const dayAvailabilitySchema = z.object({
  enabled: z.boolean(),
  slots: z.array(timeSlotSchema).min(1),
});

export const weeklyAvailabilitySchema = z.object(
  Object.fromEntries(weekdays.map((d) => [d, dayAvailabilitySchema])) as Record<
    Weekday,
    typeof dayAvailabilitySchema
  >,
);

export type TimeSlot = z.infer<typeof timeSlotSchema>;
export type DayAvailability = z.infer<typeof dayAvailabilitySchema>;
export type WeeklyAvailability = z.infer<typeof weeklyAvailabilitySchema>;

/** product §4: Monday–Friday enabled 09:00–17:00; Saturday and Sunday disabled with 10:00–14:00. */
export function defaultWeeklyAvailability(): WeeklyAvailability {
  const weekday = () => ({ enabled: true, slots: [{ start: '09:00', end: '17:00' }] });
  const weekend = () => ({ enabled: false, slots: [{ start: '10:00', end: '14:00' }] });
  return {
    monday: weekday(),
    tuesday: weekday(),
    wednesday: weekday(),
    thursday: weekday(),
    friday: weekday(),
    saturday: weekend(),
    sunday: weekend(),
  };
}
