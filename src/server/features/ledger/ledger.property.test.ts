import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionOf } from '../../../shared/money.ts';
import type { VendorEarnings } from '../../../shared/payout.schemas.ts';
import { grantAdminByEmail } from '../../auth/roles.service.ts';
import { payoutAccounts } from '../../db/schema/ledger.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { insertVendor } from '../../test/factories.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { testEngine } from '../../test/test-db.ts';
import { getVendorEarnings } from '../payouts/payouts.service.ts';
import { checkLedger } from './ledger-check.ts';

// The ledger as a property (decision 064): after any sequence of bookings paid, cancelled by an admin
// (refunded in full), days passing and SPEI payouts — through the real routes and the sandbox
// provider — the ledger check passes and every vendor's three balances are what a plain model says.

const START = Date.parse('2026-11-22T18:00:00Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const HOLD_HOURS = 24;
const CLABE = '002010077777777771';

type Op =
  | { kind: 'pay'; vendor: number; price: number }
  | { kind: 'cancel'; booking: number }
  | { kind: 'wait'; hours: number }
  | { kind: 'payout'; vendor: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    vendor: fc.integer({ min: 0, max: 1 }),
    price: fc.constantFrom(10_000, 33_333, 45_000, 99_999),
  }),
  fc.record({ kind: fc.constant('cancel' as const), booking: fc.nat(20) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 96 }) }),
  fc.record({ kind: fc.constant('payout' as const), vendor: fc.integer({ min: 0, max: 1 }) }),
);

/** A booking as the model keeps it. */
interface ModelBooking {
  id: string;
  vendor: number;
  net: number;
  end: number;
  cancelled: boolean;
}

describe(`the ledger after random bookings, refunds and payouts (${testEngine})`, () => {
  let world: BookingScenario;
  let admin: HttpClient;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: new Date(START).toISOString() });
    admin = world.http();
    await admin.post('/api/auth/sign-up/email', {
      name: 'Admin Barrio',
      email: 'admin.ledger@example.test',
      password: 'Admin#Barrio2026',
    });
    expect(await grantAdminByEmail(world.db, 'admin.ledger@example.test')).toBe(true);
  });
  afterAll(() => world?.close());

  /**
   * The next weekday hour (10:00–15:00 in Mexico City, UTC−6) at least two days after now and after
   * the last one handed out (a buffer apart): always bookable, never overlapping.
   */
  let lastSlot = 0;
  function nextSlot(now: number): number {
    let t = Math.max(now + 2 * DAY, lastSlot + 2 * HOUR);
    t = Math.ceil(t / HOUR) * HOUR;
    for (;;) {
      const local = new Date(t - 6 * HOUR);
      const weekday = local.getUTCDay();
      const hour = local.getUTCHours();
      if (weekday >= 1 && weekday <= 5 && hour >= 10 && hour <= 15) break;
      t += HOUR;
    }
    lastSlot = t;
    return t;
  }

  it('passes the check and matches the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        const vendors = await Promise.all(
          [0, 1].map(async (i) => {
            const vendor = await insertVendor(world.db, { businessName: `Ledger ${++n}.${i}` });
            await world.db.insert(payoutAccounts).values({
              vendorProfileId: vendor.id,
              clabe: CLABE,
              holderName: 'Titular',
            });
            return vendor;
          }),
        );
        const bookings: ModelBooking[] = [];
        const paidOut = [0, 0];
        const now = () => world.clock.now().getTime();
        const released = (b: ModelBooking) => !b.cancelled && b.end + HOLD_HOURS * HOUR <= now();
        const available = (v: number) =>
          bookings.filter((b) => b.vendor === v && released(b)).reduce((s, b) => s + b.net, 0) - paidOut[v]!;
        const pending = (v: number) =>
          bookings
            .filter((b) => b.vendor === v && !b.cancelled && !released(b))
            .reduce((s, b) => s + b.net, 0);

        for (const op of ops) {
          if (op.kind === 'pay') {
            const start = nextSlot(now());
            const booking = await world.paid({
              startTime: new Date(start).toISOString(),
              vendor: vendors[op.vendor]!,
              serviceFields: { priceCents: op.price },
              customerEmail: `ledger.${++n}@example.test`,
            });
            bookings.push({
              id: booking.id,
              vendor: op.vendor,
              net: op.price - commissionOf(op.price, 1000),
              end: start + HOUR,
              cancelled: false,
            });
          } else if (op.kind === 'cancel') {
            const booking = bookings[op.booking];
            if (!booking || booking.cancelled) continue;
            const res = await world
              .api(admin)
              .admin.bookings[':id'].cancel.$post({ param: { id: booking.id }, json: {} });
            expect(res.status, await res.clone().text()).toBe(200);
            booking.cancelled = true;
          } else if (op.kind === 'wait') {
            world.clock.set(new Date(now() + op.hours * HOUR));
          } else {
            const expected = available(op.vendor);
            const res = await world.api(admin).admin.payouts.$post({
              json: { vendor_profile_id: vendors[op.vendor]!.id, reference: `PROP-${++n}` },
            });
            expect(res.status, await res.clone().text()).toBe(expected > 0 ? 201 : 409);
            if (expected > 0) paidOut[op.vendor]! += expected;
          }
        }

        for (const [v, vendor] of vendors.entries()) {
          const earnings: VendorEarnings = await getVendorEarnings(world.db, {
            vendorProfileId: vendor.id,
            now: world.clock.now(),
            settings: { feeBps: 1000, holdHours: HOLD_HOURS, minMxn: 1 },
            stripeConnect: false,
          });
          expect({
            pending: earnings.pending,
            available: earnings.available,
            paid_out: earnings.paid_out,
          }).toEqual({
            pending: pending(v),
            available: available(v),
            paid_out: paidOut[v],
          });
        }
        expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
