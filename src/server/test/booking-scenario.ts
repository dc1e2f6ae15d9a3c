import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { hc } from 'hono/client';
import { expect } from 'vitest';
import type { CreateBookingResponse } from '../../shared/booking.schemas.ts';
import type { AppType } from '../app.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/bookings.ts';
import { outbox } from '../db/schema/messaging.ts';
import { checkoutDeps, manageLinkFor } from '../features/booking-lifecycle/booking-checkout.ts';
import { vendorAnswerDeadline } from '../features/booking-lifecycle/booking-status.ts';
import { expireOverdueBookings } from '../features/booking-lifecycle/expire-bookings.ts';
import { createStripeProvider } from '../integrations/payments/stripe-provider.ts';
import { fixedClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { insertService, insertVendor } from './factories.ts';
import { type FakeStripe, signedStripeEvent, startFakeStripe } from './fake-stripe.ts';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { createTestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import { APP_URL } from './test-week.ts';

// The world the booking route tests share: the real app over a test database, the injectable clock,
// the Stripe fake when a test is about payments, the sweeper, and steps that move a booking through
// the real routes as a customer and a vendor would. Each step starts from where the one before left
// the booking, so a test states only the part of the lifecycle it is about.

export const STRIPE_SECRET_KEY = 'sk_test_barrio_fake';
export const STRIPE_WEBHOOK_SECRET = 'whsec_barrio_test_secret';

type VendorInsert = Parameters<typeof insertVendor>[1];
type ServiceInsert = Parameters<typeof insertService>[2];

/**
 * Hono's typed client over app.request() (its testing guide): paths, inputs and answers typed by the
 * routes, so a renamed or reshaped route fails the typecheck. The requests go through `http`, a
 * browser-like client (cookies, Origin, its own IP address).
 */
export function createApiClient(http: HttpClient, origin = APP_URL) {
  return hc<AppType>(`${origin}/api`, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      http.request(input instanceof Request ? input.url : String(input), init),
  });
}
export type TestApiClient = ReturnType<typeof createApiClient>;

export interface ScenarioOptions {
  /** "Now" when the scenario starts; the clock moves only when a test moves it. */
  now: string;
  /** Payments through the Stripe fake and the real `stripe` SDK; the sandbox provider when unset. */
  stripe?: boolean;
  /** Whether the Stripe checkouts offer OXXO as well as cards (they do unless set false). */
  oxxo?: boolean;
  /** More of the app's environment (APP_URL and RATE_LIMITS=off are set). */
  env?: Record<string, string>;
}

/** What requested() books: a vendor of its own (so bookings never collide) unless one is given. */
export interface RequestOptions {
  startTime: string;
  vendor?: Awaited<ReturnType<typeof insertVendor>>;
  /** A service of `vendor` to book again; a new 60-minute one at $450 unless given. */
  service?: Awaited<ReturnType<typeof insertService>>;
  vendorFields?: VendorInsert;
  serviceFields?: ServiceInsert;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  /** The form's WhatsApp consent (decision 070); left out, as an unticked box is. */
  whatsappOptIn?: boolean;
  notes?: string;
  /** The browser's Accept-Language (decision 072: the booking speaks it); none, as a script sends. */
  acceptLanguage?: string;
}

export async function createBookingScenario({ now, stripe = false, oxxo = true, env = {} }: ScenarioOptions) {
  const database: TestDatabase = await createTestDatabase();
  const clock = fixedClock(now);
  let fake: FakeStripe | undefined;
  try {
    fake = stripe
      ? await startFakeStripe({ secretKey: STRIPE_SECRET_KEY, now: () => clock.now() })
      : undefined;
  } catch (err) {
    await database.close();
    throw err;
  }
  const { app, config, payments } = createTestApp(database, {
    clock,
    env: {
      APP_URL: APP_URL,
      RATE_LIMITS: 'off',
      ...(fake ? { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } : {}),
      ...env,
    },
    ...(fake
      ? {
          payments: createStripeProvider({
            secretKey: STRIPE_SECRET_KEY,
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            oxxo,
            api: fake.api,
          }),
        }
      : {}),
  });
  const db = database.db;
  const appDeps = { payments, config, logger: createLogger('silent') };

  const rowOf = async (id: string) =>
    (await db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

  /**
   * The mails queued to an address, oldest first: ordered by the transaction that queued them, since
   * PostgreSQL returns rows in whatever order its heap holds them once the sender has updated some.
   */
  async function mailsTo(to: string) {
    const items = await db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'mail'))
      .orderBy(asc(outbox.createdAt));
    return items
      .map((i) => i.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);
  }

  /** The vendor's confirm token, from the request mail waiting in the outbox (its subject names the code). */
  async function confirmTokenOf(booking: { code: string; vendor: { businessEmail: string | null } }) {
    const mail = (await mailsTo(booking.vendor.businessEmail ?? '')).find((m) =>
      m.subject.includes(booking.code),
    );
    const token = /vendor-confirm\?token=([A-Za-z0-9_-]+)&action=confirm/.exec(String(mail?.text))?.[1];
    if (!token) throw new Error(`no vendor notification for ${booking.code}`);
    return token;
  }

  /**
   * The steps, through one app over the scenario's database: its own by default, or another one made
   * by the test (a second payment provider, a second instance).
   */
  function stepsOver(target: Hono<AppEnv>) {
    /** A fresh browser: no cookies, an IP address of its own. */
    const http = () => createHttpClient(target, { origin: config.appUrl });
    /** The typed API client of a fresh browser. */
    const api = (browser: HttpClient = http()) => createApiClient(browser, config.appUrl);

    /** The customer asked for a time: the booking waits for the vendor's answer. */
    async function requested({
      startTime,
      vendor: given,
      service: givenService,
      vendorFields,
      serviceFields,
      customerName = 'Ana López',
      customerEmail = 'ana@example.test',
      customerPhone,
      whatsappOptIn,
      notes,
      acceptLanguage,
    }: RequestOptions) {
      const vendor = given ?? (await insertVendor(db, vendorFields));
      const service =
        givenService ??
        (await insertService(db, vendor.id, {
          durationMinutes: 60,
          priceCents: 45_000,
          ...serviceFields,
        }));
      const res = await api().bookings.$post(
        {
          json: {
            vendorId: vendor.id,
            serviceId: service.id,
            startTime,
            customerName,
            customerEmail,
            customerPhone,
            whatsappOptIn,
            notes,
          },
        },
        acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : undefined,
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const booking = (await res.json()) as CreateBookingResponse;
      const manageToken = new URL(booking.manage_path, config.appUrl).searchParams.get('token') ?? '';
      const requestedBooking = { ...booking, booking, vendor, service, manageToken };
      return { ...requestedBooking, confirmToken: await confirmTokenOf(requestedBooking) };
    }
    type Booking = Awaited<ReturnType<typeof requested>>;

    /** The vendor answered yes by the link in its mail: awaiting payment (or confirmed, when free). */
    async function confirmed(options: RequestOptions | Booking) {
      const booking = 'confirmToken' in options ? options : await requested(options);
      const res = await api().bookings.confirm.$post({
        json: { token: booking.confirmToken, action: 'confirm' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return { ...booking, row: await rowOf(booking.id) };
    }

    /**
     * The customer paid the booking's checkout: Stripe's signed checkout.session.completed, or the
     * sandbox's Pay button.
     */
    async function paid(options: RequestOptions | Booking | Awaited<ReturnType<typeof confirmed>>) {
      const booking = 'row' in options ? options : await confirmed(options);
      const sessionId = booking.row.checkoutSessionId;
      if (!sessionId) throw new Error(`no checkout for ${booking.code}`);
      let res: Response;
      if (fake && target === app) {
        fake.complete(sessionId);
        res = await stripeWebhook(sessionEvent('checkout.session.completed', sessionId));
      } else {
        res = await http().post(`/api/sandbox/checkout/${sessionId}/pay`);
      }
      expect(res.status, await res.clone().text()).toBe(200);
      return { ...booking, row: await rowOf(booking.id) };
    }

    /**
     * The booking ended before it happened: the vendor declined it, the customer cancelled it on its
     * page, or its answer deadline passed and the sweeper expired it (the clock is moved there).
     */
    async function ended(booking: Booking, how: 'declined' | 'cancelled' | 'expired') {
      if (how === 'expired') {
        const row = await rowOf(booking.id);
        const deadline = vendorAnswerDeadline(row.createdAt, row.startTz);
        if (clock.now() < deadline) clock.set(deadline);
        await sweep();
      } else {
        const res =
          how === 'declined'
            ? await api().bookings.confirm.$post({ json: { token: booking.confirmToken, action: 'decline' } })
            : await api().bookings.manage.cancel.$post({ json: { token: booking.manageToken } });
        expect(res.status, await res.clone().text()).toBe(200);
      }
      return { ...booking, row: await rowOf(booking.id) };
    }

    return { app: target, http, api, requested, confirmed, paid, ended };
  }
  const steps = stepsOver(app);

  /** One pass of the expiry sweeper at the clock's now, as the running server makes it. */
  const sweep = () =>
    expireOverdueBookings({
      db,
      now: clock.now(),
      manageLink: manageLinkFor({ config }),
      checkout: checkoutDeps(appDeps),
    });

  /** A Stripe event about any object, signed now. */
  const signedEvent = (type: string, object: Record<string, unknown>) =>
    signedStripeEvent({
      type,
      object,
      secret: STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });

  /** A Stripe event about one of the fake's checkouts, signed now. */
  function sessionEvent(type: string, sessionId: string, extra: Record<string, unknown> = {}) {
    if (!fake) throw new Error('the scenario has no Stripe fake');
    return signedEvent(type, { ...fake.sessions.get(sessionId), ...extra });
  }

  /** Stripe's delivery: the raw body as signed (the typed client would encode it anew). */
  const stripeWebhook = (event: { payload: string; header: string }, target: Hono<AppEnv> = app) =>
    target.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    });

  return {
    config,
    /** The server's secret, which the booking page tokens are made with. */
    secret: config.authSecret,
    database,
    db,
    clock,
    payments,
    /** The Stripe fake, when the scenario was made with `stripe: true`. */
    stripe: fake,
    ...steps,
    /** The same steps through another app over this database. */
    over: stepsOver,
    rowOf,
    mailsTo,
    sweep,
    sessionEvent,
    stripeWebhook,
    /** Stripe's delivery of an event about any object (a charge, a refund), signed now. */
    stripeEvent: (type: string, object: Record<string, unknown>) => stripeWebhook(signedEvent(type, object)),
    async close() {
      await fake?.close();
      await database.close();
    },
  };
}

/**
 * The vendor's raw confirm token for the booking `code`, from its request mail in the outbox (only
 * the token's hash is stored): for tests that book without a scenario.
 */
export async function confirmTokenInOutbox(db: Db, code: string): Promise<string> {
  const rows = await db.select().from(outbox).where(eq(outbox.kind, 'mail'));
  const mail = rows.find((r) => String(r.payload.subject).includes(`reserva ${code}`));
  const match = /token=([A-Za-z0-9_-]+)&action=confirm/.exec(String(mail?.payload.text));
  if (!match?.[1]) throw new Error(`no vendor mail for ${code}`);
  return match[1];
}

export type BookingScenario = Awaited<ReturnType<typeof createBookingScenario>>;
export type ScenarioBooking = Awaited<ReturnType<BookingScenario['requested']>>;
/** The steps through one app: the scenario's own, or another one's (`over`). */
export type BookingSteps = ReturnType<BookingScenario['over']>;
