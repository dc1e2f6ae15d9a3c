import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicVendorDetail, VendorItemsResponse } from '../../../shared/vendor.schemas.ts';
import type { Database } from '../../db/client.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

// ARCHITECTURE §6: featured vendors, the public profile by id or slug, and similar vendors (product §7).

const privateFields = ['user_id', 'profile_id', 'business_email', 'business_phone', 'userId', 'profileId'];

describe(`discovery endpoints (${testEngine})`, () => {
  let database: Database;
  let request: (path: string) => Promise<Response>;
  const base = Date.parse('2026-02-01T00:00:00Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  let subject: Awaited<ReturnType<typeof insertVendor>>;
  let rejected: Awaited<ReturnType<typeof insertVendor>>;
  const similarIds = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    request = async (path) => createTestApp(database).app.request(path);
    const db = database.db;
    const listed = { applicationStatus: 'approved', onboardingCompleted: true, isClaimed: true } as const;

    subject = await insertVendor(db, {
      ...listed,
      businessName: 'Paseos Felices',
      slug: 'paseos-felices',
      serviceCategory: 'pets',
      bio: 'Paseos en grupo por la Condesa.',
      certifications: ['Primeros auxilios caninos'],
      createdAt: at(0),
    });
    await insertService(db, subject.id, {
      name: 'Paseo de 1 hora',
      description: 'Hasta 4 perros',
      priceCents: 15_000,
      durationMinutes: 60,
    });
    await insertService(db, subject.id, { name: 'Retirado', isActive: false });

    // Twelve eligible similar vendors (more than the limit of 10), newest last.
    for (let i = 0; i < 12; i++) {
      const v = await insertVendor(db, {
        ...listed,
        businessName: `Cuidado Mascota ${i}`,
        serviceCategory: 'pets',
        createdAt: at(10 + i),
      });
      similarIds.add(v.id);
    }
    // Not similar: unapproved, not onboarded, unclaimed, another category.
    await insertVendor(db, {
      ...listed,
      businessName: 'Mascotas Pendiente',
      serviceCategory: 'pets',
      applicationStatus: 'pending',
      createdAt: at(50),
    });
    await insertVendor(db, {
      ...listed,
      businessName: 'Mascotas Sin Onboarding',
      serviceCategory: 'pets',
      onboardingCompleted: false,
      createdAt: at(51),
    });
    await insertVendor(db, {
      ...listed,
      businessName: 'Mascotas Sin Reclamar',
      serviceCategory: 'pets',
      isClaimed: false,
      createdAt: at(52),
    });
    await insertVendor(db, {
      ...listed,
      businessName: 'Limpieza Vecina',
      serviceCategory: 'cleaning',
      createdAt: at(53),
    });
    rejected = await insertVendor(db, {
      ...listed,
      businessName: 'Rechazado',
      serviceCategory: 'pets',
      applicationStatus: 'rejected',
      createdAt: at(54),
    });

    // Featured candidates: verified + approved + a service; the newest wins.
    for (let i = 0; i < 4; i++) {
      const v = await insertVendor(db, {
        businessName: `Destacado ${i}`,
        isVerified: true,
        serviceCategory: 'tutoring',
        createdAt: at(100 + i),
      });
      await insertService(db, v.id, { name: 'Clase' });
    }
    // Newer, but not featured: no active service; not approved; rejected.
    const noService = await insertVendor(db, {
      businessName: 'Sin Servicio',
      isVerified: true,
      createdAt: at(200),
    });
    await insertService(db, noService.id, { isActive: false });
    const pending = await insertVendor(db, {
      businessName: 'Pendiente',
      isVerified: true,
      applicationStatus: 'submitted',
      createdAt: at(201),
    });
    await insertService(db, pending.id);
  });
  afterAll(() => database.close());

  async function json<T>(path: string, status = 200): Promise<T> {
    const res = await request(path);
    expect(res.status).toBe(status);
    const text = await res.text();
    for (const field of privateFields) expect(text).not.toContain(`"${field}"`);
    return JSON.parse(text) as T;
  }

  it('features 3 vendors: verified, approved, bookable, newest first', async () => {
    const { items } = await json<VendorItemsResponse>('/api/vendors/featured');
    expect(items.map((v) => v.business_name)).toEqual(['Destacado 3', 'Destacado 2', 'Destacado 1']);
    for (const v of items) expect(v.services.length).toBeGreaterThan(0);
  });

  it('fills the featured list with unverified bookable vendors when too few are verified', async () => {
    const other = await createTestDatabase();
    try {
      const { app } = createTestApp(other);
      const one = await insertVendor(other.db, {
        businessName: 'Verificado',
        isVerified: true,
        createdAt: at(1),
      });
      await insertService(other.db, one.id);
      for (let i = 0; i < 3; i++) {
        const v = await insertVendor(other.db, { businessName: `Nuevo ${i}`, createdAt: at(10 + i) });
        await insertService(other.db, v.id);
      }
      const body = (await (await app.request('/api/vendors/featured')).json()) as VendorItemsResponse;
      expect(body.items.map((v) => v.business_name)).toEqual(['Verificado', 'Nuevo 2', 'Nuevo 1']);
    } finally {
      await other.close();
    }
  });

  it('finds a vendor by slug and by id, with active services and their descriptions', async () => {
    const bySlug = await json<PublicVendorDetail>('/api/vendors/paseos-felices');
    const byId = await json<PublicVendorDetail>(`/api/vendors/${subject.id}`);
    expect(byId).toEqual(bySlug);
    expect(bySlug).toMatchObject({
      id: subject.id,
      slug: 'paseos-felices',
      business_name: 'Paseos Felices',
      bio: 'Paseos en grupo por la Condesa.',
      certifications: ['Primeros auxilios caninos'],
    });
    expect(bySlug.services).toEqual([
      {
        id: expect.any(String),
        name: 'Paseo de 1 hora',
        description: 'Hasta 4 perros',
        price_cents: 15_000,
        duration_minutes: 60,
        // The test service says it is done at the vendor's place.
        location: 'vendor',
      },
    ]);
    expect(await json<PublicVendorDetail>('/api/vendors/Paseos-Felices')).toEqual(bySlug);
  });

  it.each([
    ['an unknown slug', '/api/vendors/nobody-here'],
    ['an unknown id', '/api/vendors/00000000-0000-4000-8000-000000000000'],
    ['a rejected vendor by id', () => `/api/vendors/${rejected.id}`],
    ['a rejected vendor by slug', () => `/api/vendors/${rejected.slug}`],
    ['a reference that is no slug at all', '/api/vendors/%20%3Cscript%3E'],
    ['similar vendors of an unknown vendor', '/api/vendors/nobody-here/similar'],
  ])('answers %s with 404 in the error shape', async (_, path) => {
    const body = await json<{ error: { code: string; message: string } }>(
      typeof path === 'function' ? path() : path,
      404,
    );
    expect(body).toEqual({ error: { code: 'not_found', message: 'Vendor not found.' } });
  });

  it('lists at most 10 similar vendors: same category, approved, onboarded, claimed, not itself', async () => {
    const bySlug = await json<VendorItemsResponse>('/api/vendors/paseos-felices/similar');
    expect(bySlug.items).toHaveLength(10);
    for (const v of bySlug.items) {
      expect(v.service_category).toBe('pets');
      expect(v.application_status).toBe('approved');
      expect(v.id).not.toBe(subject.id);
      expect(similarIds.has(v.id)).toBe(true);
    }
    expect(bySlug.items[0]?.business_name).toBe('Cuidado Mascota 11');
    expect(await json<VendorItemsResponse>(`/api/vendors/${subject.id}/similar`)).toEqual(bySlug);
  });

  it('does not mistake /featured for a slug', async () => {
    const featured = await request('/api/vendors/featured');
    expect(featured.status).toBe(200);
    expect(Object.keys((await featured.json()) as object)).toEqual(['items']);
  });
});
