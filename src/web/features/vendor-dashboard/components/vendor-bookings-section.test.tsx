import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { VendorBookingsSection } from './vendor-bookings-section.tsx';

// The dashboard's bookings (decline-and-block) with the API stubbed at fetch.

const pending: VendorBooking = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  code: 'XK7P2M',
  status: 'pending_vendor',
  vendor_name: 'Casa Limpia',
  service_name: 'Limpieza profunda',
  start_time: '2026-11-23T15:00:00.000Z',
  end_time: '2026-11-23T16:00:00.000Z',
  timezone: 'America/Mexico_City',
  customer_name: 'Ana López',
  amount_mxn: 45_000,
  payment_due_at: null,
  answer_due_at: '2026-11-23T15:00:00.000Z',
  customer_email: 'ana@example.test',
  customer_phone: null,
  notes: null,
  created_at: '2026-11-22T18:00:00.000Z',
  service_location: 'customer',
  address: {
    street: 'Calle Durango 120',
    colonia: 'Roma Norte',
    postalCode: '06700',
    references: 'interior 4',
  },
  cancel_reason: null,
  cancel_note: null,
  outcome: null,
  can_cancel: false,
  can_mark_outcome: false,
};

let posts: string[];
/** The booking the list answers with. */
let listed: VendorBooking;

setUpComponentTests(['vendor']);

beforeEach(async () => {
  posts = [];
  listed = pending;
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') {
      posts.push(url.pathname);
      return Response.json({ id: pending.id, code: pending.code, status: 'declined', message: 'ok' });
    }
    return Response.json({ items: [listed] });
  });
  await i18n.changeLanguage('es-MX');
});

describe('VendorBookingsSection', () => {
  // The 8-hour target as the target, the deadline as the deadline, and one period.
  it('states the answer window of a pending request as the request messages do', async () => {
    renderWithProviders(<VendorBookingsSection />);
    expect(
      await screen.findByText(
        /^Responde en menos de 8 horas; la solicitud vence el 23 nov 2026, 9:00\sa\.\s?m\.$/,
      ),
    ).toBeTruthy();
  });

  // The request reaches the vendor complete.
  it('shows how to reach the customer and where to go: tap to call, WhatsApp, mail, the address', async () => {
    listed = { ...pending, customer_phone: '+525512345678', notes: 'Traer escalera' };
    renderWithProviders(<VendorBookingsSection />);
    expect((await screen.findByRole('link', { name: 'Llamar al +525512345678' })).getAttribute('href')).toBe(
      'tel:+525512345678',
    );
    expect(screen.getByRole('link', { name: 'Escribir a Ana López por WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/525512345678',
    );
    expect(screen.getByRole('link', { name: 'ana@example.test' }).getAttribute('href')).toBe(
      'mailto:ana@example.test',
    );
    expect(
      screen.getByText('En el domicilio del cliente: Calle Durango 120, Roma Norte, CP 06700 (interior 4)'),
    ).toBeTruthy();
    expect(screen.getByText('Traer escalera')).toBeTruthy();
  });

  it('declines and blocks a pending request only after the vendor confirms it', async () => {
    renderWithProviders(<VendorBookingsSection />);
    const block = await screen.findByRole('button', {
      name: 'Rechazar y bloquear a quien pidió la reserva XK7P2M',
    });
    expect(block.textContent).toBe('Rechazar y bloquear');

    // Cancel: nothing is sent.
    block.focus();
    fireEvent.click(block);
    // Named by the requester the list shows; the code is in the text.
    const dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar y bloquear a Ana López?' });
    expect(within(dialog).getByText(/Rechazaremos la reserva XK7P2M y avisaremos a Ana López/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The focus goes back to the button that opened it (radix returns it after the close).
    await waitFor(() => expect(document.activeElement).toBe(block));
    expect(posts).toEqual([]);

    fireEvent.click(block);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rechazar y bloquear' }),
    );
    expect(await screen.findByText('Reserva rechazada; solicitante bloqueado')).toBeTruthy();
    expect(posts).toEqual([`/api/vendor/bookings/${pending.id}/decline-and-block`]);
  });
});
