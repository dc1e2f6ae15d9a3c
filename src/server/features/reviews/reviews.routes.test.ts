import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MyBooking } from '../../../shared/booking.schemas.ts';
import {
  type AdminReviewsResponse,
  type CreatedReview,
  type ReviewRequest,
  reviewMessages,
  type VendorOwnReviewsResponse,
  type VendorReviewsResponse,
} from '../../../shared/review.schemas.ts';
import type { PublicVendorDetail, VendorListResponse } from '../../../shared/vendor.schemas.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { vendorRatings } from '../../db/schema/reviews.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { insertVendor } from '../../test/factories.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, MONDAY_9, NOW } from '../../test/test-week.ts';
import { manageLinkFor } from '../booking-lifecycle/booking-checkout.ts';
import { requestReviews } from '../booking-lifecycle/request-reviews.ts';
import { payoutPeople } from '../payouts/payouts.test-utils.ts';
import { VENDORS_CHANNEL } from '../vendors/public-list-cache.ts';

// Reviews through the real routes (decision 066). Each test books Monday 9:00 (60 minutes) with a
// vendor of its own, from Sunday noon; the clock is then moved past the appointment's end.
const ENDED = new Date(new Date(MONDAY_9).getTime() + HOUR + 60_000);
const DAY = 24 * HOUR;

