import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '../../../shared/admin.schemas.ts';
import type { PublicVendorDetail, VendorListResponse } from '../../../shared/vendor.schemas.ts';
import type { PendingChangeItem, RecentChangeItem } from '../../../shared/vendor-changes.schemas.ts';
import type { VendorAccountProfile } from '../../../shared/vendor-signup.schemas.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { useSeededApp } from '../../test/seeded-app.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW, WEDNESDAY_9 } from '../../test/test-week.ts';
import { signUpThroughWizard } from '../../test/vendor-signup.ts';

// Decision 055 through the real app: an approved vendor's change of identity waits for an admin
// while the public, the search and the booking messages keep the approved values; descriptive edits
// publish at once and are listed for admins. "Now" is Sunday 2026-11-22 12:00 in Mexico City.
const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`edits of an approved vendor (${testEngine})`, () => {
  const world = useSeededApp({ vendors: 2, clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } });
  const client = () => world.client();
  let admin: HttpClient;
  let anonymous: HttpClient;
  let n = 0;

  beforeAll(async () => {
    admin = await world.signedIn('admin');
    anonymous = client();
  });

  /** A vendor who signed up through the wizard and was approved, with one service, signed in. */
  async function approvedVendor(status: 'approved' | 'submitted' = 'approved') {
    n++;
    const vendor = await signUpThroughWizard(
      world.db,
      client,
      {
        business_name: `Plomería Cambios ${n}`,
        business_phone: `55 7100 00${String(n).padStart(2, '0')}`,
        business_email: `cambios.${n}@example.test`,
        password: 'Plomero#2026',
        bio: 'Reparaciones',
        service_category: 'repair',
      },
      status === 'approved' ? { approvedBy: admin } : {},
    );
    return { ...vendor, phone: `+52557100${String(n).padStart(4, '0')}` };
  }
  type Vendor = Awaited<ReturnType<typeof approvedVendor>>;

  const patch = (vendor: Vendor, json: unknown) => vendor.owner.patch('/api/vendor/profile', json);
  const own = async (vendor: Vendor) =>
    (await (await vendor.owner.get('/api/vendor/profile')).json()) as VendorAccountProfile;
  const publicProfile = async (vendor: Vendor) => {
    const res = await anonymous.get(`/api/vendors/${vendor.slug}`);
    expect(res.status).toBe(200);
    return (await res.json()) as PublicVendorDetail;
  };
  const found = async (q: string) => {
    const res = await anonymous.get(`/api/vendors?limit=50&q=${encodeURIComponent(q)}`);
    return ((await res.json()) as VendorListResponse).items.map((v) => v.id);
  };
  const pendingChanges = async () =>
    (
      (await (
        await admin.get('/api/admin/vendors/pending-changes?limit=50')
      ).json()) as AdminPage<PendingChangeItem>
    ).items;
  const recentChanges = async () =>
    (
      (await (
        await admin.get('/api/admin/vendors/recent-changes?limit=50')
      ).json()) as AdminPage<RecentChangeItem>
    ).items;
  const decide = (vendor: { id: string }, json: unknown) =>
    admin.post(`/api/admin/vendors/${vendor.id}/pending-change`, json);

  it('a rename waits for review: the public profile and the search keep the approved name', async () => {
    const vendor = await approvedVendor();
    const res = await patch(vendor, {
      business_name: 'Plomería Oficial CDMX (impostor)',
      bio: 'Ahora 24 horas',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answered = (await res.json()) as VendorAccountProfile;
    expect(answered.business_name).toBe(vendor.name);
    expect(answered.pending_change).toEqual({
      fields: { business_name: 'Plomería Oficial CDMX (impostor)' },
      submitted_at: NOW.replace('Z', '.000Z'),
    });

    const shown = await publicProfile(vendor);
    expect(shown.business_name).toBe(vendor.name);
    // The descriptive part of the same edit is public at once.
    expect(shown.bio).toBe('Ahora 24 horas');
    expect(await found('impostor')).not.toContain(vendor.id);
    expect(await found(vendor.name)).toContain(vendor.id);

    expect(await pendingChanges()).toContainEqual({
      vendor_profile_id: vendor.id,
      slug: vendor.slug,
      business_name: vendor.name,
      current: { business_name: vendor.name },
      proposed: { business_name: 'Plomería Oficial CDMX (impostor)' },
      submitted_at: NOW.replace('Z', '.000Z'),
    });
    const recent = (await recentChanges()).filter((c) => c.vendor_profile_id === vendor.id);
    expect(recent).toHaveLength(1);
    expect(recent[0]!.changes).toEqual({ bio: 'Ahora 24 horas' });
  });

  it('a new phone gets no booking request until approved', async () => {
    const vendor = await approvedVendor();
    expect(
      (await patch(vendor, { business_phone: '55 7999 0001', business_phone_country: 'MX' })).status,
    ).toBe(200);
    expect((await own(vendor)).business_phone).toBe(vendor.phone);
    expect((await own(vendor)).pending_change?.fields).toEqual({ business_phone: '+525579990001' });

    const booking = await anonymous.post('/api/bookings', {
      vendorId: vendor.id,
      serviceId: vendor.service.id,
      startTime: WEDNESDAY_9,
      customerName: 'Ana López',
      customerEmail: 'ana.cambios@example.test',
    });
    expect(booking.status, await booking.clone().text()).toBe(201);
    const toVendor = (await world.db.select().from(outbox))
      .filter((i) => i.kind === 'whatsapp')
      .map((i) => i.payload as { to: string; vendorProfileId?: string })
      .filter((p) => p.vendorProfileId === vendor.id);
    expect(toVendor.length).toBeGreaterThan(0);
    expect(toVendor.every((p) => p.to === vendor.phone)).toBe(true);
  });

  it('a second change merges field by field; giving a field back its public value withdraws it', async () => {
    const vendor = await approvedVendor();
    await patch(vendor, { business_name: 'Nombre Uno', address: 'Calle Dos 2' });
    await patch(vendor, { business_name: 'Nombre Dos', service_category: 'tech' });
    expect((await own(vendor)).pending_change?.fields).toEqual({
      business_name: 'Nombre Dos',
      address: 'Calle Dos 2',
      service_category: 'tech',
    });
    // The editor sends every field: the public ones unchanged, the pending ones as pending.
    await patch(vendor, { business_name: vendor.name, address: 'Calle Dos 2' });
    expect((await own(vendor)).pending_change?.fields).toEqual({
      address: 'Calle Dos 2',
      service_category: 'tech',
    });
    await patch(vendor, { address: 'Calle Colima 1, Roma Norte', service_category: 'repair' });
    expect((await own(vendor)).pending_change).toBeNull();
    expect((await pendingChanges()).map((c) => c.vendor_profile_id)).not.toContain(vendor.id);
  });

  it('approval applies exactly the pending fields, keeps a later descriptive edit, and tells the vendor', async () => {
    const vendor = await approvedVendor();
    await patch(vendor, { business_name: 'Plomería Nueva Era', business_phone: '55 7999 0002' });
    await patch(vendor, { bio: 'Escrito después', languages: ['Spanish', 'English'] });
    expect((await decide({ id: MISSING }, { decision: 'approve' })).status).toBe(404);
    expect((await decide(vendor, { decision: 'approve', message: 'ok' })).status).toBe(400);

    const res = await decide(vendor, { decision: 'approve' });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await world.db.select().from(vendorProfiles).where(eq(vendorProfiles.id, vendor.id));
    expect(row).toMatchObject({
      businessName: 'Plomería Nueva Era',
      businessPhone: '+525579990002',
      bio: 'Escrito después',
      languages: ['Spanish', 'English'],
      address: 'Calle Colima 1, Roma Norte',
      pendingChanges: null,
      pendingChangesAt: null,
    });
    await vi.waitFor(async () => expect(await found('Nueva Era')).toContain(vendor.id), { timeout: 5_000 });
    expect((await publicProfile(vendor)).business_name).toBe('Plomería Nueva Era');
    const mails = (await world.db.select().from(outbox))
      .filter((i) => i.kind === 'mail')
      .map((i) => i.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === vendor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Plomería Nueva Era');

    // Decided: nothing waits any more.
    expect((await decide(vendor, { decision: 'approve' })).status).toBe(409);
  });

  it('rejection needs a reason, keeps the public values, and the vendor reads the reason', async () => {
    const vendor = await approvedVendor();
    await patch(vendor, { business_name: 'Plomería Oficial CDMX (impostor)' });
    const noReason = await decide(vendor, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Write a message for the vendor.');
    expect((await own(vendor)).pending_change).not.toBeNull();

    expect(
      (await decide(vendor, { decision: 'reject', message: 'El nombre suplanta a otro negocio.' })).status,
    ).toBe(200);
    const profile = await own(vendor);
    expect(profile.business_name).toBe(vendor.name);
    expect(profile.pending_change).toBeNull();
    expect(profile.rejected_change).toEqual({
      fields: { business_name: 'Plomería Oficial CDMX (impostor)' },
      message: 'El nombre suplanta a otro negocio.',
      decided_at: NOW.replace('Z', '.000Z'),
    });
    expect((await publicProfile(vendor)).business_name).toBe(vendor.name);
    // A new change replaces the notice of the rejected one.
    await patch(vendor, { business_name: 'Plomería Roma' });
    expect((await own(vendor)).rejected_change).toBeNull();
  });

  it('two admins deciding at once: one wins, the other gets 409', async () => {
    const vendor = await approvedVendor();
    await patch(vendor, { business_name: 'Plomería Carrera' });
    const results = await Promise.all([
      decide(vendor, { decision: 'approve' }),
      decide(vendor, { decision: 'reject', message: 'No' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a vendor not yet approved edits its identity directly (the whole profile waits for review)', async () => {
    const vendor = await approvedVendor('submitted');
    const res = await patch(vendor, { business_name: 'Plomería Renombrada' });
    expect(((await res.json()) as VendorAccountProfile).business_name).toBe('Plomería Renombrada');
    expect((await own(vendor)).pending_change).toBeNull();
    expect((await recentChanges()).map((c) => c.vendor_profile_id)).not.toContain(vendor.id);
  });

  it('lists services added and changed by approved vendors among the recent changes', async () => {
    const vendor = await approvedVendor();
    const created = await vendor.owner.post('/api/vendor/services', {
      name: 'Destape de drenaje',
      price_cents: 45_000,
      duration_minutes: 60,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await vendor.owner.patch(`/api/vendor/services/${id}`, { price_cents: 50_000 });
    // The same price again changes nothing, so it lists nothing.
    await vendor.owner.patch(`/api/vendor/services/${id}`, { price_cents: 50_000 });
    const recent = (await recentChanges()).filter((c) => c.vendor_profile_id === vendor.id);
    expect(recent.map((c) => c.changes)).toEqual([
      { services: { action: 'changed', name: 'Destape de drenaje', price_cents: 50_000 } },
      { services: { action: 'added', name: 'Destape de drenaje', price_cents: 45_000 } },
    ]);
  });
});
