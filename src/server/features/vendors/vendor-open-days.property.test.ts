import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedWallTimeToUtc } from '../../../shared/admin.schemas.ts';
import {
  type AvailabilityWindowInput,
  type BusyAppointment,
  computeOpenSlots,
  type TimeOffRange,
} from '../../../shared/availability/open-slots.ts';
import { addDays } from '../../../shared/calendar-day.ts';
import { appointmentStatuses, recurrenceRules } from '../../../shared/constants.ts';
import { type WeeklyAvailability, weekdays } from '../../../shared/weekly-availability.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { availabilityWindows, services, vendorProfiles, vendorTimeOff } from '../../db/schema/vendors.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { computeAvailability } from '../availability/availability.service.ts';
import { openSlotsOn, vendorsOpenOn } from './vendor-open-days.ts';

// "available on" asks every candidate at once (openSlotsOn); the answer must be, vendor by vendor,
// what the availability engine's own route gives for the shortest active service over the day in
// the vendor's zone from now on — the way the filter asked it one vendor at a time before.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const zones = ['America/Mexico_City', 'America/New_York', 'Europe/Madrid', 'Asia/Kolkata'] as const;
// Near DST changes of 2026 (New York 03-08 and 11-01, Madrid 03-29 and 10-25) and a plain day.
const bases = [
  '2026-03-07T13:00:00Z',
  '2026-03-28T20:00:00Z',
  '2026-10-24T22:00:00Z',
  '2026-12-02T15:00:00Z',
];

const hhmm = (halfHours: number) =>
  `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}`;

// Short days, so that a booking or a buffer can close one.
const weeklyArb: fc.Arbitrary<WeeklyAvailability> = fc
  .tuple(
    ...weekdays.map(() =>
      fc
        .record({
          enabled: fc.boolean(),
          start: fc.integer({ min: 0, max: 44 }),
          length: fc.integer({ min: 1, max: 8 }),
        })
        .map(({ enabled, start, length }) => ({
          enabled,
          slots: [{ start: hhmm(start), end: hhmm(Math.min(start + length, 47)) }],
        })),
    ),
  )
  .map((days) => Object.fromEntries(weekdays.map((day, i) => [day, days[i]!])) as WeeklyAvailability);

