import type { PublicVendor, PublicVendorDetail } from '../../../shared/vendor.schemas.ts';

// Test data for the vendor screens' tests (not imported by the app).

export function fakeVendor(n: number, overrides: Partial<PublicVendor> = {}): PublicVendor {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    slug: `vendor-${n}`,
    business_name: `Vendor ${n}`,
    service_category: 'cleaning',
    bio: null,
    profile_image_url: null,
    cover_image_url: null,
    pricing_type: 'fixed',
    is_verified: false,
    certifications: [],
    application_status: 'approved',
    experience_years: null,
    service_areas: ['Condesa'],
    languages: ['Spanish'],
    timezone: 'America/Mexico_City',
    created_at: new Date(2026, 0, 1).toISOString(),
    services: [{ id: `s${n}`, name: 'Deep clean', price_cents: 45_000, duration_minutes: 120 }],
    ...overrides,
  };
}

export function fakeVendorDetail(n: number, overrides: Partial<PublicVendorDetail> = {}): PublicVendorDetail {
  const { services: _, ...vendor } = fakeVendor(n);
  return {
    ...vendor,
    services: [
      {
        id: `s${n}`,
        name: 'Deep clean',
        description: 'Kitchen and bathrooms',
        price_cents: 45_000,
        duration_minutes: 90,
        location: 'vendor' as const,
      },
    ],
    place_address: null,
    ...overrides,
  };
}

export type FakeAnswer = { status: number; body: unknown };

/** Stubs fetch with `answer(url)`; returns the requested URLs. */
export function stubFetch(answer: (url: URL) => FakeAnswer, stub: (name: string, value: unknown) => void) {
  const requests: URL[] = [];
  stub('fetch', async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}
