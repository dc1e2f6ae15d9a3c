import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { VendorBookingActions } from './vendor-booking-actions.tsx';

// A booking row's actions once it is agreed (decision 094), with the API stubbed at fetch.

const paid: VendorBooking = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  code: 'XK7P2M',
  status: 'paid',
  vendor_name: 'Casa Limpia',
  service_name: 'Limpieza profunda',
  start_time: '2026-11-25T15:00:00.000Z',
  end_time: '2026-11-25T16:00:00.000Z',
  timezone: 'America/Mexico_City',
  customer_name: 'Ana López',
  amount_mxn: 45_000,
  payment_due_at: null,
  answer_due_at: null,
  customer_email: 'ana@example.test',
  customer_phone: null,
  notes: null,
  created_at: '2026-11-22T18:00:00.000Z',
  service_location: 'customer',
  address: null,
  cancel_reason: null,
  cancel_note: null,
  outcome: null,
  can_cancel: true,
  can_mark_outcome: false,
  service_id: '7b1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  proposed_start_time: null,
  can_propose: true,
  decline_note: null,
  offered_start_time: null,
};

let posts: { path: string; body: unknown }[];

setUpComponentTests(['vendor', 'bookingActions']);

beforeEach(async () => {
  posts = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') {
      posts.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
      return Response.json({ id: paid.id, code: paid.code, status: 'cancelled' });
    }
    if (url.pathname.endsWith('/proposal-slots'))
      return Response.json({
        timezone: 'America/Mexico_City',
        // Thursday 26 at 09:00 and 10:00, Friday 27 at 09:00, in Mexico City.
        slots: ['2026-11-26T15:00:00.000Z', '2026-11-26T16:00:00.000Z', '2026-11-27T15:00:00.000Z'],
      });
    return Response.json({ items: [paid] });
  });
  await i18n.changeLanguage('es-MX');
});

describe('VendorBookingActions', () => {
  it('cancels only with a reason, saying the customer gets the full amount back', async () => {
    renderWithProviders(<VendorBookingActions booking={paid} />);
    const open = screen.getByRole('button', { name: 'Cancelar la reserva XK7P2M' });
    expect(open.textContent).toBe('Cancelar reserva');
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la reserva XK7P2M?' });
    expect(within(dialog).getByText(/Ana López recibe de vuelta los \$450 MXN completos/)).toBeTruthy();

    // No reason: nothing is sent, and the field says why.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar reserva' }));
    expect(await within(dialog).findByText('Escribe el motivo: el cliente lo leerá.')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.input(within(dialog).getByLabelText(/¿Por qué cancelas\?/), {
      target: { value: '  Se descompuso mi auto ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar reserva' }));
    expect(await screen.findByText('Reserva cancelada. Le avisamos al cliente.')).toBeTruthy();
    expect(posts).toEqual([
      { path: `/api/vendor/bookings/${paid.id}/cancel`, body: { reason: 'Se descompuso mi auto' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after the start offers completed and no-show instead of the cancel', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(
      <VendorBookingActions booking={{ ...paid, can_cancel: false, can_mark_outcome: true }} />,
    );
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Booking XK7P2M: the customer did not come' }));
    await waitFor(() =>
      expect(posts.map((p) => p.path)).toEqual([`/api/vendor/bookings/${paid.id}/no-show`]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark booking XK7P2M as completed' }));
    await waitFor(() => expect(posts.at(-1)?.path).toBe(`/api/vendor/bookings/${paid.id}/complete`));
  });

  it('shows who cancelled and why, and how a booking went', async () => {
    const { unmount } = renderWithProviders(
      <VendorBookingActions
        booking={{
          ...paid,
          status: 'cancelled',
          cancel_reason: 'vendor',
          cancel_note: 'Se descompuso mi auto',
          can_cancel: false,
          can_propose: false,
        }}
      />,
    );
    expect(screen.getByText('La cancelaste tú · Motivo: “Se descompuso mi auto”')).toBeTruthy();
    unmount();
    renderWithProviders(
      <VendorBookingActions
        booking={{ ...paid, outcome: 'no_show', can_cancel: false, can_propose: false }}
      />,
    );
    expect(screen.getByText('El cliente no llegó')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('proposes another time among the vendor’s own open slots, by day then time', async () => {
    renderWithProviders(<VendorBookingActions booking={paid} />);
    const open = screen.getByRole('button', { name: 'Proponer otro horario para la reserva XK7P2M' });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Proponer otro horario para XK7P2M' });
    expect(within(dialog).getByText(/Mientras no acepte, la reserva conserva su horario/)).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Enviar propuesta' }) as HTMLButtonElement;
    // Nothing picked: nothing to send.
    expect(send.disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('radio', { name: /vie 27 de nov/ }));
    expect(within(dialog).queryByRole('radio', { name: /10:00/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /9:00/ }));
    fireEvent.click(send);
    expect(
      await screen.findByText('Propuesta enviada. Te avisaremos cuando el cliente responda.'),
    ).toBeTruthy();
    expect(posts).toEqual([
      { path: `/api/vendor/bookings/${paid.id}/propose`, body: { startTime: '2026-11-27T15:00:00.000Z' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a proposal waits for the customer, and no proposal once the booking cannot move', async () => {
    const { unmount } = renderWithProviders(
      <VendorBookingActions booking={{ ...paid, proposed_start_time: '2026-11-26T15:00:00.000Z' }} />,
    );
    expect(screen.getByTestId('proposal-waiting').textContent).toMatch(
      /^Propusiste jue 26 de nov, 9:00\sa\.\s?m\.: esperando al cliente$/,
    );
    unmount();
    renderWithProviders(
      <VendorBookingActions booking={{ ...paid, can_propose: false, can_cancel: false }} />,
    );
    expect(screen.queryByRole('button', { name: /Proponer otro horario/ })).toBeNull();
  });

  it('shows a declined request’s reason and the time offered', async () => {
    renderWithProviders(
      <VendorBookingActions
        booking={{
          ...paid,
          status: 'declined',
          can_cancel: false,
          can_propose: false,
          decline_note: 'Sin material',
          offered_start_time: '2026-11-26T16:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByText(/^Motivo: “Sin material” · Ofreciste jue 26 de nov, 10:00/)).toBeTruthy();
  });
});
