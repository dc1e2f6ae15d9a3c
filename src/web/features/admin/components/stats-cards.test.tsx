import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../../shared/admin.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { StatsCards } from './stats-cards.tsx';

// product §2's summary cards: each a link to the list it counts, named by its label and
// number; Reviews, which has no list yet, is no link and says there are none.

const stats: AdminStats = {
  vendors: 1234,
  unclaimed_vendors: 5,
  customers: 87,
  reviews: 0,
  services_scheduled: 12,
};

setUpComponentTests(['admin']);

beforeEach(async () => {
  stubFetch(async (url) => {
    if (url.pathname === '/api/admin/stats') return Response.json(stats);
    return Response.json(null);
  });
  await i18n.changeLanguage('en');
});

describe('the summary cards', () => {
  it('link to the lists they count; reviews stay a plain card', async () => {
    renderWithProviders(
      <MemoryRouter>
        <StatsCards />
      </MemoryRouter>,
    );
    const vendors = await screen.findByRole('link', { name: 'Total vendors: 1,234. Show the list' });
    expect(vendors.getAttribute('href')).toBe('/admin?tab=vendors');
    expect(
      screen.getByRole('link', { name: 'Total customers: 87. Show the list' }).getAttribute('href'),
    ).toBe('/admin?tab=customers');
    expect(
      screen.getByRole('link', { name: 'Services scheduled: 12. Show the list' }).getAttribute('href'),
    ).toBe('/admin?tab=bookings&status=scheduled');
    expect(screen.getAllByRole('link')).toHaveLength(3);
    // Still a description list: each label a term, its number a definition.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getAllByRole('term')).toHaveLength(4);
    expect(within(summary).getByText('No reviews yet')).toBeTruthy();
  });
});
