import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../../shared/admin.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { StatsCards } from './stats-cards.tsx';

// product §2's summary cards: each a link to the list it counts, named by its label and
// number; Reviews to every review (the Reviews tab's All), saying when there are none.

let stats: AdminStats;

setUpComponentTests(['admin']);

beforeEach(async () => {
  stats = { vendors: 1234, unclaimed_vendors: 5, customers: 87, reviews: 1042, services_scheduled: 12 };
  stubFetch(async (url) => {
    if (url.pathname === '/api/admin/stats') return Response.json(stats);
    return Response.json(null);
  });
  await i18n.changeLanguage('en');
});

function renderCards() {
  renderWithProviders(
    <MemoryRouter>
      <StatsCards />
    </MemoryRouter>,
  );
}

describe('the summary cards', () => {
  it('link to the lists they count', async () => {
    renderCards();
    const vendors = await screen.findByRole('link', { name: 'Total vendors: 1,234. Show the list' });
    expect(vendors.getAttribute('href')).toBe('/admin?tab=vendors');
    expect(
      screen.getByRole('link', { name: 'Total customers: 87. Show the list' }).getAttribute('href'),
    ).toBe('/admin?tab=customers');
    expect(
      screen.getByRole('link', { name: 'Services scheduled: 12. Show the list' }).getAttribute('href'),
    ).toBe('/admin?tab=bookings&status=scheduled');
    expect(
      screen.getByRole('link', { name: 'Total reviews: 1,042. Show the list' }).getAttribute('href'),
    ).toBe('/admin?tab=reviews&status=all');
    expect(screen.getAllByRole('link')).toHaveLength(4);
    // Still a description list: each label a term, its number a definition.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getAllByRole('term')).toHaveLength(4);
    expect(within(summary).queryByText('No reviews yet')).toBeNull();
  });

  it('say when there are no reviews yet, in both languages, still a link to the tab', async () => {
    stats = { ...stats, reviews: 0 };
    renderCards();
    const reviews = await screen.findByRole('link', { name: 'Total reviews: 0. Show the list' });
    expect(reviews.getAttribute('href')).toBe('/admin?tab=reviews&status=all');
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    await i18n.changeLanguage('es-MX');
    expect(await screen.findByRole('link', { name: 'Reseñas: 0. Ver la lista' })).toBeTruthy();
    expect(screen.getByText('Aún no hay reseñas')).toBeTruthy();
  });
});
