import { randomInt } from 'node:crypto';
import { offsetAt, wallMinuteAt } from '../../../shared/availability/zone-time.ts';
import type { AppointmentStatus } from '../../../shared/constants.ts';
import { commissionOf } from '../../../shared/money.ts';
import { type WeeklyAvailability, weekdays } from '../../../shared/weekly-availability.ts';
import type { appointments } from '../schema/bookings.ts';
import type { availabilityWindows } from '../schema/vendors.ts';

// Demo bookings in every status of ARCHITECTURE §4, placed the way the real flow would have left them:
// inside the vendor's weekly hours, never overlapping (buffer included, as the exclusion
// constraint demands), with the timestamps each transition sets.

/** A planned booking: the seed adds the contact its customer gave with it. */
export type AppointmentRow = Omit<
  typeof appointments.$inferInsert,
  'customerName' | 'customerEmail' | 'customerPhone'
>;
export type AvailabilityWindowRow = typeof availabilityWindows.$inferInsert;

export interface BookableVendor {
  id: string;
  availability: WeeklyAvailability;
  timezone: string;
  bufferMinutes: number;
  leadTimeMinutes: number;
  advanceBookingDays: number;
  services: { id: string; priceCents: number; durationMinutes: number }[];
}

/**
 * What happened to a booking. `confirmed` is a free service confirmed by the vendor (ARCHITECTURE §4:
 * price 0 skips payment); the two `cancelled_*` kinds are the sweeper's payment timeout and a
 * customer who changed plans; `refund_failed` is a paid booking the customer cancelled whose refund
 * the card network returned — money owed that an admin records (decision 056).
 */
type BookingKind =
  | 'pending_vendor'
  | 'awaiting_payment'
  | 'confirmed'
  | 'paid_past'
  | 'paid_future'
  | 'declined'
  | 'expired'
  | 'cancelled_timeout'
  | 'cancelled_customer'
  | 'refund_failed';

const statusOf: Record<BookingKind, AppointmentStatus> = {
  pending_vendor: 'pending_vendor',
  awaiting_payment: 'awaiting_payment',
  confirmed: 'confirmed',
  paid_past: 'paid',
  paid_future: 'paid',
  declined: 'declined',
  expired: 'expired',
  cancelled_timeout: 'cancelled',
  cancelled_customer: 'cancelled',
  refund_failed: 'cancelled',
};

/** Kinds that lie in the past; the others start after `now`. */
const pastKinds = new Set<BookingKind>(['paid_past', 'declined', 'expired', 'cancelled_timeout']);

/** The commission the demo's paid bookings fixed when they were paid: the default PLATFORM_FEE_BPS. */
export const DEMO_COMMISSION_BPS = 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SLOT_STEP = 30 * MINUTE; // ARCHITECTURE §5: candidate starts every 30 minutes
/** How far ahead a seeded request or unpaid booking starts at the earliest (within any vendor's 1-day advance). */
const ANSWERABLE_AHEAD = 20 * HOUR;

// ── wall-clock time in the vendor's zone ────────────────────────────────────────────────────

interface LocalDate {
  year: number;
  month: number; // 1–12
  day: number;
}

/** The zone's offset from UTC at an instant, in ms (the availability engine's zone-time, whole minutes). */
function offsetMs(at: number, timeZone: string): number {
  return offsetAt(Math.floor(at / MINUTE), timeZone) * MINUTE;
}

/** The instant at which clocks in `timeZone` show `date` at `hhmm` (DST-correct). */
function zonedInstant(date: LocalDate, hhmm: string, timeZone: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hours, minutes);
  const firstGuess = asUtc - offsetMs(asUtc, timeZone);
  return asUtc - offsetMs(firstGuess, timeZone);
}

function localDate(at: number, timeZone: string): LocalDate {
  const wall = new Date(wallMinuteAt(Math.floor(at / MINUTE), timeZone) * MINUTE);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

function addDays(date: LocalDate, days: number): LocalDate & { weekday: (typeof weekdays)[number] } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: weekdays[(d.getUTCDay() + 6) % 7]!, // getUTCDay: 0 is Sunday
  };
}

/**
 * The first start at or after `from` where `duration` fits inside the vendor's weekly hours,
 * aligned to the 30-minute grid of each open range (ARCHITECTURE §5). Looks up to 60 days ahead.
 */
