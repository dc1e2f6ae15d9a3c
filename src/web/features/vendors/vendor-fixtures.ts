import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { PublicVendor, PublicVendorDetail, VendorListResponse } from '../../../shared/vendor.schemas.ts';
import { type PublicPhoto, photoVariantWidths } from '../../../shared/vendor-photos.ts';
import { i18n } from '../../i18n/i18n.ts';

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
    instant_booking: false,
    services: [{ id: `s${n}`, name: 'Deep clean', price_cents: 45_000, duration_minutes: 120 }],
    // No reviews: "New".
    rating_average: null,
    rating_count: 0,
    // No photo: the initials art.
    profile_photo: null,
    cover_photo: null,
    ...overrides,
  };
}

/**
 * An approved photo as the public answers carry it (decision 074): its variants at `widths`, of the
 * kind's shape (square for a profile photo, 4:3 for a portfolio photo, 8:3 for a cover).
 */
export function fakePhoto(
  id: string,
  kind: 'profile' | 'cover' | 'portfolio',
  overrides: Partial<PublicPhoto> = {},
): PublicPhoto {
  const ratio = kind === 'profile' ? 1 : kind === 'cover' ? 3 / 8 : 3 / 4;
  const widths = photoVariantWidths[kind];
  return {
    id,
    alt: null,
    service_id: null,
    width: 1600,
    height: Math.round(1600 * ratio),
    variants: widths.map((width) => ({
      url: `/media/photos/${id}/w${width}.webp`,
      width,
      height: Math.round(width * ratio),
    })),
    preview: kind === 'cover' ? { url: `/media/photos/${id}/preview.jpg`, width: 1200, height: 630 } : null,
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
    // Too little measured: no promises.
    response_minutes_median: null,
    completion_rate: null,
    portfolio: [],
    cancellation_policy: 'flexible',
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

/** What a stubbed API answers a request with. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A page of GET /api/vendors as the server answers it. */
export function listPage(
  items: PublicVendor[],
  total = items.length,
  hasMore = false,
  totalCapped = false,
): ApiAnswer {
  return { status: 200, body: { items, total, hasMore, totalCapped } satisfies VendorListResponse };
}

/**
 * Stubs `fetch` for a visitor's screen: the session check answers "signed out"; every other request
 * is kept in `requests` and answered by `answer` (read at each request, so a test may change it).
 */
export function stubVendorApi(answer: (url: URL) => ApiAnswer, requests: URL[]): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return Response.json(null); // a visitor
      requests.push(url);
      const { status, body } = answer(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

/**
 * The directory's API for a test file, in English, as a visitor sees it: before each test, fetch is
 * stubbed (stubVendorApi) to answer with `api.answer` — two vendors until a test sets its own — and
 * to keep each request in `api.requests`; after each, the screen is unmounted and fetch restored.
 */
export function stubVendorDirectory() {
  const api = { answer: (_url: URL): ApiAnswer => listPage([]), requests: [] as URL[] };
  beforeEach(async () => {
    api.requests.length = 0;
    api.answer = () => listPage([fakeVendor(1), fakeVendor(2)]);
    stubVendorApi((url) => api.answer(url), api.requests);
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return api;
}
