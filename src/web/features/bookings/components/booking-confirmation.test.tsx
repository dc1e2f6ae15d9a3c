import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../../../shared/booking.schemas.ts';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';

// The confirmation's note: the vendor's own measured answer time when it has one, else the general
// promise.

beforeAll(() => loadStrings(['bookings']));
afterEach(cleanup);

const booking: CreateBookingResponse = {
  id: 'b1',
  code: 'ABC234',
  status: 'pending_vendor',
  message: 'ok',
  manage_path: '/booking/ABC234?token=x',
  payment_url: null,
  payment_due_at: null,
};

function renderConfirmation(responseMinutes?: number | null) {
  render(
    <MemoryRouter>
      <BookingConfirmation
        booking={booking}
        email="ana@example.test"
        responseMinutes={responseMinutes}
        onAnother={() => {}}
      />
    </MemoryRouter>,
  );
}

describe('BookingConfirmation', () => {
  it('says how soon this vendor usually answers, in both languages', async () => {
    await i18n.changeLanguage('en');
    renderConfirmation(125);
    expect(
      screen.getByText(
        'This vendor usually answers in about 2 hours. We sent a receipt to ana@example.test, with a link to this booking.',
      ),
    ).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('es-MX');
    renderConfirmation(35);
    expect(
      screen.getByText(
        'Este proveedor suele responder en unos 35 minutos. Enviamos un recibo a ana@example.test, con un enlace a esta reserva.',
      ),
    ).toBeTruthy();
  });

  it('an instant booking whose checkout is not open yet: confirmed, pay now from its page', async () => {
    await i18n.changeLanguage('en');
    render(
      <MemoryRouter>
        <BookingConfirmation
          booking={{ ...booking, status: 'awaiting_payment', payment_due_at: '2026-11-22T18:30:00.000Z' }}
          email="ana@example.test"
          responseMinutes={125}
          onAnother={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Booking confirmed' })).toBeTruthy();
    expect(
      screen.getByText(
        'The vendor takes instant bookings: your booking is confirmed. Pay now to keep it: the payment link is on your booking’s page and on its way to ana@example.test.',
      ),
    ).toBeTruthy();
    // No answer to wait for.
    expect(screen.queryByText(/usually answers/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See your booking' })).toBeTruthy();
  });

  it('keeps the general promise when the vendor has no figure', async () => {
    await i18n.changeLanguage('en');
    renderConfirmation(null);
    expect(
      screen.getByText(
        'Confirmations arrive within 8 hours. We sent a receipt to ana@example.test, with a link to this booking.',
      ),
    ).toBeTruthy();
    cleanup();
    renderConfirmation();
    expect(screen.getByText(/^Confirmations arrive within 8 hours\./)).toBeTruthy();
  });
});
