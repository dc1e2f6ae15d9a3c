import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appointments, paymentRefunds } from '../src/server/db/schema/bookings.ts';
import { outbox } from '../src/server/db/schema/messaging.ts';
import { createStripeProvider } from '../src/server/integrations/payments/stripe-provider.ts';
import { type FakeStripe, signedStripeEvent, startFakeStripe } from '../src/server/test/fake-stripe.ts';
import { createTestDatabase, type TestDatabase } from '../src/server/test/test-db.ts';
import { findSlots, postBooking } from './support/bookings.ts';
import { logLines, type ServerProcess, startInstances, waitFor } from './support/server-process.ts';

// Decision 056 under a real Stripe's habits: a Stripe stand-in (the fake Stripe of the server tests,
// reached through STRIPE_API_BASE) whose events — signed with the official SDK's test helper — are
// sent twice, late and out of order, to two instances on one PostgreSQL whose sweepers retry refunds
// every 100 ms. Each booking must end as Stripe's last word says: paid ones paid once; cancelled
// ones refunded in full once more after the card network returned the first refund, however late
// the first refund's charge.refunded arrives — no refund made twice, none lost.

const PORTS = [3361, 3362] as const;
const SECRET_KEY = 'sk_test_faults_stripe';
const WEBHOOK_SECRET = 'whsec_faults_stripe';
const BOOKINGS = 6;
const AMOUNT = 45_000;

