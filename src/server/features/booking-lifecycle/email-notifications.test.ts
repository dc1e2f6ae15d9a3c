import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/auth.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { profiles } from '../../db/schema/vendors.ts';
import {
  appointmentValues,
  insertCustomer,
  insertService,
  insertVendor,
  testManageLink,
} from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import {
  mailFactsOf,
  notifyBookingDeclined,
  notifyBookingPaid,
  notifyBookingRequested,
  notifyCancelled,
  notifyPaymentLink,
  notifyReminder,
  notifyRequestExpired,
  notifyRescheduled,
  notifyUnpaidCancelled,
} from './booking-notifications.ts';
import { getBookingView } from './booking-view.ts';

// Settings → "Email notifications" (product §2.9): switched off, an account gets no notification
// mails, but still the mails it asked for and those about money.

const NOW = new Date('2026-11-23T15:00:00Z');

describe(`the email notifications switch (${testEngine})`, () => {
  let database: TestDatabase;
  let customerEmail: string;
  let vendorEmail: string;
  let appointmentId: string;
  let customerUserId: string;
  let vendorUserId: string;

  async function account(email: string) {
    const id = randomUUID();
    await database.db.insert(user).values({ id, name: 'Cuenta', email, emailVerified: true });
    await database.db.insert(profiles).values({ userId: id, email });
    return id;
  }

  const setSwitch = (userId: string, on: boolean) =>
    database.db.update(profiles).set({ notifyEmail: on }).where(eq(profiles.userId, userId));

  /** The mails an event queued, by recipient: 'customer', 'vendor'. */
  async function mailsOf(
    event: (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => Promise<void>,
  ) {
    await database.db.delete(outbox);
    await database.db.transaction(event);
    const rows = await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    return rows.map(({ payload }) =>
      payload.to === customerEmail ? 'customer' : payload.to === vendorEmail ? 'vendor' : String(payload.to),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    customerEmail = `ana.${randomUUID()}@example.test`;
    vendorEmail = `plomeria.${randomUUID()}@example.test`;
    customerUserId = await account(customerEmail);
    vendorUserId = await account(`owner.${randomUUID()}@example.test`);
    const vendor = await insertVendor(database.db, { businessEmail: vendorEmail, userId: vendorUserId });
    const service = await insertService(database.db, vendor.id);
    const customer = await insertCustomer(database.db, { email: customerEmail, userId: customerUserId });
    const [row] = await database.db
      .insert(appointments)
      .values(
        appointmentValues(vendor.id, customer, '2026-11-25T16:00:00Z', 120, {
          serviceId: service.id,
          status: 'confirmed',
        }),
      )
      .returning();
    appointmentId = row!.id;
  });
  afterAll(() => database.close());

  const booking = async () => (await getBookingView(database.db, appointmentId))!;

  describe('on (the default)', () => {
    beforeEach(async () => {
      await setSwitch(customerUserId, true);
      await setSwitch(vendorUserId, true);
    });

    it('sends every notification to both sides', async () => {
      const b = await booking();
      expect(await mailsOf((tx) => notifyReminder(tx, b, NOW, testManageLink))).toEqual([
        'customer',
        'vendor',
      ]);
      expect(
        await mailsOf((tx) => notifyRequestExpired(tx, b, { now: NOW, manageLink: testManageLink })),
      ).toEqual(['customer']);
    });
  });

  describe('off for both accounts', () => {
    beforeEach(async () => {
      await setSwitch(customerUserId, false);
      await setSwitch(vendorUserId, false);
    });

    it('sends no notification: reminders, declines, expiries, unpaid cancellations, a vendor’s news', async () => {
      const b = await booking();
      expect(await mailsOf((tx) => notifyReminder(tx, b, NOW, testManageLink))).toEqual([]);
      expect(
        await mailsOf((tx) => notifyBookingDeclined(tx, b, { now: NOW, manageLink: testManageLink })),
      ).toEqual([]);
      expect(
        await mailsOf((tx) => notifyRequestExpired(tx, b, { now: NOW, manageLink: testManageLink })),
      ).toEqual([]);
      expect(
        await mailsOf((tx) => notifyUnpaidCancelled(tx, b, { now: NOW, manageLink: testManageLink })),
      ).toEqual([]);
      expect(
        await mailsOf((tx) =>
          notifyCancelled(tx, b, {
            by: 'admin',
            note: null,
            refundMxn: 0,
            now: NOW,
            manageLink: testManageLink,
          }),
        ),
      ).toEqual([]);
    });

    it('still sends what the person asked for and what is about money', async () => {
      const b = await booking();
      // The customer's receipt of the request they made; the vendor's notice is a notification,
      // which WhatsApp carries — without a WhatsApp number, the mail is the request's only way there.
      const requested = (businessPhone: string | null) =>
        mailsOf((tx) =>
          notifyBookingRequested(tx, {
            appointmentId,
            vendor: { id: b.vendorProfileId, businessEmail: vendorEmail, businessPhone },
            facts: mailFactsOf(b, testManageLink),
            links: { confirm: 'http://barrio.test/c', decline: 'http://barrio.test/d' },
            customerWhatsApp: null,
          }),
        );
      expect(await requested('+525512345678')).toEqual(['customer']);
      expect((await requested(null)).sort()).toEqual(['customer', 'vendor']);
      // Money: the payment link, the payment's receipt, a cancellation with a refund owed.
      expect(
        await mailsOf((tx) =>
          notifyPaymentLink(tx, b, { url: 'http://barrio.test/pay', dueAt: NOW, manageLink: testManageLink }),
        ),
      ).toEqual(['customer']);
      expect(await mailsOf((tx) => notifyBookingPaid(tx, b, NOW, testManageLink))).toEqual(['customer']);
      expect(
        await mailsOf((tx) =>
          notifyCancelled(tx, b, {
            by: 'admin',
            note: null,
            refundMxn: 45_000,
            now: NOW,
            manageLink: testManageLink,
          }),
        ),
      ).toEqual(['customer']);
      // The customer's own cancellation and reschedule.
      expect(
        await mailsOf((tx) =>
          notifyCancelled(tx, b, {
            by: 'customer',
            note: null,
            refundMxn: 0,
            now: NOW,
            manageLink: testManageLink,
          }),
        ),
      ).toEqual(['customer']);
      expect(
        await mailsOf((tx) =>
          notifyRescheduled(tx, b, { previousStart: NOW, now: NOW, manageLink: testManageLink }),
        ),
      ).toEqual(['customer']);
    });
  });

  it('a guest without an account gets every notification', async () => {
    const guest = await insertCustomer(database.db);
    const b = await booking();
    const [row] = await database.db
      .insert(appointments)
      .values(
        appointmentValues(b.vendorProfileId, guest, '2026-11-26T16:00:00Z', 120, {
          serviceId: b.serviceId,
          status: 'confirmed',
        }),
      )
      .returning();
    const guestBooking = (await getBookingView(database.db, row!.id))!;
    await setSwitch(vendorUserId, false);
    expect(await mailsOf((tx) => notifyReminder(tx, guestBooking, NOW, testManageLink))).toEqual([
      guest.email,
    ]);
  });
});