function firstOpenStart(vendor: BookableVendor, from: number, durationMs: number): number | undefined {
  const today = localDate(from, vendor.timezone);
  for (let offset = 0; offset < 60; offset++) {
    const date = addDays(today, offset);
    const day = vendor.availability[date.weekday];
    if (!day.enabled) continue;
    const slots = [...day.slots].sort((a, b) => a.start.localeCompare(b.start));
    for (const slot of slots) {
      const open = zonedInstant(date, slot.start, vendor.timezone);
      const close = zonedInstant(date, slot.end, vendor.timezone);
      const start = from <= open ? open : open + Math.ceil((from - open) / SLOT_STEP) * SLOT_STEP;
      if (start + durationMs <= close) return start;
    }
  }
  return undefined;
}

/**
 * Hands out non-overlapping times for one vendor: one cursor for the past, one for the future (from
 * `futureFrom` when the vendor already has bookings ahead, as on a refresh).
 */
function vendorCalendar(vendor: BookableVendor, now: number, pastDays: number, futureFrom = now) {
  const buffer = vendor.bufferMinutes * MINUTE;
  let past = now - pastDays * DAY;
  // Past bookings end, buffer included, before now; future ones start after now: the two never meet.
  let future = Math.max(futureFrom, now + Math.max(vendor.leadTimeMinutes * MINUTE, MINUTE));
  const lastFutureStart = now + vendor.advanceBookingDays * DAY;
  let taken = 0;
  return (
    when: 'past' | 'future',
    durationMinutes: number,
    notBefore = 0,
  ): { start: number; end: number } | undefined => {
    const duration = durationMinutes * MINUTE;
    // Every other booking moves to another day, so the calendar shows both busy and quiet days.
    const gap = taken++ % 2 === 0 ? DAY : 0;
    if (when === 'past') {
      const start = firstOpenStart(vendor, past, duration);
      if (start === undefined || start + duration + buffer > now) return undefined;
      past = start + duration + buffer + gap;
      return { start, end: start + duration };
    }
    const start = firstOpenStart(vendor, Math.max(future, notBefore), duration);
    if (start === undefined || start > lastFutureStart) return undefined;
    future = start + duration + buffer + gap;
    return { start, end: start + duration };
  };
}

// ── booking codes ───────────────────────────────────────────────────────────────────────────

/** ARCHITECTURE §3: six characters people read aloud and type into WhatsApp; no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function codeMaker() {
  const used = new Set<string>();
  return () => {
    for (;;) {
      let code = '';
      for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
  };
}

// ── the plan ────────────────────────────────────────────────────────────────────────────────

const notes = [
  'Tengo dos perros que ladran mucho, pero no muerden. Favor de tocar el timbre del 3.',
  'Please call when you arrive, the intercom does not work.',
  'Es para un departamento de dos recámaras en tercer piso sin elevador.',
  'Prefiero que me contacten por WhatsApp.',
  null,
  null,
];

interface PlannedBooking {
  kind: BookingKind;
  customerId: string;
}

/** Timestamps each transition of ARCHITECTURE §4 sets, relative to the slot and to `now`. */
function lifecycle(kind: BookingKind, start: number, now: number, index: number) {
  const earliest = (a: number, b: number) => Math.min(a, b);
  switch (kind) {
    case 'pending_vendor': {
      const created = now - (1 + (index % 5)) * HOUR; // within the 24 h before it would expire
      return { created, updated: created };
    }
    case 'awaiting_payment': {
      const created = now - 10 * HOUR;
      const confirmed = now - (2 + (index % 4)) * HOUR;
      return { created, updated: confirmed, confirmed, due: earliest(confirmed + DAY, start) };
    }
    case 'confirmed': {
      const created = now - 30 * HOUR;
      const confirmed = created + 3 * HOUR;
      return { created, updated: confirmed, confirmed };
    }
    case 'paid_future': {
      const created = now - 3 * DAY;
      const confirmed = created + 2 * HOUR;
      const paid = confirmed + HOUR;
      return { created, updated: paid, confirmed, due: earliest(confirmed + DAY, start), paid };
    }
    case 'paid_past': {
      const created = start - 6 * DAY;
      const confirmed = created + 2 * HOUR;
      const paid = confirmed + 3 * HOUR;
      return { created, updated: paid, confirmed, due: earliest(confirmed + DAY, start), paid };
    }
    case 'declined': {
      const created = start - 2 * DAY;
      return { created, updated: created + 3 * HOUR };
    }
    case 'expired': {
      const created = start - 3 * DAY;
      return { created, updated: earliest(created + DAY, start) };
    }
    case 'cancelled_timeout': {
      const created = start - 4 * DAY;
      const confirmed = created + 2 * HOUR;
      const due = earliest(confirmed + DAY, start);
      return { created, updated: due, confirmed, due, cancelled: due, reason: 'payment_timeout' };
    }
    case 'cancelled_customer': {
      const created = now - 2 * DAY;
      const cancelled = now - 20 * HOUR;
      return { created, updated: cancelled, cancelled, reason: 'customer' };
    }
    case 'refund_failed': {
      const created = now - 4 * DAY;
      const confirmed = created + 2 * HOUR;
      const paid = confirmed + HOUR;
      const cancelled = now - 2 * DAY;
      return {
        created,
        updated: cancelled,
        confirmed,
        due: confirmed + DAY,
        paid,
        cancelled,
        reason: 'customer',
      };
    }
  }
}

