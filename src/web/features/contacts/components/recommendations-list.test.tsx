import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recommendation } from '../../../../shared/contacts.ts';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { fakePhoto, stubFetch } from '../../vendors/vendor-fixtures.ts';
import { RecommendationsList } from './recommendations-list.tsx';

// Decision 037: "Booked by your contacts" shows the band the API gives, never a count.

function recommendation(n: number, overrides: Partial<Recommendation>): Recommendation {
  return {
    id: `r${n}`,
    vendor_profile_id: `v${n}`,
    recommendation_type: 'in_contacts',
    contacts_band: null,
    score: 100,
    created_at: '2026-11-22T18:00:00.000Z',
    vendor: {
      id: `v${n}`,
      slug: `vendor-${n}`,
      business_name: `Vendor ${n}`,
      service_category: 'cleaning',
      bio: null,
      profile_image_url: null,
      profile_photo: null,
    },
    ...overrides,
  };
}

beforeEach(async () => {
  const items = [
    recommendation(1, {
      vendor: {
        ...recommendation(1, {}).vendor,
        profile_image_url: '/media/photos/p1/w192.webp',
        profile_photo: fakePhoto('p1', 'profile'),
      },
    }),
    recommendation(2, { recommendation_type: 'booked_by_contact', contacts_band: '5+', score: 20 }),
    recommendation(3, { recommendation_type: 'booked_by_contact', contacts_band: '2+', score: 10 }),
  ];
  stubFetch(
    (url) =>
      url.pathname === '/api/me/recommendations'
        ? { status: 200, body: { items } }
        : { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    vi.stubGlobal,
  );
  await loadStrings(['contacts']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <RecommendationsList />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('RecommendationsList', () => {
  it('shows the band of contacts who booked a vendor', async () => {
    await i18n.changeLanguage('en');
    renderList();
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('In your contacts'),
      expect.stringContaining('Booked by 5+ of your contacts'),
      expect.stringContaining('Booked by 2+ of your contacts'),
    ]);
  });

  it("shows a vendor's photo at the card's sizes, and the initials art without one", async () => {
    renderList();
    const list = await screen.findByRole('list');
    const [withPhoto, without] = within(list).getAllByRole('link');
    const img = within(withPhoto!).getByRole('img');
    expect(img.getAttribute('srcset')).toContain('/media/photos/p1/w96.webp 96w');
    expect(img.getAttribute('width')).toBeTruthy();
    expect(within(without!).queryByRole('img')?.getAttribute('srcset') ?? null).toBeNull();
  });

  it('says it in Spanish first', async () => {
    await i18n.changeLanguage('es-MX');
    renderList();
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Reservado por 2+ de tus contactos')).toBeTruthy();
    expect(within(list).getByText('Reservado por 5+ de tus contactos')).toBeTruthy();
  });
});