const vendorArb = fc.record({
  timezone: fc.constantFrom(...zones),
  weekly: weeklyArb,
  bufferMinutes: fc.constantFrom(0, 15, 30, 120),
  leadTimeMinutes: fc.constantFrom(0, 60, 120, 1440),
  advanceBookingDays: fc.constantFrom(1, 2, 14),
  services: fc.array(
    fc.record({ durationMinutes: fc.constantFrom(30, 60, 90, 120, 240), isActive: fc.boolean() }),
    { maxLength: 3 },
  ),
  // Around the day asked, in half hours from two days before its UTC midnight.
  windows: fc.array(
    fc.record({
      start: fc.integer({ min: 0, max: 5 * 48 }),
      length: fc.integer({ min: 1, max: 16 }),
      recurrence: fc.constantFrom(null, ...recurrenceRules),
      isActive: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  // Time off around the day asked (decision 090), hours or whole days, overlapping or not.
  timeOff: fc.array(
    fc.record({
      startMinutes: fc.integer({ min: -36 * 60, max: 60 * 60 }),
      lengthMinutes: fc.oneof(fc.integer({ min: 1, max: 6 * 60 }), fc.constant(24 * 60)),
    }),
    { maxLength: 2 },
  ),
  // One after another (active ones may not overlap), from some hour around the day asked.
  bookingsFrom: fc.integer({ min: -16, max: 40 }),
  bookings: fc.array(
    fc.record({
      gapQuarters: fc.integer({ min: 0, max: 24 }),
      lengthQuarters: fc.integer({ min: 1, max: 16 }),
      bufferMinutes: fc.constantFrom(0, 15, 60, 120),
      status: fc.constantFrom(...appointmentStatuses),
    }),
    { maxLength: 6 },
  ),
});

/** The statuses that hold a slot (product §4), written out here rather than shared. */
const holdsItsSlot = new Set<string>(['pending_vendor', 'awaiting_payment', 'confirmed', 'paid']);

const caseArb = fc.record({
  base: fc.constantFrom(...bases),
  nowMinutes: fc.integer({ min: 0, max: 36 * 60 }),
  dayOffset: fc.integer({ min: -1, max: 3 }),
  // A search's time words may name two days ("urgente": today or tomorrow).
  moreDays: fc.integer({ min: 0, max: 1 }),
  vendors: fc.array(vendorArb, { minLength: 1, maxLength: 4 }),
});

/** The filter as it asked before: the shortest active service, the engine over the rest of the day. */
async function askedOneByOne(db: TestDatabase['db'], vendorId: string, day: string, last: string, now: Date) {
  const [service] = await db
    .select({ id: services.id, timezone: vendorProfiles.timezone })
    .from(services)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, services.vendorProfileId))
    .where(and(eq(services.vendorProfileId, vendorId), eq(services.isActive, true)))
    .orderBy(asc(services.durationMinutes), asc(services.id))
    .limit(1);
  if (!service) return undefined;
  const from = zonedWallTimeToUtc(day, '00:00', service.timezone);
  const to = zonedWallTimeToUtc(addDays(last, 1), '00:00', service.timezone);
  if (to <= now) return [];
  const { slots } = await computeAvailability({
    db,
    idOrSlug: vendorId,
    serviceId: service.id,
    from: from < now ? now : from,
    to,
    now,
  });
  return slots;
}

describe(`"available on" for many vendors at once (${testEngine})`, () => {
  let database: TestDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    customerId = (await insertCustomer(database.db)).id;
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives each vendor the slots the availability engine gives it alone', async () => {
    const { db } = database;
    let open = 0;
    let closed = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ base, nowMinutes, dayOffset, moreDays, vendors }) => {
        await db.delete(appointments);
        await db.delete(vendorProfiles);
        const now = new Date(Date.parse(base) + nowMinutes * MINUTE);
        const day = addDays(now.toISOString().slice(0, 10), dayOffset);
        const midnight = Date.parse(`${day}T00:00:00Z`);
        const ids: string[] = [];
        // Every row as written, for the engine alone (below).
        const written = new Map<
          string,
          { windows: AvailabilityWindowInput[]; busy: BusyAppointment[]; timeOff: TimeOffRange[] }
        >();
        for (const v of vendors) {
          const vendor = await insertVendor(db, {
            timezone: v.timezone,
            availability: v.weekly,
            bufferMinutes: v.bufferMinutes,
            leadTimeMinutes: v.leadTimeMinutes,
            advanceBookingDays: v.advanceBookingDays,
          });
          ids.push(vendor.id);
          const rows = {
            windows: [] as AvailabilityWindowInput[],
            busy: [] as BusyAppointment[],
            timeOff: [] as TimeOffRange[],
          };
          written.set(vendor.id, rows);
          for (const service of v.services) await insertService(db, vendor.id, service);
          for (const w of v.windows) {
            const start = midnight - 48 * HOUR + w.start * 30 * MINUTE;
            const end = start + w.length * 30 * MINUTE;
            rows.windows.push({ start, end, recurrence: w.recurrence, isActive: w.isActive });
            await db.insert(availabilityWindows).values({
              vendorProfileId: vendor.id,
              startTz: new Date(start),
              endTz: new Date(end),
              recurrenceRule: w.recurrence,
              isActive: w.isActive,
            });
          }
          for (const t of v.timeOff) {
            const start = midnight + t.startMinutes * MINUTE;
            const end = start + t.lengthMinutes * MINUTE;
            rows.timeOff.push({ start, end });
            await db.insert(vendorTimeOff).values({
              vendorProfileId: vendor.id,
              startTz: new Date(start),
              endTz: new Date(end),
              allDay: false,
            });
          }
          let at = midnight + v.bookingsFrom * HOUR;
          for (const b of v.bookings) {
            at += b.gapQuarters * 15 * MINUTE;
            const minutes = b.lengthQuarters * 15;
            if (holdsItsSlot.has(b.status))
              rows.busy.push({ start: at, end: at + minutes * MINUTE, bufferMinutes: b.bufferMinutes });
            await db.insert(appointments).values(
              appointmentValues(vendor.id, customerId, new Date(at).toISOString(), minutes, {
                status: b.status,
                bufferMinutes: b.bufferMinutes,
              }),
            );
            at += (minutes + b.bufferMinutes) * MINUTE;
          }
        }
        const last = addDays(day, moreDays);
        const batched = await openSlotsOn(db, ids, () => ({ first: day, last }), now);
        for (const [i, id] of ids.entries()) {
          const alone = await askedOneByOne(db, id, day, last, now);
          expect(batched.get(id)).toEqual(alone);
          // And what the engine gives from every row written, read by no shared condition: a status,
          // a margin or a bound the two share cannot be wrong in both.
          const v = vendors[i]!;
          const shortest = Math.min(...v.services.filter((x) => x.isActive).map((x) => x.durationMinutes));
          const from = zonedWallTimeToUtc(day, '00:00', v.timezone);
          const to = zonedWallTimeToUtc(addDays(last, 1), '00:00', v.timezone);
          const engine = !Number.isFinite(shortest)
            ? undefined
            : to <= now
              ? []
              : computeOpenSlots({
                  weekly: v.weekly,
                  timezone: v.timezone,
                  ...written.get(id)!,
                  durationMinutes: shortest,
                  bufferMinutes: v.bufferMinutes,
                  leadTimeMinutes: v.leadTimeMinutes,
                  advanceBookingDays: v.advanceBookingDays,
                  now,
                  from: from < now ? now : from,
                  to,
                });
          expect(batched.get(id)).toEqual(engine);
          if (alone?.length) open++;
          else closed++;
        }
        const expectedOpen = ids.filter((id) => (batched.get(id)?.length ?? 0) > 0);
        if (moreDays === 0)
          expect([...(await vendorsOpenOn(db, ids, day, now))].sort()).toEqual(expectedOpen.sort());
      }),
      { numRuns: 60 },
    );
    // Both answers occur, so that the comparison says something.
    expect(open).toBeGreaterThan(5);
    expect(closed).toBeGreaterThan(5);
  }, 240_000);

  it("reads a booking just after the day, whose vendor's buffer reaches back into it", async () => {
    const { db } = database;
    await db.delete(appointments);
    await db.delete(vendorProfiles);
    const late = { enabled: true, slots: [{ start: '22:00', end: '23:30' }] };
    const vendor = await insertVendor(db, {
      timezone: 'America/Mexico_City',
      availability: Object.fromEntries(weekdays.map((day) => [day, late])) as WeeklyAvailability,
      bufferMinutes: 120,
      leadTimeMinutes: 0,
    });
    await insertService(db, vendor.id, { durationMinutes: 30 });
    // Friday 00:30 in Mexico City: 22:30 and 23:00 on Thursday are within its buffer.
    await db
      .insert(appointments)
      .values(appointmentValues(vendor.id, customerId, '2026-12-04T06:30:00Z', 60, { status: 'paid' }));
    const now = new Date('2026-12-02T15:00:00Z');
    const slots = await openSlotsOn(
      db,
      [vendor.id],
      () => ({ first: '2026-12-03', last: '2026-12-03' }),
      now,
    );
    expect(slots.get(vendor.id)).toEqual(['2026-12-04T04:00:00.000Z']);
  });
});
