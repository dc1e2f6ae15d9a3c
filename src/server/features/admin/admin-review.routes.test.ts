import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '../../../shared/admin.schemas.ts';
import type { PublicVendorDetail, VendorListResponse } from '../../../shared/vendor.schemas.ts';
import type { ReviewQueueItem, VendorReviewResult } from '../../../shared/vendor-review.schemas.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { useSeededApp } from '../../test/seeded-app.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW, WEDNESDAY_9 } from '../../test/test-week.ts';
import { signUpThroughWizard } from '../../test/vendor-signup.ts';

// The vendor review queue (decision 048) through the real app: approval gates every public
// read and booking requests; each review is one conditional UPDATE that notifies the vendor once.
// "Now" is Sunday 2026-11-22 12:00 in Mexico City; vendors keep the default week (Mon–Fri 09–17).
const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`the vendor review queue (${testEngine})`, () => {
  const world = useSeededApp({ vendors: 3, clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } });
  const client = () => world.client();
  let admin: HttpClient;
  let customer: HttpClient;
  let anonymous: HttpClient;
  let n = 0;

  beforeAll(async () => {
    admin = await world.signedIn('admin');
    customer = await world.signedIn('customer');
    anonymous = client();
  });

  /** A vendor who signed up through the wizard (submitted), with one active service, signed in. */
  async function signedUpVendor() {
    n++;
    const vendor = await signUpThroughWizard(world.db, client, {
      business_name: `Jardines Revisar ${n}`,
      business_phone: `55 7000 00${String(n).padStart(2, '0')}`,
      business_email: `revisar.${n}@example.test`,
      password: 'Jardin#2026',
      bio: 'Jardinería',
      service_category: 'Limpieza del Hogar',
    });
    return { ...vendor, phone: `+52557000${String(n).padStart(4, '0')}` };
  }

  async function review(id: string, json: unknown, as = admin) {
    return as.post(`/api/admin/vendors/${id}/review`, json);
  }

  async function notificationsOf(vendor: { id: string; email: string }) {
    const items = await world.db.select().from(outbox);
    const payloads = items.map(
      (i): Record<string, string> => ({ ...(i.payload as Record<string, string>), kind: i.kind }),
    );
    return {
      mails: payloads.filter((p) => p.kind === 'mail' && p.to === vendor.email),
      whatsapp: payloads.filter((p) => p.kind === 'whatsapp' && p.vendorProfileId === vendor.id),
    };
  }

  const listed = async (query = '') => {
    const page = (await (await anonymous.get(`/api/vendors?limit=50${query}`)).json()) as VendorListResponse;
    return page.items.map((v) => v.id);
  };

  it('keeps a submitted vendor out of lists, search, featured, similar, profile, slots and bookings', async () => {
    const vendor = await signedUpVendor();
    // An approved neighbour of the same category, whose similar vendors are read below.
    const neighbour = await insertVendor(world.db, {
      serviceCategory: 'cleaning',
      isClaimed: true,
    });
    await insertService(world.db, neighbour.id);

    expect(await listed()).not.toContain(vendor.id);
    expect(await listed('&q=Revisar')).not.toContain(vendor.id);
    const featured = (await (await anonymous.get('/api/vendors/featured')).json()) as {
      items: { id: string }[];
    };
    expect(featured.items.map((v) => v.id)).not.toContain(vendor.id);
    const similar = (await (await anonymous.get(`/api/vendors/${neighbour.id}/similar`)).json()) as {
      items: { id: string }[];
    };
    expect(similar.items.map((v) => v.id)).not.toContain(vendor.id);

    for (const who of [anonymous, customer]) {
      expect((await who.get(`/api/vendors/${vendor.slug}`)).status).toBe(404);
      expect((await who.get(`/api/vendors/${vendor.id}/similar`)).status).toBe(404);
    }
    expect(
      (await anonymous.get(`/api/vendors/${vendor.id}/availability?serviceId=${vendor.service.id}`)).status,
    ).toBe(404);
    const booking = await anonymous.post('/api/bookings', {
      vendorId: vendor.id,
      serviceId: vendor.service.id,
      startTime: WEDNESDAY_9,
      customerName: 'Ana López',
      customerEmail: 'ana.revisar@example.test',
    });
    expect(booking.status).toBe(404);
    expect((await anonymous.get(`/media/previews/${vendor.slug}.png`)).status).toBe(404);

    // Its owner and admins see the profile, with its status (decision 048).
    for (const who of [vendor.owner, admin]) {
      const res = await who.get(`/api/vendors/${vendor.slug}`);
      expect(res.status).toBe(200);
      const profile = (await res.json()) as PublicVendorDetail;
      expect(profile).toMatchObject({ id: vendor.id, application_status: 'submitted' });
      expect(profile.services).toHaveLength(1);
      const slots = await who.get(`/api/vendors/${vendor.id}/availability?serviceId=${vendor.service.id}`);
      expect(slots.status).toBe(200);
    }
  });

  it('lists submitted and pending vendors oldest first, with their services and claims', async () => {
    const older = await insertVendor(world.db, {
      applicationStatus: 'pending',
      reviewMessage: 'Agrega fotos',
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
    const claimed = await insertVendor(world.db, {
      applicationStatus: 'submitted',
      adminCreated: true,
      isClaimed: true,
      claimedAt: new Date('2026-11-20T10:00:00Z'),
      createdAt: new Date('2026-11-02T10:00:00Z'),
    });
    await insertService(world.db, claimed.id);
    await insertService(world.db, claimed.id, { isActive: false });
    const approved = await insertVendor(world.db, { createdAt: new Date('2026-10-01T10:00:00Z') });

    const res = await admin.get('/api/admin/vendors/review?limit=50');
    expect(res.status).toBe(200);
    const page = (await res.json()) as AdminPage<ReviewQueueItem>;
    const ids = page.items.map((v) => v.id);
    expect(ids).not.toContain(approved.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(claimed.id));
    expect(page.items.every((v) => ['submitted', 'pending'].includes(v.application_status))).toBe(true);
    const created = page.items.map((v) => v.created_at);
    expect(created).toEqual([...created].sort());
    expect(page.items.find((v) => v.id === older.id)).toMatchObject({
      application_status: 'pending',
      review_message: 'Agrega fotos',
    });
    expect(page.items.find((v) => v.id === claimed.id)).toMatchObject({
      active_services: 1,
      admin_created: true,
      claimed_at: '2026-11-20T10:00:00.000Z',
      claim_approved_at: null,
    });
    expect(page.total).toBe(page.items.length);
  });

  it('approves: the vendor is public at once, bookable, and told once by mail and WhatsApp', async () => {
    const vendor = await signedUpVendor();
    // A list read before the approval, so that a cached answer would have to be dropped.
    expect(await listed()).not.toContain(vendor.id);

    const res = await review(vendor.id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect((await res.json()) as VendorReviewResult).toMatchObject({
      id: vendor.id,
      application_status: 'approved',
      review_message: null,
      reviewed_at: NOW.replace('Z', '.000Z'),
    });

    // The cached lists drop their answers when the change's notification arrives (decision 026): wait for it.
    await vi.waitFor(async () => expect(await listed()).toContain(vendor.id), { timeout: 5_000 });
    expect(await listed('&q=Revisar')).toContain(vendor.id);
    expect((await anonymous.get(`/api/vendors/${vendor.slug}`)).status).toBe(200);
    expect((await anonymous.get(`/api/vendors/${vendor.slug}/similar`)).status).toBe(200);
    const neighbour = await insertVendor(world.db, { serviceCategory: 'cleaning' });
    const similar = (await (await anonymous.get(`/api/vendors/${neighbour.id}/similar`)).json()) as {
      items: { id: string }[];
    };
    expect(similar.items.map((v) => v.id)).toContain(vendor.id);
    expect(
      (await anonymous.get(`/api/vendors/${vendor.id}/availability?serviceId=${vendor.service.id}`)).status,
    ).toBe(200);
    const { mails, whatsapp } = await notificationsOf(vendor);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: expect.stringContaining('aprobado') });
    expect(mails[0]!.text).toContain(`${APP_URL}/public/vendor/${vendor.slug}`);
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]).toMatchObject({
      type: 'vendor_review',
      to: vendor.phone,
      template: { key: 'vendor_approved', parameters: [vendor.name, `${APP_URL}/vendor/dashboard`] },
    });

    const booking = await anonymous.post('/api/bookings', {
      vendorId: vendor.id,
      serviceId: vendor.service.id,
      startTime: WEDNESDAY_9,
      customerName: 'Ana López',
      customerEmail: 'ana.aprobado@example.test',
    });
    expect(booking.status, await booking.clone().text()).toBe(201);

    // Reviewed already: a second approval changes nothing and tells nobody again.
    expect((await review(vendor.id, { decision: 'approve' })).status).toBe(409);
    expect((await notificationsOf(vendor)).whatsapp.filter((w) => w.type === 'vendor_review')).toHaveLength(
      1,
    );
  });

  it('two admins deciding at once: one wins, the other gets 409, the vendor is told once', async () => {
    const vendor = await signedUpVendor();
    const results = await Promise.all([
      review(vendor.id, { decision: 'approve' }),
      review(vendor.id, { decision: 'reject', message: 'No es un servicio local' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const { mails, whatsapp } = await notificationsOf(vendor);
    expect(mails).toHaveLength(1);
    expect(whatsapp).toHaveLength(1);
  });

  it('asks for changes with a message: pending, stored, told once, shown to the vendor', async () => {
    const vendor = await signedUpVendor();
    for (const bad of [
      { decision: 'request_changes' },
      { decision: 'request_changes', message: '   ' },
      { decision: 'reject' },
      { decision: 'approve', message: 'sobra' },
      { decision: 'publish' },
      { decision: 'request_changes', message: 'x'.repeat(1001) },
    ]) {
      const res = await review(vendor.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const [untouched] = await world.db
      .select({ status: vendorProfiles.applicationStatus, reviewedAt: vendorProfiles.reviewedAt })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendor.id));
    expect(untouched).toEqual({ status: 'submitted', reviewedAt: null });
    expect((await notificationsOf(vendor)).mails).toHaveLength(0);

    const message = 'Agrega una foto de tu trabajo\ny el precio de cada servicio.';
    const res = await review(vendor.id, { decision: 'request_changes', message: `  ${message} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ application_status: 'pending', review_message: message });

    const { mails, whatsapp } = await notificationsOf(vendor);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(message);
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]).toMatchObject({
      template: {
        key: 'vendor_changes_requested',
        parameters: [
          vendor.name,
          'Agrega una foto de tu trabajo y el precio de cada servicio.',
          expect.any(String),
        ],
      },
    });

    const own = (await (await vendor.owner.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(own).toMatchObject({
      application_status: 'pending',
      review_message: message,
      reviewed_at: expect.any(String),
    });
    // Still under review: not public.
    expect((await anonymous.get(`/api/vendors/${vendor.slug}`)).status).toBe(404);
  });

  it('rejects with the reason: out of everything public, still seen by its owner', async () => {
    const vendor = await signedUpVendor();
    const res = await review(vendor.id, { decision: 'reject', message: 'No ofrece un servicio' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      application_status: 'rejected',
      review_message: 'No ofrece un servicio',
    });
    const { mails, whatsapp } = await notificationsOf(vendor);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Motivo: No ofrece un servicio');
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]).toMatchObject({ template: { key: 'vendor_rejected' } });

    expect((await anonymous.get(`/api/vendors/${vendor.slug}`)).status).toBe(404);
    expect((await vendor.owner.get(`/api/vendors/${vendor.slug}`)).status).toBe(200);
    // No longer in the queue, and not reviewed again from there.
    const queue = (await (
      await admin.get('/api/admin/vendors/review?limit=50')
    ).json()) as AdminPage<ReviewQueueItem>;
    expect(queue.items.map((v) => v.id)).not.toContain(vendor.id);
    expect((await review(vendor.id, { decision: 'approve' })).status).toBe(409);
  });

  it('approving a proven claim approves the claim too', async () => {
    const claimed = await insertVendor(world.db, {
      applicationStatus: 'submitted',
      adminCreated: true,
      isClaimed: true,
      claimedAt: new Date('2026-11-20T10:00:00Z'),
    });
    const res = await review(claimed.id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      application_status: 'approved',
      claim_approved_at: '2026-11-22T18:00:00.000Z',
    });
  });

  it('is for admins only, from our own origin; an unknown vendor is 404', async () => {
    const vendor = await signedUpVendor();
    expect((await anonymous.get('/api/admin/vendors/review')).status).toBe(401);
    expect((await customer.get('/api/admin/vendors/review')).status).toBe(403);
    expect((await review(vendor.id, { decision: 'approve' }, anonymous)).status).toBe(401);
    expect((await review(vendor.id, { decision: 'approve' }, customer)).status).toBe(403);
    expect((await review(vendor.id, { decision: 'approve' }, vendor.owner)).status).toBe(403);
    const foreign = createHttpClient(world.app, { origin: 'http://evil.test' });
    for (const [k, v] of admin.cookies) foreign.cookies.set(k, v);
    expect((await review(vendor.id, { decision: 'approve' }, foreign)).status).toBe(403);
    expect((await review(MISSING, { decision: 'approve' })).status).toBe(404);
    expect((await review('not-a-uuid', { decision: 'approve' })).status).toBe(400);
    const [still] = await world.db
      .select({ status: vendorProfiles.applicationStatus })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendor.id));
    expect(still?.status).toBe('submitted');
    expect((await notificationsOf(vendor)).mails).toHaveLength(0);
  });
});