function bookingRows(
  vendor: BookableVendor,
  plan: PlannedBooking[],
  now: number,
  pastDays: number,
  nextCode: () => string,
  counter: { n: number },
  futureFrom = now,
): AppointmentRow[] {
  const take = vendorCalendar(vendor, now, pastDays, futureFrom);
  const free = vendor.services.find((s) => s.priceCents === 0);
  const paid = vendor.services.filter((s) => s.priceCents > 0);
  const rows: AppointmentRow[] = [];
  // Past ones first, then future ones, each in plan order: both cursors only move forward.
  const ordered = [
    ...plan.filter((p) => pastKinds.has(p.kind)),
    ...plan.filter((p) => !pastKinds.has(p.kind)),
  ];
  for (const planned of ordered) {
    // ARCHITECTURE §4: only a free service goes straight to confirmed; a paid one would await payment.
    const kind: BookingKind = planned.kind === 'confirmed' && !free ? 'paid_future' : planned.kind;
    const index = counter.n++;
    const service = kind === 'confirmed' ? free : paid[index % paid.length];
    if (!service) continue;
    // A request or an unpaid booking starts far enough ahead that its deadline (the earlier
    // of the start and 24 h after the request or the confirmation) is most of a day away, not the
    // next open slot's few minutes.
    const slot = take(
      pastKinds.has(kind) ? 'past' : 'future',
      service.durationMinutes,
      kind === 'pending_vendor' || kind === 'awaiting_payment' ? now + ANSWERABLE_AHEAD : 0,
    );
    if (!slot) continue;
    const t = lifecycle(kind, slot.start, now, index);
    const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));
    const paidOnce = 'paid' in t;
    rows.push({
      status: statusOf[kind],
      vendorProfileId: vendor.id,
      serviceId: service.id,
      customerId: planned.customerId,
      startTz: new Date(slot.start),
      endTz: new Date(slot.end),
      bufferMinutes: vendor.bufferMinutes,
      amountMxn: service.priceCents,
      notes: notes[index % notes.length] ?? null,
      code: nextCode(),
      confirmedAt: at('confirmed' in t ? t.confirmed : undefined),
      // The vendor's answer: its confirm, or its decline (a declined booking's last change).
      answeredAt: at('confirmed' in t ? t.confirmed : kind === 'declined' ? t.updated : undefined),
      paymentDueAt: at('due' in t ? t.due : undefined),
      paidAt: at('paid' in t ? t.paid : undefined),
      cancelledAt: at('cancelled' in t ? t.cancelled : undefined),
      cancelReason: 'reason' in t ? t.reason : null,
      // A request can be answered until the earlier of its start and 24 h after it was made: without
      // this deadline the demo vendor's Confirm and Decline on a seeded request answered 410.
      confirmTokenExpiresAt:
        kind === 'pending_vendor' ? new Date(Math.min(slot.start, t.created + 24 * HOUR)) : null,
      // Every row names the same columns (insertRows).
      refundNeeded: kind === 'refund_failed',
      // A booking paid fixed its commission then (decision 064); the seed writes its ledger entries.
      commissionBps: paidOnce ? DEMO_COMMISSION_BPS : null,
      commissionMxn: paidOnce ? commissionOf(service.priceCents, DEMO_COMMISSION_BPS) : null,
      refundError:
        kind === 'refund_failed'
          ? 'The card network returned refund re_demo_returned: expired_or_canceled_card'
          : null,
      createdAt: new Date(t.created),
      updatedAt: new Date(t.updated),
    });
  }
  return rows;
}

export interface DemoBookingOptions {
  now: Date;
  /** The vendor the vendor@barrio.test account owns: gets a booking of every kind. */
  demoVendor: BookableVendor;
  /** Other approved named vendors, in the order they should receive bookings. */
  otherVendors: BookableVendor[];
  demoCustomerId: string;
  customerIds: string[];
}

/**
 * The demo customer has a booking in every status with the demo vendor (both demo accounts
 * then see a full dashboard); other customers book the demo vendor and up to 24 other vendors.
 */