describe(`reviews (${testEngine})`, () => {
  let world: BookingScenario;
  let people: Awaited<ReturnType<typeof payoutPeople>>;
  let n = 0;

  /** The vendors' change notifications (decision 026) this test has seen, and a wait for the next. */
  const vendorChanges = {
    seen: 0,
    waiting: [] as { count: number; resolve: () => void }[],
    after(count: number) {
      return count < this.seen
        ? Promise.resolve()
        : new Promise<void>((resolve) => this.waiting.push({ count, resolve }));
    },
  };

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
    people = await payoutPeople(world, 'reviews');
    await world.database.notifications.listen(VENDORS_CHANNEL, () => {
      vendorChanges.seen++;
      const ready = vendorChanges.waiting.filter((w) => w.count < vendorChanges.seen);
      vendorChanges.waiting = vendorChanges.waiting.filter((w) => w.count >= vendorChanges.seen);
      for (const w of ready) w.resolve();
    });
  });
  afterAll(() => world?.close());
  beforeEach(() => world.clock.set(NOW));

  /** A paid booking of a vendor of its own (or the one given), by a customer of its own. */
  async function paidBooking(options: Partial<Parameters<BookingScenario['paid']>[0]> = {}) {
    const customerEmail = `customer.${++n}@example.test`;
    const booking = await world.paid({
      startTime: MONDAY_9,
      customerName: 'Ana Lucía López Pérez',
      customerEmail,
      ...options,
    });
    return { ...booking, customerEmail };
  }
  const page = { offset: '0', limit: '10' };

  const api = () => world.api();
  const request = (token: string) => api().reviews.request.$get({ query: { token } });
  const review = (token: string, rating: number, comment?: string) =>
    api().reviews.$post({ json: { token, rating, ...(comment === undefined ? {} : { comment }) } });
  const vendorOf = async (slug: string) =>
    (await (
      await api().vendors[':idOrSlug'].$get({ param: { idOrSlug: slug } })
    ).json()) as PublicVendorDetail;
  const reviewsOf = async (slug: string) =>
    (await (
      await api().vendors[':idOrSlug'].reviews.$get({ param: { idOrSlug: slug }, query: page })
    ).json()) as VendorReviewsResponse;
  /** The vendor as Browse Vendors lists it (newest first: the test's vendor is on the first page). */
  const listed = async (vendorProfileId: string) => {
    const res = await api().vendors.$get({ query: { category: 'cleaning', offset: '0', limit: '50' } });
    return ((await res.json()) as VendorListResponse).items.find((v) => v.id === vendorProfileId);
  };
  const ratingOf = async (vendorProfileId: string) =>
    (
      await world.db
        .select({ count: vendorRatings.ratingCount, sum: vendorRatings.ratingSum })
        .from(vendorRatings)
        .where(eq(vendorRatings.vendorProfileId, vendorProfileId))
    )[0]!;

  /** Where the vendor's row is and which transaction wrote it: both change when the row is rewritten. */
  const vendorRowVersion = async (vendorProfileId: string) =>
    (
      (await world.db.execute(
        sql`select ctid::text as at, xmin::text as by from vendor_profiles where id = ${vendorProfileId}`,
      )) as unknown as { rows: { at: string; by: string }[] }
    ).rows[0];

  it('keeps a rating row for every vendor, following its approval and category (decision 067)', async () => {
    const vendor = await insertVendor(world.db, {
      serviceCategory: 'cleaning',
      applicationStatus: 'pending',
    });
    const row = async () =>
      (
        await world.db
          .select({
            approved: vendorRatings.approved,
            category: vendorRatings.serviceCategory,
            createdAt: vendorRatings.createdAt,
            count: vendorRatings.ratingCount,
          })
          .from(vendorRatings)
          .where(eq(vendorRatings.vendorProfileId, vendor.id))
      )[0];
    expect(await row()).toEqual({
      approved: false,
      category: 'cleaning',
      createdAt: vendor.createdAt,
      count: 0,
    });
    await world.db
      .update(vendorProfiles)
      .set({ applicationStatus: 'approved', serviceCategory: 'fitness' })
      .where(eq(vendorProfiles.id, vendor.id));
    expect(await row()).toMatchObject({ approved: true, category: 'fitness' });
    await world.db
      .update(vendorProfiles)
      .set({ applicationStatus: 'rejected' })
      .where(eq(vendorProfiles.id, vendor.id));
    expect(await row()).toMatchObject({ approved: false, category: 'fitness' });
    await world.db.delete(vendorProfiles).where(eq(vendorProfiles.id, vendor.id));
    expect(await row()).toBeUndefined();
  });

  it('takes a review only once a paid booking has ended, once, and shows it with the new average', async () => {
    const booking = await paidBooking();
    // Before the end: 422, and the page says why.
    let res: Response = await review(booking.manageToken, 5);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { message: reviewMessages.notEnded } });
    expect(await (await request(booking.manageToken)).json()).toMatchObject({
      can_review: false,
      refusal: reviewMessages.notEnded,
      review: null,
    });

    world.clock.set(ENDED);
    // Browse Vendors' answer is now kept in memory (decision 026).
    expect(await listed(booking.vendor.id)).toMatchObject({ rating_average: null, rating_count: 0 });
    expect(await (await request(booking.manageToken)).json()).toMatchObject({
      code: booking.code,
      vendor: { name: booking.vendor.businessName, slug: booking.vendor.slug },
      can_review: true,
      refusal: null,
    } satisfies Partial<ReviewRequest>);
    const vendorRowBefore = await vendorRowVersion(booking.vendor.id);
    res = await review(booking.manageToken, 4, '  Muy puntual y cuidadosa.  ');
    expect(res.status, await res.clone().text()).toBe(201);
    // The rating is kept in vendor_ratings: the wide vendor row is not rewritten (decision 067).
    expect(await vendorRowVersion(booking.vendor.id)).toEqual(vendorRowBefore);
    const created = (await res.json()) as CreatedReview;
    expect(created).toMatchObject({
      review: { rating: 4, comment: 'Muy puntual y cuidadosa.', status: 'published', answer: null },
      vendor: { slug: booking.vendor.slug, rating_average: 4, rating_count: 1 },
    });

    // Once per booking.
    res = await review(booking.manageToken, 1, 'otra vez');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { message: reviewMessages.alreadyReviewed } });
    expect(await ratingOf(booking.vendor.id)).toEqual({ count: 1, sum: 4 });

    // The profile, the list and the reviews tab show it.
    expect(await vendorOf(booking.vendor.slug)).toMatchObject({ rating_average: 4, rating_count: 1 });
    // The kept list drops its answer when the review changes the vendor's row, on every instance:
    // the notification comes after the commit, so the list is read again after each one until it
    // shows the new average (the test's timeout bounds the wait).
    let fromList = await listed(booking.vendor.id);
    while (fromList?.rating_count !== 1) {
      const seen = vendorChanges.seen;
      fromList = await listed(booking.vendor.id);
      if (fromList?.rating_count !== 1) await vendorChanges.after(seen);
    }
    expect(fromList).toMatchObject({ rating_average: 4, rating_count: 1 });
    const list = await reviewsOf(booking.vendor.slug);
    expect(list).toMatchObject({
      total: 1,
      average: 4,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
      items: [{ id: created.review.id, rating: 4, comment: 'Muy puntual y cuidadosa.', author: 'Ana L.' }],
    });
    // The page now shows the review instead of the form.
    expect(await (await request(booking.manageToken)).json()).toMatchObject({
      can_review: false,
      review: { id: created.review.id, rating: 4 },
    });
  });

  it('refuses bookings that did not take place, bad input and closed links, changing nothing', async () => {
    const declined = await world.ended(
      await world.requested({ startTime: MONDAY_9, customerEmail: `customer.${++n}@example.test` }),
      'declined',
    );
    const booking = await paidBooking();
    world.clock.set(ENDED);
    let res: Response = await review(declined.manageToken, 5);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { message: reviewMessages.didNotTakePlace } });

    for (const rating of [0, 6, 4.5]) {
      res = await review(booking.manageToken, rating);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(reviewMessages.rating);
    }
    res = await review(booking.manageToken, 5, 'x'.repeat(1001));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(reviewMessages.commentTooLong);
    // Another token: its last two characters changed (never to what they were, 1 in 4,096 runs).
    const tampered = `${booking.manageToken.slice(0, -2)}${booking.manageToken.endsWith('AA') ? 'BB' : 'AA'}`;
    res = await review(tampered, 5);
    expect(res.status).toBe(404);

    // 30 days after the end the link no longer opens anything.
    world.clock.set(new Date(ENDED.getTime() + 31 * DAY));
    res = await review(booking.manageToken, 5);
    expect(res.status).toBe(404);
    expect(await ratingOf(booking.vendor.id)).toEqual({ count: 0, sum: 0 });
    expect(await reviewsOf(booking.vendor.slug)).toMatchObject({ total: 0, average: null, items: [] });
  });

  it('lets the signed-in customer review by booking id, and nobody else', async () => {
    const customer = world.http();
    const email = `customer.${++n}@example.test`;
    const signUp = await customer.post('/api/auth/sign-up/email', {
      name: 'Beto Ruiz',
      email,
      password: 'Cliente#Barrio2026',
    });
    expect(signUp.status).toBe(200);
    const booking = await world.paid({
      startTime: MONDAY_9,
      customerEmail: email,
      customerName: 'Beto Ruiz',
    });
    // The booking was made as a guest: the customer's account takes it, as a proven email would.
    const { user } = (await signUp.json()) as { user: { id: string } };
    await world.db.update(customers).set({ userId: user.id }).where(eq(customers.email, email));
    world.clock.set(ENDED);
    const stranger = world.http();
    await stranger.post('/api/auth/sign-up/email', {
      name: 'Otro',
      email: `other.${n}@example.test`,
      password: 'Cliente#Barrio2026',
    });
    let res: Response = await world
      .api(stranger)
      .reviews.$post({ json: { booking_id: booking.id, rating: 5 } });
    expect(res.status).toBe(404);
    // Job History says it can be reviewed, and links the page.
    const mine = (await (await world.api(customer).me.bookings.$get()).json()) as { items: MyBooking[] };
    expect(mine.items.find((b) => b.id === booking.id)).toMatchObject({
      can_review: true,
      review_path: `/review/${booking.code}?token=${booking.manageToken}`,
      my_rating: null,
    });
    res = await world.api(customer).reviews.$post({ json: { booking_id: booking.id, rating: 5 } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as CreatedReview).review.comment).toBeNull();
    const after = (await (await world.api(customer).me.bookings.$get()).json()) as { items: MyBooking[] };
    expect(after.items.find((b) => b.id === booking.id)).toMatchObject({ can_review: false, my_rating: 5 });
    expect((await reviewsOf(booking.vendor.slug)).items[0]).toMatchObject({
      author: 'Beto R.',
      comment: null,
    });
  });

  it('a free confirmed booking can be reviewed too', async () => {
    const booking = await world.confirmed({
      startTime: MONDAY_9,
      customerEmail: `customer.${++n}@example.test`,
      serviceFields: { priceCents: 0 },
    });
    expect(booking.row.status).toBe('confirmed');
    world.clock.set(ENDED);
    expect((await review(booking.manageToken, 5)).status).toBe(201);
  });

  it('hide and delete take a review out of the average; its row keeps the booking reviewed', async () => {
    const vendor = await insertVendor(world.db);
    const first = await paidBooking({ vendor });
    const second = await paidBooking({
      vendor,
      startTime: new Date(new Date(MONDAY_9).getTime() + 2 * HOUR).toISOString(),
    });
    world.clock.set(new Date(new Date(MONDAY_9).getTime() + 3 * HOUR + 60_000));
    const five = (await (await review(first.manageToken, 5, 'Excelente')).json()) as CreatedReview;
    const three = (await (await review(second.manageToken, 3, 'Llegó tarde')).json()) as CreatedReview;
    expect(three.vendor).toMatchObject({ rating_average: 4, rating_count: 2 });

    // An admin hides the 3: it leaves the profile and the average, and both sides are told.
    const admin = people.adminApi();
    let res: Response = await admin.reviews[':id'].hide.$post({
      param: { id: three.review.id },
      json: { reason: 'Habla de otra persona' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'hidden', hidden_reason: 'Habla de otra persona' });
    expect(await vendorOf(vendor.slug)).toMatchObject({ rating_average: 5, rating_count: 1 });
    expect((await reviewsOf(vendor.slug)).items.map((r) => r.id)).toEqual([five.review.id]);
    expect((await world.mailsTo(second.customerEmail)).at(-1)?.text).toContain(
      'Motivo: Habla de otra persona',
    );
    expect((await world.mailsTo(vendor.businessEmail!)).at(-1)?.subject).toContain(second.code);
    res = await admin.reviews[':id'].hide.$post({
      param: { id: three.review.id },
      json: { reason: 'otra vez' },
    });
    expect(res.status).toBe(409);
    const hidden = (await (
      await admin.reviews.$get({ query: { status: 'hidden', ...page } })
    ).json()) as AdminReviewsResponse;
    expect(hidden.items.map((r) => r.id)).toContain(three.review.id);
    // The customer sees it hidden, with the reason, on the review page.
    expect(await (await request(second.manageToken)).json()).toMatchObject({
      review: { status: 'hidden', hidden_reason: 'Habla de otra persona' },
    });

    // The customer deletes the 5: the vendor has no rating left, and the booking stays reviewed.
    res = await api().reviews[':id'].delete.$post({
      param: { id: five.review.id },
      json: { token: first.manageToken },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'deleted', comment: null });
    expect(await ratingOf(vendor.id)).toEqual({ count: 0, sum: 0 });
    expect(await vendorOf(vendor.slug)).toMatchObject({ rating_average: null, rating_count: 0 });
    expect((await review(first.manageToken, 5)).status).toBe(409);
    // Another booking's link deletes nothing.
    res = await api().reviews[':id'].delete.$post({
      param: { id: three.review.id },
      json: { token: first.manageToken },
    });
    expect(res.status).toBe(404);
    // Deleting the hidden one keeps the average as it is (it was not in it).
    res = await api().reviews[':id'].delete.$post({
      param: { id: three.review.id },
      json: { token: second.manageToken },
    });
    expect(res.status).toBe(200);
    expect(await ratingOf(vendor.id)).toEqual({ count: 0, sum: 0 });
  });

  it('the vendor answers once; anybody reports; an admin dismisses; contacts are masked', async () => {
    const owner = await people.signedInVendor();
    const booking = await paidBooking({ vendor: owner.vendor });
    world.clock.set(ENDED);
    const created = (await (
      await review(booking.manageToken, 2, 'No vino. Mejor llamen al 55 1234 5678 o escriban a ana@correo.mx')
    ).json()) as CreatedReview;
    const id = created.review.id;
    // Shown masked to the public; its author reads what they wrote.
    expect((await reviewsOf(owner.vendor.slug)).items[0]!.comment).toBe(
      'No vino. Mejor llamen al ••• o escriban a •••',
    );
    expect(created.review.comment).toContain('55 1234 5678');

    const vendorApi = world.api(owner.browser).vendor;
    let res: Response = await vendorApi.reviews[':id'].answer.$post({
      param: { id },
      json: { text: 'Lo sentimos, hubo un error de agenda.' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    res = await vendorApi.reviews[':id'].answer.$post({ param: { id }, json: { text: 'Otra respuesta' } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { message: reviewMessages.alreadyAnswered } });
    expect((await reviewsOf(owner.vendor.slug)).items[0]!.answer).toMatchObject({
      text: 'Lo sentimos, hubo un error de agenda.',
    });
    // Another vendor cannot answer it.
    const other = await people.signedInVendor();
    res = await world
      .api(other.browser)
      .vendor.reviews[':id'].answer.$post({ param: { id }, json: { text: 'Hola' } });
    expect(res.status).toBe(404);

    // The vendor and a visitor report it; the admin's queue shows both reports.
    res = await world
      .api(owner.browser)
      .reviews[':id'].report.$post({ param: { id }, json: { reason: 'Publica un teléfono' } });
    expect(res.status).toBe(202);
    res = await api().reviews[':id'].report.$post({ param: { id }, json: { reason: 'Ofensivo' } });
    expect(res.status).toBe(202);
    const own = (await (await vendorApi.reviews.$get({ query: page })).json()) as VendorOwnReviewsResponse;
    expect(own).toMatchObject({
      total: 1,
      count: 1,
      average: 2,
      items: [{ id, reported: true, booking_code: booking.code }],
    });
    const admin = people.adminApi();
    const reported = (await (
      await admin.reviews.$get({ query: { status: 'reported', ...page } })
    ).json()) as AdminReviewsResponse;
    expect(
      reported.items
        .find((r) => r.id === id)
        ?.reports.map((r) => r.by)
        .sort(),
    ).toEqual(['vendor', 'visitor']);
    // The admin judges the words as written; the public sees them masked.
    expect(reported.items.find((r) => r.id === id)).toMatchObject({
      comment: 'No vino. Mejor llamen al ••• o escriban a •••',
      comment_as_written: expect.stringContaining('55 1234 5678'),
    });
    res = await admin.reviews[':id']['dismiss-report'].$post({ param: { id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reports: [] });
    res = await admin.reviews[':id']['dismiss-report'].$post({ param: { id } });
    expect(res.status).toBe(409);
    // The review stays, and counts.
    expect(await vendorOf(owner.vendor.slug)).toMatchObject({ rating_average: 2, rating_count: 1 });
    // Nobody but an admin moderates.
    res = await world
      .api(owner.browser)
      .admin.reviews[':id'].hide.$post({ param: { id }, json: { reason: 'No me gusta' } });
    expect(res.status).toBe(403);
  });

  it('asks for the review once, two hours after the end, even with two sweeps at once', async () => {
    const booking = await paidBooking({ customerPhone: '+52 55 8765 4321', whatsappOptIn: true });
    const ask = () =>
      requestReviews({ db: world.db, now: world.clock.now(), manageLink: manageLinkFor(world) });
    const asked = async () =>
      (await world.db.select().from(outbox)).filter((item) =>
        JSON.stringify(item.payload).includes(`/review/${booking.code}?token=`),
      );
    world.clock.set(new Date(ENDED.getTime() + HOUR)); // 1 h after the end: not yet
    await ask();
    expect(await asked()).toHaveLength(0);
    world.clock.set(new Date(ENDED.getTime() + 2 * HOUR));
    const counts = await Promise.all([ask(), ask()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await ask();
    const items = await asked();
    expect(items.map((item) => item.kind).sort()).toEqual(['mail', 'whatsapp']);
    const mail = items.find((item) => item.kind === 'mail')!.payload as { to: string; text: string };
    expect(mail.to).toBe(booking.customerEmail);
    expect(mail.text).toContain(`http://barrio.test/review/${booking.code}?token=${booking.manageToken}`);
    const [row] = await world.db.select().from(appointments).where(eq(appointments.id, booking.id));
    expect(row!.reviewRequestedAt).not.toBeNull();
  });
});
