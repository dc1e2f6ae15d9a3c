import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayoutsDue, AdminPayoutsPaid, LedgerCheck } from '../../../shared/payout.schemas.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { ledgerEntries, payouts } from '../../db/schema/ledger.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { insertVendor } from '../../test/factories.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, MONDAY_10, NOW } from '../../test/test-week.ts';
import { ledgerCsvStream } from '../ledger/ledger-csv.ts';
import { payoutPeople } from './payouts.test-utils.ts';

const streamText = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

// Vendors get paid (decision 064) over the real app and the sandbox provider: the ledger entries a
// payment, a refund and a payout write, the three balances, the payout account, and an admin's
// SPEI payout. "Now" is Sunday 2026-11-22 12:00 in Mexico City; vendors keep Mon–Fri 09:00–17:00.
const TUESDAY_10 = '2026-11-24T16:00:00.000Z';
const WEDNESDAY_10 = '2026-11-25T16:00:00.000Z';
/** Banamex's example CLABE: valid bank and check digit. */
const CLABE = '002010077777777771';

describe(`vendors get paid (${testEngine})`, () => {
  let world: BookingScenario;
  let people: Awaited<ReturnType<typeof payoutPeople>>;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
    people = await payoutPeople(world, 'payouts');
  });
  afterAll(() => world?.close());

  const signedInVendor = () => people.signedInVendor();
  const paid: typeof people.paid = (options) => people.paid(options);

  const entriesOf = (appointmentId: string) =>
    world.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountMxn })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.appointmentId, appointmentId))
      .orderBy(ledgerEntries.kind);
  const adminApi = () => people.adminApi();
  const payOut = (vendorProfileId: string, reference: string) =>
    adminApi().payouts.$post({ json: { vendor_profile_id: vendorProfileId, reference } });
  async function check() {
    const res = await adminApi().ledger.check.$get();
    expect(res.status).toBe(200);
    return (await res.json()) as LedgerCheck;
  }
  /** Moves the clock to `hours` after the booking's end. */
  async function afterEnd(id: string, hours: number) {
    const row = await world.rowOf(id);
    world.clock.set(new Date(row.endTz.getTime() + hours * HOUR));
  }

  it('credits a paid booking less the commission fixed on it, pending until its end plus the hold', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const booking = await paid({ startTime: MONDAY_10, vendor: me.vendor });
    expect(booking.row).toMatchObject({ status: 'paid', commissionBps: 1000, commissionMxn: 4_500 });
    expect(await entriesOf(booking.id)).toEqual([
      { kind: 'commission', amount: 4_500 },
      { kind: 'payment', amount: 40_500 },
    ]);
    let earnings = await me.earnings();
    expect(earnings).toMatchObject({ pending: 40_500, available: 0, paid_out: 0, hold_hours: 24 });
    expect(earnings.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amount: 40_500,
        gross: 45_000,
        commission: 4_500,
        booking_id: booking.id,
        booking_code: booking.code,
        balance: 'pending',
      }),
    ]);
    expect(earnings.payout_account).toMatchObject({ method: null, status: 'missing' });

    await afterEnd(booking.id, 23);
    expect(await me.earnings()).toMatchObject({ pending: 40_500, available: 0 });
    await afterEnd(booking.id, 24);
    earnings = await me.earnings();
    expect(earnings).toMatchObject({ pending: 0, available: 40_500 });
    expect(earnings.entries[0]!.balance).toBe('available');
    expect(await check()).toEqual({ ok: true, problems: [] });
  });

  it('takes the commission from PLATFORM_FEE_BPS as it is when the booking is paid', async () => {
    const other = await createBookingScenario({ now: NOW, env: { PLATFORM_FEE_BPS: '1250' } });
    try {
      const booking = await other.paid({ startTime: MONDAY_10, serviceFields: { priceCents: 33_333 } });
      expect(booking.row).toMatchObject({ commissionBps: 1250, commissionMxn: 4_167 });
      const rows = await other.db
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountMxn })
        .from(ledgerEntries)
        .orderBy(ledgerEntries.kind);
      expect(rows).toEqual([
        { kind: 'commission', amount: 4_167 },
        { kind: 'payment', amount: 29_166 },
      ]);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('writes nothing twice: a second Pay of the same checkout changes no entry', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const booking = await paid({ startTime: TUESDAY_10, vendor: me.vendor });
    const again = await world.http().post(`/api/sandbox/checkout/${booking.row.checkoutSessionId}/pay`);
    expect(again.status).toBe(200);
    expect(await entriesOf(booking.id)).toHaveLength(2);
    expect(await me.earnings()).toMatchObject({ pending: 40_500 });
  });

  it('gives a refund before payout back from the pending balance, commission included', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const booking = await paid({ startTime: WEDNESDAY_10, vendor: me.vendor });
    await world.ended(booking, 'cancelled');
    const row = await world.rowOf(booking.id);
    expect(row).toMatchObject({ status: 'cancelled', refundNeeded: false, refundedAmountMxn: 45_000 });
    expect(await entriesOf(booking.id)).toEqual([
      { kind: 'commission', amount: 4_500 },
      { kind: 'commission_refund', amount: 4_500 },
      { kind: 'payment', amount: 40_500 },
      { kind: 'refund', amount: 40_500 },
    ]);
    // A cancelled booking's money never becomes available, however long after its time.
    await afterEnd(booking.id, 24 * 30);
    expect(await me.earnings()).toMatchObject({ pending: 0, available: 0, paid_out: 0 });
    expect(await check()).toEqual({ ok: true, problems: [] });
  });

  it('counts a cancelled booking whose refund is not made yet in neither balance', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const booking = await paid({ startTime: TUESDAY_10, vendor: me.vendor });
    // Cancelled, its refund refused so far (a card network's failure): the money is the customer's.
    await world.db
      .update(appointments)
      .set({
        status: 'cancelled',
        cancelReason: 'customer',
        cancelledAt: world.clock.now(),
        refundNeeded: true,
      })
      .where(eq(appointments.id, booking.id));
    const earnings = await me.earnings();
    expect(earnings).toMatchObject({ pending: 0, available: 0 });
    expect(earnings.entries).toEqual([expect.objectContaining({ amount: 40_500, balance: 'refunded' })]);
    await afterEnd(booking.id, 24 * 30);
    expect(await me.earnings()).toMatchObject({ pending: 0, available: 0 });
  });

  it('checks the CLABE: a wrong one is a 400 naming the field and changes nothing', async () => {
    const me = await signedInVendor();
    const wrong = await me.saveAccount({ clabe: '002010077777777772', holder_name: 'Lucía Ramírez' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        details: [{ path: 'clabe', message: 'This CLABE is not valid: check its digits.' }],
      },
    });
    const short = await me.saveAccount({ clabe: '0020100777', holder_name: 'Lucía Ramírez' });
    expect(short.status).toBe(400);
    expect((await me.earnings()).payout_account.status).toBe('missing');

    const saved = await me.saveAccount({ clabe: '002 010 07777777777 1', holder_name: ' Lucía Ramírez ' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      method: 'clabe',
      status: 'active',
      stripe: 'none',
      clabe_last4: '7771',
      bank: 'BANAMEX',
      holder_name: 'Lucía Ramírez',
    });
  });

  it('pays the available balance once by SPEI; a refund after payout nets out of the next one', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const first = await paid({
      startTime: MONDAY_10,
      vendor: me.vendor,
      customerEmail: 'a@example.test',
    });

    await afterEnd(first.id, 25);
    expect((await payOut(me.vendor.id, 'SPEI-0001')).status).toBe(409); // no payout account yet
    expect((await me.saveAccount({ clabe: CLABE, holder_name: 'Lucía Ramírez' })).status).toBe(200);

    const due = (await (
      await adminApi().payouts.$get({ query: { status: 'due' } })
    ).json()) as AdminPayoutsDue;
    expect(due.vendors.find((v) => v.vendor_profile_id === me.vendor.id)).toMatchObject({
      available: 40_500,
      payout_account: { method: 'clabe', clabe_last4: '7771' },
      rfc: null,
    });
    // Its RFC, once given, is shown to the admins beside its account.
    const taxProfile = await me.browser.put('/api/vendor/tax-profile', {
      rfc: 'PEMJ800101AB6',
      legal_name: 'Lucía Ramírez',
      tax_regime: '625',
      postal_code: '03100',
    });
    expect(taxProfile.status).toBe(200);
    const withRfc = (await (
      await adminApi().payouts.$get({ query: { status: 'due' } })
    ).json()) as AdminPayoutsDue;
    expect(withRfc.vendors.find((v) => v.vendor_profile_id === me.vendor.id)?.rfc).toBe('PEMJ800101AB6');

    const [made, second] = await Promise.all([
      payOut(me.vendor.id, 'SPEI-0001'),
      payOut(me.vendor.id, 'SPEI-0002'),
    ]);
    expect([made.status, second.status].sort()).toEqual([201, 409]);
    const paidBy = made.status === 201 ? 'SPEI-0001' : 'SPEI-0002';
    // The vendor is told, with the transfer's reference and the account it went to.
    const mails = await world.mailsTo(me.vendor.businessEmail!);
    const [mail] = mails.filter((m) => m.subject.startsWith('Barrio te envió'));
    expect(mail).toMatchObject({ subject: 'Barrio te envió $405 MXN' });
    expect(mail!.text).toContain(`Clave de rastreo: ${paidBy}`);
    expect(mail!.text).toContain('BANAMEX CLABE terminación 7771');
    let earnings = await me.earnings();
    expect(earnings).toMatchObject({ pending: 0, available: 0, paid_out: 40_500 });
    expect(earnings.payouts).toEqual([
      expect.objectContaining({ amount: 40_500, reference: paidBy, method: 'spei' }),
    ]);
    // The same transfer recorded again is refused, whatever the balance.
    const paidList = (await (
      await adminApi().payouts.$get({ query: { status: 'paid' } })
    ).json()) as AdminPayoutsPaid;
    expect(paidList.payouts.filter((p) => p.vendor_profile_id === me.vendor.id)).toHaveLength(1);

    // The admin cancels the booking after it was paid out: the refund leaves the balance negative.
    const cancel = await adminApi().bookings[':id'].cancel.$post({ param: { id: first.id }, json: {} });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    earnings = await me.earnings();
    expect(earnings).toMatchObject({ pending: 0, available: -40_500, paid_out: 40_500 });

    // The next booking's money nets the debt out: nothing to pay until it is made good.
    world.clock.set(NOW);
    const next = await paid({
      startTime: TUESDAY_10,
      vendor: me.vendor,
      customerEmail: 'b@example.test',
    });
    await afterEnd(next.id, 25);
    expect(await me.earnings()).toMatchObject({ pending: 0, available: 0 });
    const nothing = await payOut(me.vendor.id, 'SPEI-0003');
    expect(nothing.status).toBe(409);
    expect(await check()).toEqual({ ok: true, problems: [] });
  });

  it('refuses a reference already recorded and a vendor with money on record being deleted', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    await me.saveAccount({ clabe: CLABE, holder_name: 'Lucía Ramírez' });
    const booking = await paid({ startTime: MONDAY_10, vendor: me.vendor });
    const other = await signedInVendor();
    await other.saveAccount({ clabe: CLABE, holder_name: 'Otra Persona' });
    await paid({ startTime: MONDAY_10, vendor: other.vendor });
    await afterEnd(booking.id, 25);
    const before = await world.db.select({ n: sql<number>`count(*)::int` }).from(payouts);
    const taken = await payOut(me.vendor.id, 'DUPLICATE-REF');
    expect(taken.status).toBe(201);
    const again = await payOut(other.vendor.id, 'DUPLICATE-REF');
    expect(again.status).toBe(409);
    const after = await world.db.select({ n: sql<number>`count(*)::int` }).from(payouts);
    expect(after[0]!.n).toBe(before[0]!.n + 1);

    const deleted = await adminApi().vendors[':id'].$delete({ param: { id: me.vendor.id } });
    expect(deleted.status).toBe(409);
  });

  it('exports every entry oldest first for the accountant, in pages', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const booking = await paid({ startTime: TUESDAY_10, vendor: me.vendor });
    const res = await adminApi()['ledger.csv'].$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // A byte-order mark first, so that Excel reads the accents (text() drops it).
    expect([...new Uint8Array(await res.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'created_at,kind,from_account,to_account,amount_mxn,vendor,vendor_profile_id,booking_code,refund_id,payout_reference,entry_id',
    );
    const mine = lines.filter((l) => l.includes(booking.code));
    expect(mine.map((l) => l.split(',').slice(1, 5)).sort()).toEqual([
      ['commission', 'customer', 'commission', '45.00'],
      ['payment', 'customer', 'vendor', '405.00'],
    ]);
    // Pages of two rows give the same file: no entry skipped or repeated at a page's edge.
    const whole = await streamText(ledgerCsvStream({ db: world.db }));
    expect(await streamText(ledgerCsvStream({ db: world.db, pageRows: 2 }))).toBe(whole);
    const count = await world.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(whole.split('\r\n').filter(Boolean)).toHaveLength(count[0]!.n + 1);
  });

  it('refuses to change or delete a ledger entry', async () => {
    await expect(world.db.update(ledgerEntries).set({ amountMxn: 1 })).rejects.toThrow();
    await expect(world.db.delete(ledgerEntries)).rejects.toThrow();
  });

  it('reports a paid booking without its entries', async () => {
    const vendor = await insertVendor(world.db);
    world.clock.set(NOW);
    const booking = await paid({ startTime: TUESDAY_10, vendor });
    const [stray] = await world.db
      .insert(appointments)
      .values({
        ...booking.row,
        id: undefined,
        code: 'ZZZZZZ',
        status: 'paid',
        startTz: new Date('2026-11-27T16:00:00Z'),
        endTz: new Date('2026-11-27T17:00:00Z'),
        checkoutSessionId: null,
        confirmTokenHash: null,
        commissionBps: null,
        commissionMxn: null,
      } as typeof appointments.$inferInsert)
      .returning({ id: appointments.id });
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringContaining(`booking ZZZZZZ (${stray!.id}) is paid`)]);
    await world.db.delete(appointments).where(eq(appointments.id, stray!.id));
  });
});
