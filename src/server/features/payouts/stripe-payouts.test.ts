import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayoutsDue } from '../../../shared/payout.schemas.ts';
import { payouts } from '../../db/schema/ledger.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, MONDAY_10, NOW } from '../../test/test-week.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { payoutPeople } from './payouts.test-utils.ts';
import { payoutDay, runPayouts, TRANSFER_RETRY_MS, transferKey } from './stripe-payouts.ts';

// Payouts by Stripe Connect (decision 065) against the local fake Stripe, through the real SDK: the
// vendor's Express account and onboarding link, account.updated (read back from Stripe, so any order
// is right), the day's payout run — once, however many instances run it — and a failed transfer
// kept for the admins and made on a later pass with the same key.

const SETTINGS = { feeBps: 1000, holdHours: 24, minMxn: 10_000, schedule: '06:00' };
/** Tuesday 12:00 in Mexico City: Monday's 10:00 booking ended, and the hold passed. */
const TUESDAY_NOON = '2026-11-24T18:00:00Z';

describe(`payouts by Stripe Connect (${testEngine})`, () => {
  let world: BookingScenario;
  let fake: FakeStripe;
  let people: Awaited<ReturnType<typeof payoutPeople>>;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true, oxxo: false });
    fake = world.stripe!;
    people = await payoutPeople(world, 'stripe');
  });
  afterAll(() => world?.close());

  const connect = () => world.payments.connect!;
  const run = () =>
    runPayouts({ db: world.db, connect: connect(), now: world.clock.now(), settings: SETTINGS });
  const accountEvent = (accountId: string) =>
    world.stripeEvent('account.updated', { ...fake.accounts.get(accountId)! });

  /** A vendor whose Stripe onboarding is done, as Stripe told us by account.updated. */
  async function connectedVendor() {
    const me = await people.signedInVendor();
    const res = await me.connectStripe();
    expect(res.status, await res.clone().text()).toBe(200);
    const accountId = [...fake.accounts.values()].find(
      (a) => a.metadata.vendor_profile_id === me.vendor.id,
    )!.id;
    fake.completeOnboarding(accountId);
    expect(await (await accountEvent(accountId)).json()).toMatchObject({ outcome: 'account_updated' });
    return { ...me, accountId };
  }

  it('makes one Express account per vendor and a fresh onboarding link that comes back to the dashboard', async () => {
    world.clock.set(NOW);
    const me = await people.signedInVendor();
    const first = await me.connectStripe();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ url: expect.stringMatching(/^https:\/\/connect\.stripe\.test\//) });
    const second = await me.connectStripe();
    expect(second.status).toBe(200);
    const mine = [...fake.accounts.values()].filter((a) => a.metadata.vendor_profile_id === me.vendor.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'express', country: 'MX', email: me.vendor.businessEmail });
    const created = fake.requests.filter((r) => r.path === '/v1/accounts' && r.method === 'POST');
    expect(created.at(-1)?.idempotencyKey).toBe(`barrio-account-${me.vendor.id}`);
    expect(fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)?.params).toMatchObject({
      account: mine[0]!.id,
      type: 'account_onboarding',
      refresh_url: 'http://barrio.test/vendor/dashboard?stripe=refresh',
      return_url: 'http://barrio.test/vendor/dashboard?stripe=return',
    });
    expect((await me.earnings()).payout_account).toMatchObject({
      method: null,
      status: 'onboarding',
      stripe: 'onboarding',
    });
    expect((await me.earnings()).stripe_connect).toBe(true);

    // Onboarding done: the news arrives, twice, and an older event after it changes nothing.
    const stale = { ...fake.accounts.get(mine[0]!.id)! };
    fake.completeOnboarding(mine[0]!.id);
    const event = await world.stripeEvent('account.updated', { ...fake.accounts.get(mine[0]!.id)! });
    expect(await event.json()).toMatchObject({ outcome: 'account_updated' });
    expect(await (await world.stripeEvent('account.updated', stale)).json()).toMatchObject({
      outcome: 'account_updated',
    });
    expect((await me.earnings()).payout_account).toMatchObject({
      method: 'stripe',
      status: 'active',
      stripe: 'active',
    });
    expect(fake.rejections).toEqual([]);
  });

  it('pays each available balance once at the day’s run, however many instances run it', async () => {
    world.clock.set(NOW);
    const me = await connectedVendor();
    await people.paid({ startTime: MONDAY_10, vendor: me.vendor });
    world.clock.set(TUESDAY_NOON);
    const counts = await Promise.all([run(), run()]);
    expect(counts.reduce((s, c) => s + c.created, 0)).toBe(1);
    const sent = fake.transfers.filter((t) => t.destination === me.accountId);
    expect(sent).toEqual([expect.objectContaining({ amount: 40_500, currency: 'mxn' })]);
    const [payout] = await world.db.select().from(payouts).where(eq(payouts.vendorProfileId, me.vendor.id));
    expect(payout).toMatchObject({
      method: 'stripe',
      status: 'paid',
      reference: sent[0]!.id,
      amountMxn: 40_500,
    });
    expect(fake.requests.filter((r) => r.path === '/v1/transfers').at(-1)?.idempotencyKey).toBe(
      transferKey(payout!.id),
    );
    expect(await me.earnings()).toMatchObject({ pending: 0, available: 0, paid_out: 40_500 });
    // Later the same day (a restart, another instance): the day's run is made.
    world.clock.set(new Date(world.clock.now().getTime() + 3 * HOUR));
    expect(await run()).toEqual({ created: 0, transferred: 0, failed: 0 });
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
    expect(fake.rejections).toEqual([]);
  });

  it('keeps a failed transfer pending for the admins and makes it on a later pass, once', async () => {
    world.clock.set('2026-11-25T06:00:00Z'); // Wednesday, before the day's run
    const me = await connectedVendor();
    await people.paid({ startTime: '2026-11-27T16:00:00.000Z', vendor: me.vendor }); // Friday 10:00
    world.clock.set('2026-11-28T18:00:00Z'); // Saturday noon
    fake.failNext(1);
    expect(await run()).toMatchObject({ created: 1, transferred: 0, failed: 1 });
    const due = (await (
      await people.adminApi().payouts.$get({ query: { status: 'due' } })
    ).json()) as AdminPayoutsDue;
    const waiting = due.transfers_pending.find((t) => t.vendor_profile_id === me.vendor.id);
    expect(waiting).toMatchObject({
      amount: 40_500,
      attempts: 1,
      transfer_error: expect.stringContaining('Fake outage'),
    });
    expect(await me.earnings()).toMatchObject({ available: 0, paid_out: 40_500 });

    // Not again before the retry time; then once, with the same key.
    expect(await run()).toEqual({ created: 0, transferred: 0, failed: 0 });
    world.clock.set(new Date(world.clock.now().getTime() + TRANSFER_RETRY_MS));
    expect(await run()).toMatchObject({ transferred: 1 });
    expect(fake.transfers.filter((t) => t.destination === me.accountId)).toHaveLength(1);
    const [payout] = await world.db.select().from(payouts).where(eq(payouts.vendorProfileId, me.vendor.id));
    expect(payout).toMatchObject({ status: 'paid', attempts: 2, transferError: null });
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
  });

  it('gives a reversed transfer back to the balance once, whatever order its news comes in', async () => {
    world.clock.set('2026-11-29T06:00:00Z'); // Sunday, before the day's run
    const me = await connectedVendor();
    await people.paid({ startTime: '2026-11-30T16:00:00.000Z', vendor: me.vendor }); // Monday 10:00
    world.clock.set('2026-12-01T18:00:00Z'); // Tuesday noon
    expect(await run()).toMatchObject({ created: 1, transferred: 1 });
    const [sent] = fake.transfers.filter((t) => t.destination === me.accountId);
    const partly = fake.reverseTransfer(sent!.id, 10_000);
    const whole = fake.reverseTransfer(sent!.id, 30_500);
    // The later news first: all of it reversed, as Stripe says now; then the older, partial event.
    expect(await (await world.stripeEvent('transfer.reversed', whole)).json()).toMatchObject({
      outcome: 'reversed',
    });
    expect(await (await world.stripeEvent('transfer.reversed', partly)).json()).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await me.earnings()).toMatchObject({ available: 40_500, paid_out: 0 });
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
  });

  it('knows the day and its schedule in Mexico City', () => {
    expect(payoutDay(new Date('2026-11-24T11:59:00Z'), '06:00')).toEqual({ day: '2026-11-24', due: false });
    expect(payoutDay(new Date('2026-11-24T12:00:00Z'), '06:00')).toEqual({ day: '2026-11-24', due: true });
    expect(payoutDay(new Date('2026-11-25T05:30:00Z'), '06:00')).toEqual({ day: '2026-11-24', due: true });
  });
});
