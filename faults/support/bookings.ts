import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { appointments } from '../../src/server/db/schema/bookings.ts';
import { outbox } from '../../src/server/db/schema/messaging.ts';
import { customerReceiptSubject } from '../../src/server/features/booking-lifecycle/messages/booking-mails.ts';
import { colonias } from '../../src/server/features/colonias/colonias-catalogue.ts';
import type { CreateBookingInput, CreateBookingResponse } from '../../src/shared/booking.schemas.ts';
import type { PublicVendor } from '../../src/shared/vendor.schemas.ts';

// Booking requests as the booking form sends them (POST /api/bookings, ARCHITECTURE §6), over real HTTP.

function addressIn(colonia: string): Slot['address'] {
  const [postalCode = '06700'] = colonias().postalCodesOf(colonia);
  return { street: 'Calle Durango 120', colonia, postalCode, references: undefined };
}

export interface Slot {
  vendorId: string;
  serviceId: string;
  startTime: string;
  /** Where, as the form sends it for a service done at the customer's place. */
  address: { street: string; colonia: string; postalCode: string; references: string | undefined };
}

/** Buffers are at most 120 minutes (appointments_buffer_check): slots this far apart never collide. */
const SLOT_GAP_MINUTES = 2 * 120 + 10;

/**
 * Open slots of the demo vendors, for each vendor's shortest service, spaced so that no two of
 * them overlap with their buffers: booking all of them can only succeed.
 */
export async function findSlots(baseUrl: string, count: number): Promise<Slot[]> {
  const response = await fetch(`${baseUrl}/api/vendors?limit=50`);
  if (!response.ok) throw new Error(`GET /api/vendors answered ${response.status}`);
  const { items } = (await response.json()) as { items: PublicVendor[] };
  const slots: Slot[] = [];
  for (const vendor of items) {
    const service = [...vendor.services].sort((a, b) => a.duration_minutes - b.duration_minutes)[0];
    if (!service) continue;
    const res = await fetch(`${baseUrl}/api/vendors/${vendor.id}/availability?serviceId=${service.id}`);
    if (!res.ok) throw new Error(`GET availability answered ${res.status}`);
    const { slots: starts } = (await res.json()) as { slots: string[] };
    let next = 0;
    for (const start of starts) {
      const at = Date.parse(start);
      if (at < next) continue;
      slots.push({
        vendorId: vendor.id,
        serviceId: service.id,
        startTime: start,
        // In a colonia the vendor serves, with one of its postal codes (the server checks the pair);
        // ignored for a service not done at the customer's place.
        address: addressIn(vendor.service_areas[0] ?? 'Roma Norte'),
      });
      next = at + (service.duration_minutes + SLOT_GAP_MINUTES) * 60_000;
    }
  }
  if (slots.length < count) throw new Error(`only ${slots.length} free slots, ${count} needed`);
  return slots.slice(0, count);
}

export type BookingOutcome =
  | { kind: 'created'; booking: CreateBookingResponse; slot: Slot }
  /** Any other HTTP answer. */
  | { kind: 'refused'; status: number; body: string; slot: Slot }
  /** No answer at all: the connection was refused or broke (the server was killed). */
  | { kind: 'no-answer'; error: string; slot: Slot };

/** POST /api/bookings with the Origin the server expects (its APP_URL). */
export async function postBooking(
  baseUrl: string,
  { origin, slot, n }: { origin: string; slot: Slot; n: number },
): Promise<BookingOutcome> {
  const body: CreateBookingInput = {
    ...slot,
    customerName: `Cliente ${n}`,
    customerEmail: `fault.${n}@example.test`,
    customerPhone: undefined,
    notes: undefined,
  };
  try {
    const res = await fetch(`${baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status === 201) return { kind: 'created', booking: JSON.parse(text), slot };
    return { kind: 'refused', status: res.status, body: text.slice(0, 300), slot };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { kind: 'no-answer', error: cause?.code ?? String(err), slot };
  }
}

/**
 * Sends `slots` as booking requests, `concurrency` at a time, until they run out or `keepGoing`
 * says stop. `outcomes` fills as answers arrive; `finished` resolves when every worker is done.
 */
export function bookingLoad({
  slots,
  concurrency,
  send,
  keepGoing = () => true,
}: {
  slots: Slot[];
  concurrency: number;
  send: (slot: Slot, n: number) => Promise<BookingOutcome>;
  keepGoing?: () => boolean;
}): { outcomes: BookingOutcome[]; finished: Promise<void> } {
  const outcomes: BookingOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < slots.length && keepGoing()) {
      const n = next++;
      outcomes.push(await send(slots[n]!, n));
    }
  };
  const finished = Promise.all(Array.from({ length: concurrency }, worker)).then(() => {});
  return { outcomes, finished };
}

export const created = (outcomes: BookingOutcome[]) =>
  outcomes.flatMap((o) => (o.kind === 'created' ? [o.booking] : []));

/**
 * Checks acknowledged bookings against the database: each one present exactly once under its id
 * and code, with exactly one customer receipt queued (written in the same transaction).
 * Returns the problems found, empty when all is well.
 */
export async function verifyAcknowledged(db: Db, acknowledged: CreateBookingResponse[]): Promise<string[]> {
  if (acknowledged.length === 0) return [];
  const ids = acknowledged.map((b) => b.id);
  const rows = await db
    .select({ id: appointments.id, code: appointments.code })
    .from(appointments)
    .where(inArray(appointments.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.code]));
  const problems: string[] = [];
  for (const booking of acknowledged) {
    const code = byId.get(booking.id);
    if (code === undefined)
      problems.push(`booking ${booking.id} (${booking.code}) answered 201 but is missing`);
    else if (code !== booking.code)
      problems.push(`booking ${booking.id} has code ${code}, not ${booking.code}`);
  }
  const codes = acknowledged.map((b) => b.code);
  const sameCode = await db
    .select({ code: appointments.code, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(inArray(appointments.code, codes))
    .groupBy(appointments.code);
  for (const { code, n } of sameCode) if (n !== 1) problems.push(`code ${code} is stored ${n} times`);
  const receipts = await db
    .select({ subject: sql<string>`${outbox.payload}->>'subject'`, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(eq(outbox.kind, 'mail'))
    .groupBy(sql`${outbox.payload}->>'subject'`);
  const receiptCount = new Map(receipts.map((r) => [r.subject, r.n]));
  // The receipt is written in the booking's language (decision 072).
  const languages = new Map(
    (
      await db
        .select({ code: appointments.code, language: appointments.language })
        .from(appointments)
        .where(inArray(appointments.code, codes))
    ).map((r) => [r.code, r.language]),
  );
  for (const { code } of acknowledged) {
    const language = languages.get(code);
    const n = language ? (receiptCount.get(customerReceiptSubject(code, language)) ?? 0) : 0;
    if (n !== 1) problems.push(`booking ${code} has ${n} customer receipts queued, expected 1`);
  }
  return problems;
}
