import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeVendorDetail } from '../vendor-fixtures.ts';
import { VendorProfileCard } from './vendor-profile.tsx';

// The profile's header: the rating of real reviews (or "New"), and the promises Barrio measured,
// each left out while there is too little to tell.

afterEach(cleanup);

function renderCard(fields: Parameters<typeof fakeVendorDetail>[1]) {
  render(
    <MemoryRouter>
      <VendorProfileCard vendor={fakeVendorDetail(1, fields)} onSeeServices={() => {}} />
    </MemoryRouter>,
  );
}

describe('VendorProfileCard', () => {
  it('shows the average over five stars with the count, and what was measured', async () => {
    await i18n.changeLanguage('en');
    renderCard({
      rating_average: 4.7,
      rating_count: 23,
      response_minutes_median: 125,
      completion_rate: 0.956,
    });
    expect(screen.getByRole('img', { name: '4.7 out of 5, 23 reviews' })).toBeTruthy();
    expect(screen.getByText('23 reviews')).toBeTruthy();
    expect(screen.queryByText('New')).toBeNull();
    const promises = within(screen.getByRole('list', { name: 'Track record' }));
    expect(promises.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Usually answers in about 2 hours',
      'Completes 96% of confirmed bookings',
    ]);
  });

  it('marks a vendor that takes instant bookings, and no other', async () => {
    await i18n.changeLanguage('en');
    renderCard({ instant_booking: true });
    expect(screen.getByText('Instant booking')).toBeTruthy();
    cleanup();
    renderCard({});
    expect(screen.queryByText('Instant booking')).toBeNull();
    cleanup();
    await i18n.changeLanguage('es-MX');
    renderCard({ instant_booking: true });
    expect(screen.getByText('Reserva inmediata')).toBeTruthy();
  });

  it('says it in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    renderCard({
      rating_average: 4.7,
      rating_count: 23,
      response_minutes_median: 125,
      completion_rate: 0.956,
    });
    expect(screen.getByRole('img', { name: '4.7 de 5, 23 reseñas' })).toBeTruthy();
    const promises = within(screen.getByRole('list', { name: 'Historial' }));
    expect(promises.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Suele responder en unas 2 horas',
      'Cumple el 96\u00a0% de las reservas confirmadas',
    ]);
  });

  it('says minutes under an hour and days from 48 hours, each promise alone when the other is unknown', async () => {
    await i18n.changeLanguage('en');
    renderCard({ response_minutes_median: 40, completion_rate: null });
    expect(screen.getByRole('listitem').textContent).toBe('Usually answers in about 40 minutes');
    cleanup();
    renderCard({ response_minutes_median: 3 * 24 * 60, completion_rate: null });
    expect(screen.getByRole('listitem').textContent).toBe('Usually answers in about 3 days');
    cleanup();
    await i18n.changeLanguage('es-MX');
    renderCard({ response_minutes_median: null, completion_rate: 1 });
    expect(screen.getByRole('listitem').textContent).toBe('Cumple el 100\u00a0% de las reservas confirmadas');
  });

  it('shows "New" and no promises while there are no reviews and too little measured', async () => {
    await i18n.changeLanguage('en');
    renderCard({});
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByText('New on Barrio, no ratings yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Track record' })).toBeNull();
    expect(screen.queryByText(/Usually answers|Completes/)).toBeNull();
  });
});