export function planDemoBookings({
  now,
  demoVendor,
  otherVendors,
  demoCustomerId,
  customerIds,
}: DemoBookingOptions) {
  const at = now.getTime();
  const nextCode = codeMaker();
  const counter = { n: 0 };
  const customer = (i: number) => customerIds[i % customerIds.length] ?? demoCustomerId;
  const me = demoCustomerId;

  const demoPlan: PlannedBooking[] = [
    { kind: 'paid_past', customerId: me },
    { kind: 'paid_past', customerId: customer(0) },
    { kind: 'expired', customerId: me },
    { kind: 'declined', customerId: me },
    { kind: 'cancelled_timeout', customerId: me },
    { kind: 'paid_past', customerId: customer(1) },
    { kind: 'expired', customerId: customer(2) },
    { kind: 'pending_vendor', customerId: me },
    { kind: 'awaiting_payment', customerId: me },
    { kind: 'confirmed', customerId: me },
    { kind: 'paid_future', customerId: me },
    { kind: 'cancelled_customer', customerId: me },
    { kind: 'pending_vendor', customerId: customer(3) },
    { kind: 'awaiting_payment', customerId: customer(4) },
    { kind: 'paid_future', customerId: customer(5) },
    { kind: 'pending_vendor', customerId: customer(6) },
    { kind: 'refund_failed', customerId: customer(7) },
  ];
  const rows = bookingRows(demoVendor, demoPlan, at, 21, nextCode, counter);

  const cycle: BookingKind[] = [
    'paid_past',
    'pending_vendor',
    'awaiting_payment',
    'declined',
    'paid_future',
    'expired',
    'cancelled_timeout',
    'confirmed',
    'cancelled_customer',
  ];
  otherVendors.slice(0, 24).forEach((vendor, j) => {
    const plan: PlannedBooking[] = [
      { kind: cycle[(2 * j) % cycle.length]!, customerId: customer(7 + 2 * j) },
      { kind: cycle[(2 * j + 1) % cycle.length]!, customerId: customer(8 + 2 * j) },
    ];
    // The demo customer's history spans a few vendors, not only the demo vendor.
    if (j < 3) plan.push({ kind: 'paid_past', customerId: me });
    rows.push(...bookingRows(vendor, plan, at, 20, nextCode, counter));
  });
  return rows;
}

export interface RefreshPlanOptions {
  now: Date;
  vendor: BookableVendor;
  /** What the vendor lacks: a request it can answer, a booking awaiting payment, or both. */
  kinds: ('pending_vendor' | 'awaiting_payment')[];
  customerIds: string[];
  /** The end of the vendor's last active booking, buffer included: new ones start after it. */
  futureFrom: Date;
}

/**
 * The bookings a demo vendor gets back on a later start, when the clock has moved past the
 * ones seeded with it — a request inside its answer window and a booking awaiting payment with its
 * deadline ahead, placed after the vendor's existing bookings so none overlaps.
 */
export function planRefreshBookings({ now, vendor, kinds, customerIds, futureFrom }: RefreshPlanOptions) {
  const plan = kinds.map((kind, i) => ({ kind, customerId: customerIds[i % customerIds.length]! }));
  return bookingRows(vendor, plan, now.getTime(), 0, codeMaker(), { n: 0 }, futureFrom.getTime());
}

/**
 * A few admin-made availability windows (product §7) so the admin's Availability tab has content:
 * a one-off Sunday morning, a repeating weekend slot and an inactive weekly one.
 */
export function planAvailabilityWindows(now: Date, vendors: BookableVendor[]): AvailabilityWindowRow[] {
  const plans = [
    { start: '10:00', end: '14:00', rule: null, active: true, weekday: 'sunday' },
    { start: '08:00', end: '12:00', rule: 'weekends', active: true, weekday: 'saturday' },
    { start: '18:00', end: '20:00', rule: 'weekly', active: false, weekday: 'wednesday' },
  ] as const;
  const rows: AvailabilityWindowRow[] = [];
  plans.forEach((plan, i) => {
    const vendor = vendors[i];
    if (!vendor) return;
    const today = localDate(now.getTime(), vendor.timezone);
    // The first such weekday at least two days ahead: inside the admin calendar's 30 days.
    let offset = 2;
    while (addDays(today, offset).weekday !== plan.weekday) offset++;
    const date = addDays(today, offset);
    rows.push({
      vendorProfileId: vendor.id,
      startTz: new Date(zonedInstant(date, plan.start, vendor.timezone)),
      endTz: new Date(zonedInstant(date, plan.end, vendor.timezone)),
      recurrenceRule: plan.rule,
      isActive: plan.active,
      createdAt: new Date(now.getTime() - (i + 1) * DAY),
    });
  });
  return rows;
}