describe('Stripe events twice, late and out of order, on two instances', () => {
  let database: TestDatabase;
  let fake: FakeStripe;
  const instances: ServerProcess[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await fake?.close();
    await database?.close();
  });

  it('ends each booking in the state Stripe’s last word implies', async () => {
    database = await createTestDatabase();
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    const appUrl = await startInstances(instances, {
      ports: PORTS,
      databaseUrl: database.url!,
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://${fake.api.host}:${fake.api.port}`,
      },
    });
    const db = database.db;
    const stripe = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      oxxo: false,
      api: fake.api,
    });

    // Bookings awaiting payment, each with its checkout at the stand-in.
    const slots = await findSlots(appUrl, BOOKINGS);
    const bookings: { id: string; amount: number; email: string; sessionId: string }[] = [];
    for (const [n, slot] of slots.entries()) {
      const outcome = await postBooking(instances[n % 2]!.baseUrl, { origin: appUrl, slot, n });
      if (outcome.kind !== 'created') throw new Error(`booking ${n}: ${JSON.stringify(outcome)}`);
      const { id } = outcome.booking;
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
      const checkout = await stripe.createCheckout({
        appointmentId: id,
        amountMxn: AMOUNT,
        description: 'Servicio',
        customerEmail: row!.customerEmail,
        expiresAt: new Date(Date.now() + 2 * 3_600_000),
        successUrl: `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${appUrl}/payment-cancel?appointment_id=${id}`,
        idempotencyKey: `faults-checkout-${id}`,
      });
      await db
        .update(appointments)
        .set({
          status: 'awaiting_payment',
          // The demo's shortest service may be free: every booking here costs the same.
          amountMxn: AMOUNT,
          confirmedAt: new Date(),
          paymentDueAt: new Date(Date.now() + 2 * 3_600_000),
          checkoutSessionId: checkout.sessionId,
          paymentUrl: checkout.url,
        })
        .where(eq(appointments.id, id));
      bookings.push({ id, amount: AMOUNT, email: row!.customerEmail, sessionId: checkout.sessionId });
    }
    const ids = bookings.map((b) => b.id);
    const cancelled = bookings.filter((_, i) => i % 2 === 0);
    const cancelledIds = cancelled.map((b) => b.id);
    const kept = bookings.filter((_, i) => i % 2 === 1);

    /** One event as Stripe signs it, delivered to each instance twice, all at once. */
    const answers: number[] = [];
    async function deliver(type: string, object: object) {
      const event = signedStripeEvent({
        type,
        object: { ...object },
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000),
      });
      await Promise.all(
        [...instances, ...instances].map(async (instance) => {
          const res = await fetch(`${instance.baseUrl}/api/webhooks/stripe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
            body: event.payload,
          });
          answers.push(res.status);
        }),
      );
    }
    const charge = (b: (typeof bookings)[number], paymentRef: string, amountRefunded: number) => ({
      id: `ch_${b.id.slice(0, 8)}`,
      object: 'charge',
      amount: b.amount,
      amount_refunded: amountRefunded,
      currency: 'mxn',
      refunded: amountRefunded === b.amount,
      payment_intent: paymentRef,
      metadata: { appointment_id: b.id },
    });

    // Every customer pays; each checkout.session.completed arrives four times, two to each instance.
    const sessions = bookings.map((b) => fake.complete(b.sessionId));
    await Promise.all(sessions.map((session) => deliver('checkout.session.completed', session)));
    const paid = await db.select().from(appointments).where(inArray(appointments.id, ids));
    expect(paid.map((r) => r.status)).toEqual(ids.map(() => 'paid'));
    const paymentRefOf = new Map(paid.map((r) => [r.id, r.paymentRef!]));

    // Half are cancelled as a customer in time would cancel them: the refund is owed, and both
    // instances' sweepers race to make it.
    await db
      .update(appointments)
      .set({ status: 'cancelled', cancelReason: 'customer', cancelledAt: new Date(), refundNeeded: true })
      .where(inArray(appointments.id, cancelledIds));
    const refundsOf = (id: string) => fake.refunds.filter((r) => r.metadata.appointment_id === id);
    /** Every cancelled booking's refund made and recorded: nothing owed, the whole amount paid back. */
    const cancelledRefunded = async () =>
      (await db.select().from(appointments).where(inArray(appointments.id, cancelledIds))).every(
        (r) => !r.refundNeeded && r.refundedAmountMxn === r.amountMxn,
      );
    await waitFor('first refunds made and recorded', async () =>
      (await cancelledRefunded()) ? true : undefined,
    );
    expect(cancelled.map((b) => refundsOf(b.id).length)).toEqual(cancelled.map(() => 1));

    // The card network returns every first refund. Stripe had sent charge.refunded when it took
    // the refund and now sends refund.failed; the failure arrives first, the charge.refunded after
    // it — both twice to each instance — while the sweepers ask for the money again.
    const first = new Map(cancelled.map((b) => [b.id, refundsOf(b.id)[0]!]));
    for (const b of cancelled) fake.failRefund(first.get(b.id)!.id);
    await Promise.all(cancelled.map((b) => deliver('refund.failed', first.get(b.id)!)));
    await Promise.all(
      cancelled.map((b) => deliver('charge.refunded', charge(b, paymentRefOf.get(b.id)!, b.amount))),
    );
    await waitFor('second refunds made and recorded', async () =>
      (await cancelledRefunded()) && cancelled.every((b) => refundsOf(b.id).length === 2) ? true : undefined,
    );

    // Days late, the rest of the news, again twice each: the first refund as it once stood, the
    // second one's refund.created, the charge as it was, and a paid booking's completed once more.
    for (const b of cancelled) {
      const second = refundsOf(b.id).find((r) => r.status === 'succeeded')!;
      await Promise.all([
        deliver('refund.updated', { ...first.get(b.id)!, status: 'succeeded', failure_reason: null }),
        deliver('refund.created', second),
        deliver('charge.refunded', charge(b, paymentRefOf.get(b.id)!, b.amount)),
      ]);
    }
    await Promise.all(
      kept.map((b) => deliver('checkout.session.completed', fake.sessions.get(b.sessionId)!)),
    );

    // Stripe's last word: cancelled bookings refunded in full, once after the failure; paid ones paid.
    const rows = await db.select().from(appointments).where(inArray(appointments.id, ids));
    const ledger = await db.select().from(paymentRefunds).where(inArray(paymentRefunds.appointmentId, ids));
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    const report = bookings.map((b) => {
      const row = rows.find((r) => r.id === b.id)!;
      return {
        status: row.status,
        owed: row.refundNeeded,
        refunded: row.refundedAmountMxn,
        atStripe: refundsOf(b.id)
          .map((r) => `${r.status} ${r.amount}`)
          .sort(),
        kept: ledger
          .filter((r) => r.appointmentId === b.id)
          .map((r) => `${r.status} ${r.amountMxn}`)
          .sort(),
        paidMails: mails.filter(
          (m) => m.payload.to === b.email && /^Pago recibido/.test(String(m.payload.subject)),
        ).length,
      };
    });
    const serverErrors = instances.flatMap((instance) =>
      logLines(instance, 'unhandled error').map((line) => (line.err as { message?: string })?.message),
    );
    console.info(
      `[faults] stripe events: ${answers.length} webhook deliveries to 2 instances ` +
        `(${answers.filter((s) => s === 200).length} answered 200); ${fake.refunds.length} refunds at Stripe ` +
        `for ${cancelled.length} cancelled bookings, ${fake.refunds.filter((r) => r.status === 'failed').length} returned`,
    );
    expect({ serverErrors, answers: [...new Set(answers)] }).toEqual({ serverErrors: [], answers: [200] });
    expect(report).toEqual(
      bookings.map((b, i) =>
        i % 2 === 0
          ? {
              status: 'cancelled',
              owed: false,
              refunded: b.amount,
              atStripe: [`failed ${b.amount}`, `succeeded ${b.amount}`],
              kept: [`failed ${b.amount}`, `succeeded ${b.amount}`],
              paidMails: 1,
            }
          : { status: 'paid', owed: false, refunded: null, atStripe: [], kept: [], paidMails: 1 },
      ),
    );
  });
});
