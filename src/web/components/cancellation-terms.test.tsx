import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { BookingCancellationTerms, CancellationTerms } from './cancellation-terms.tsx';

// The vendor's cancellation policy as the profile, the booking form and the booking page say it
// (decision 095).

afterEach(cleanup);

describe('CancellationTerms', () => {
  it('says the preset in a line, and the whole policy behind a disclosure', async () => {
    await i18n.changeLanguage('en');
    render(<CancellationTerms policy="strict" />);
    const terms = screen.getByTestId('cancellation-policy');
    expect(within(terms).getByText('Cancellation: Strict')).toBeTruthy();
    expect(within(terms).getByText('Full refund until 72 hours before, none after.')).toBeTruthy();
    const details = terms.querySelector('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(within(terms).getByText('The policy in full'));
    expect(
      within(terms).getByText(
        'Cancel more than 72 hours before the start and get a full refund. Later you can still cancel, but nothing is refunded.',
      ),
    ).toBeTruthy();
    expect(within(terms).getByText(/^If you do not come, nothing is refunded\./)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    render(<CancellationTerms policy="flexible" />);
    expect(screen.getByText('Cancelación: Flexible')).toBeTruthy();
    expect(screen.getByText('Cancelación gratis hasta 24 horas antes.')).toBeTruthy();
    expect(screen.getByText('La política completa')).toBeTruthy();
  });
});

describe('BookingCancellationTerms', () => {
  it('lists until when each refund lasts, as the booking’s own times', async () => {
    await i18n.changeLanguage('en');
    render(
      <BookingCancellationTerms
        policy="moderate"
        start="2026-11-25T15:00:00.000Z"
        when={(iso) => iso.slice(0, 16)}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Full refund if you cancel before 2026-11-23T15:00',
      '50% refunded if you cancel before 2026-11-24T15:00',
      'No refund after that.',
    ]);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    render(
      <BookingCancellationTerms
        policy="strict"
        start="2026-11-25T15:00:00.000Z"
        when={(iso) => iso.slice(0, 10)}
      />,
    );
    expect(screen.getByText('Estricta')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Reembolso completo si cancelas antes del 2026-11-22',
      'Después, sin reembolso.',
    ]);
  });
});
