import { z } from 'zod';
import { whenFieldsParsed } from '../cross-field-checks.ts';

/** The longest range one availability request may ask for: two months of slots is plenty to render. */
export const AVAILABILITY_MAX_RANGE_DAYS = 62;

const instant = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 date and time, e.g. 2026-11-23T15:00:00Z' })
  .transform((text) => new Date(text));

// ARCHITECTURE §6: GET /api/vendors/:idOrSlug/availability?serviceId=&from=&to= (compute-availability).
// `from` and `to` default to now … now + BOOKING_RANGE_DAYS (product §9) on the server, whose clock
// decides what "now" is.
export const availabilityQuerySchema = z
  .object({
    serviceId: z.uuid('serviceId must be a service id (UUID)'),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((q) => !q.from || !q.to || q.to > q.from, {
    message: '`to` must be after `from`',
    path: ['to'],
    ...whenFieldsParsed,
  })
  .refine(
    (q) =>
      !q.from || !q.to || q.to.getTime() - q.from.getTime() <= AVAILABILITY_MAX_RANGE_DAYS * 24 * 60 * 60_000,
    {
      message: `The range may span at most ${AVAILABILITY_MAX_RANGE_DAYS} days`,
      path: ['to'],
      ...whenFieldsParsed,
    },
  );
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export interface AvailabilityResponse {
  /** Sorted ISO UTC start times. */
  slots: string[];
  /** The vendor's IANA timezone, for showing the slots in local time. */
  timezone: string;
}
