import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeVendor } from '../vendor-fixtures.ts';
import { CompactVendorCard, VendorCard } from './vendor-card.tsx';

// A card's rating: the average of real reviews with their count, or "New" while there are none.

afterEach(cleanup);

const rated = fakeVendor(1, { business_name: 'Casa Limpia', rating_average: 4.66, rating_count: 23 });
const unrated = fakeVendor(2, { business_name: 'Brillo Roma' });

function renderCards(card: typeof VendorCard | typeof CompactVendorCard) {
  const Card = card;
  render(
    <MemoryRouter>
      <Card vendor={rated} />
      <Card vendor={unrated} />
    </MemoryRouter>,
  );
  const [first, second] = screen.getAllByRole('article');
  return [within(first!), within(second!)] as const;
}

describe('the rating on cards', () => {
  it('shows the average with one decimal and the count, read as one sentence; "New" without reviews', async () => {
    await i18n.changeLanguage('en');
    const [withReviews, withNone] = renderCards(VendorCard);
    expect(withReviews.getByText('4.7')).toBeTruthy();
    expect(withReviews.getByText('(23)')).toBeTruthy();
    expect(withReviews.getByText('4.7 out of 5, 23 reviews')).toBeTruthy();
    expect(withReviews.queryByText('New')).toBeNull();
    expect(withNone.getByText('New')).toBeTruthy();
    expect(withNone.getByText('New on Barrio, no ratings yet')).toBeTruthy();
    expect(withNone.queryByText(/out of 5/)).toBeNull();
  });

  it('says the same on the compact cards of similar vendors, in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    const [withReviews, withNone] = renderCards(CompactVendorCard);
    expect(withReviews.getByText('4.7')).toBeTruthy();
    expect(withReviews.getByText('4.7 de 5, 23 reseñas')).toBeTruthy();
    expect(withNone.getByText('Nuevo')).toBeTruthy();
    expect(withNone.getByText('Nuevo en Barrio, aún sin calificaciones')).toBeTruthy();
  });

  it('counts one review in the singular', async () => {
    await i18n.changeLanguage('en');
    render(
      <MemoryRouter>
        <VendorCard vendor={fakeVendor(3, { rating_average: 5, rating_count: 1 })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('5.0 out of 5, 1 review')).toBeTruthy();
    expect(screen.getByText('(1)')).toBeTruthy();
  });
});

describe('the instant booking mark on cards', () => {
  it('shows "Instant booking" on the vendors that take them, in both languages', async () => {
    await i18n.changeLanguage('en');
    render(
      <MemoryRouter>
        <VendorCard vendor={fakeVendor(4, { instant_booking: true })} />
        <VendorCard vendor={fakeVendor(5)} />
      </MemoryRouter>,
    );
    const [instant, other] = screen.getAllByRole('article').map((card) => within(card));
    expect(instant!.getByText('Instant booking')).toBeTruthy();
    expect(other!.queryByText('Instant booking')).toBeNull();
    cleanup();
    await i18n.changeLanguage('es-MX');
    render(
      <MemoryRouter>
        <VendorCard vendor={fakeVendor(4, { instant_booking: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Reserva inmediata')).toBeTruthy();
  });
});
