import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { BookingCancellationTerms, CancellationDetails } from './booking-cancellation-terms.tsx';

// The cancellation policy in full (decision 095): the booking form's disclosure, and the booking
// page's refund dates.

beforeAll(() => loadStrings(['bookings']));
afterEach(cleanup);

describe('BookingCancellationTerms', () => {
  it('lists until when each refund lasts, as the booking’s own times', async () => {
    await i18n.changeLanguage('en');
    render(
      <BookingCancellationTerms
        policy="moderate"
        start="2026-11-25T15:00:00.000Z"
        when={(iso: string) => iso.slice(0, 16)}
      />,
    );
    expect(screen.getByText('Moderate')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Full refund if you cancel before 2026-11-23T15:00',
      '50% refunded if you cancel before 2026-11-24T15:00',
      'No refund after that.',
    ]);
    expect(screen.getByText('This booking keeps the policy it was booked under.')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    await loadStrings(['bookings']);
    render(
      <BookingCancellationTerms
        policy="strict"
        start="2026-11-25T15:00:00.000Z"
        when={(iso: string) => iso.slice(0, 10)}
      />,
    );
    expect(screen.getByText('Estricta')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Reembolso completo si cancelas antes del 2026-11-22',
      'Después, sin reembolso.',
    ]);
  });
});

describe('CancellationDetails', () => {
  it('keeps the policy in full behind a disclosure', async () => {
    await i18n.changeLanguage('en');
    render(<CancellationDetails policy="moderate" />);
    const details = document.querySelector('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('The policy in full'));
    expect(
      within(details).getByText(
        /^Cancel more than 48 hours before the start and get a full refund; between 48 and 24 hours before, half/,
      ),
    ).toBeTruthy();
    expect(within(details).getByText(/^If you do not come, nothing is refunded\./)).toBeTruthy();
  });
});
