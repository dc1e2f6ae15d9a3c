import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { addDays, dayIn } from '../../../../shared/calendar-day.ts';
import type { AgendaResponse } from '../../../../shared/vendor-agenda.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { AgendaSection } from './agenda-section.tsx';

// The dashboard's agenda and month in numbers with the API stubbed at fetch.

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
  service_id: '7b1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  proposed_start_time: null,
  can_propose: false,
  decline_note: null,
  offered_start_time: null,
};

const paid: VendorBooking = {
  ...pending,
  id: '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  code: 'PA1D00',
  status: 'paid',
  customer_name: 'Beto Ruiz',
  answer_due_at: null,
  start_time: '2026-11-20T16:00:00.000Z',
  end_time: '2026-11-20T17:00:00.000Z',
};

let posts: string[];
let gets: URLSearchParams[];
/** The open requests the agenda answers with. */
let requests: VendorBooking[];

const answer = (items: VendorBooking[], query: URLSearchParams): AgendaResponse => ({
  from: query.get('from'),
  to: query.get('to'),
  timezone: 'America/Mexico_City',
  status: (query.get('status') as AgendaResponse['status']) ?? null,
  items,
  truncated: false,
});

setUpComponentTests(['vendor', 'agenda', 'bookingActions']);
/** The bodies of the POSTs, in order. */
let bodies: unknown[];

beforeEach(async () => {
  posts = [];
  bodies = [];
  gets = [];
  requests = [pending];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') {
      posts.push(url.pathname);
      bodies.push(init.body ? JSON.parse(String(init.body)) : null);
      return Response.json({ id: pending.id, code: pending.code, status: 'declined', message: 'ok' });
    }
    if (url.pathname.endsWith('/proposal-slots'))
      return Response.json({ timezone: 'America/Mexico_City', slots: ['2026-11-24T16:00:00.000Z'] });
    const q = url.searchParams;
    gets.push(q);
    const status = q.get('status');
    return Response.json(
      answer(status === 'awaiting_answer' ? requests : status === 'past' ? [paid] : [], q),
    );
  });
  await i18n.changeLanguage('es-MX');
});

describe('AgendaSection', () => {
  it('puts the requests first, each with its answer deadline in the vendor’s zone', async () => {
    renderWithProviders(<AgendaSection />);
    const block = await screen.findByRole('region', { name: 'Solicitudes por responder (1)' });
    const request = within(block).getByRole('article', { name: 'Reserva XK7P2M' });
    expect(within(request).getByText(/^Responde antes de lun 23 de nov, 9:00\sa\.\s?m\.$/)).toBeTruthy();
    // Then the list, on its upcoming bookings.
    expect(await screen.findByText('No tienes reservas en los próximos 62 días.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próximas' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when no request waits', async () => {
    requests = [];
    renderWithProviders(<AgendaSection />);
    expect(await screen.findByText('No tienes solicitudes esperando tu respuesta.')).toBeTruthy();
  });

  it('filters the list: past asks the server for past bookings and shows them', async () => {
    renderWithProviders(<AgendaSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pasadas' }));
    expect(await screen.findByRole('article', { name: 'Reserva PA1D00' })).toBeTruthy();
    expect(gets.some((q) => q.get('status') === 'past')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pasadas' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the day view on today in the vendor’s zone and moves a day at a time', async () => {
    renderWithProviders(<AgendaSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Día' }));
    const today = dayIn(new Date(), 'America/Mexico_City');
    await waitFor(() =>
      expect(gets.some((q) => q.get('from') === today && q.get('to') === today)).toBe(true),
    );
    expect(await screen.findByText('No tienes reservas este día.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Día siguiente' }));
    const tomorrow = addDays(today, 1);
    await waitFor(() =>
      expect(gets.some((q) => q.get('from') === tomorrow && q.get('to') === tomorrow)).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Volver a hoy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    const yesterday = addDays(today, -1);
    await waitFor(() =>
      expect(gets.some((q) => q.get('from') === yesterday && q.get('to') === yesterday)).toBe(true),
    );
  });

  it('shows a week from Monday, each day with its bookings or none', async () => {
    renderWithProviders(<AgendaSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Semana' }));
    const today = dayIn(new Date(), 'America/Mexico_City');
    const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    await waitFor(() =>
      expect(gets.some((q) => q.get('from') === monday && q.get('to') === addDays(monday, 6))).toBe(true),
    );
    const weekday = (day: string) =>
      new Intl.DateTimeFormat('es-MX', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T12:00:00Z`),
      );
    expect(weekday(monday)).toBe('lunes');
    const days = await screen.findAllByRole('region', {
      name: /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo),? /,
    });
    expect(days).toHaveLength(7);
    expect(days[0]!.getAttribute('aria-label')).toMatch(/^lunes,? /);
    expect(within(days[6]!).getByText('Sin reservas.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    await waitFor(() => expect(gets.some((q) => q.get('from') === addDays(monday, 7))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Volver a esta semana' }));
    expect(screen.queryByRole('button', { name: 'Volver a esta semana' })).toBeNull();
  });

  // The request reaches the vendor complete.
  it('shows how to reach the customer and where to go: tap to call, WhatsApp, mail, the address', async () => {
    requests = [{ ...pending, customer_phone: '+525512345678', notes: 'Traer escalera' }];
    renderWithProviders(<AgendaSection />);
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

  it('confirms a request from the agenda', async () => {
    renderWithProviders(<AgendaSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar reserva XK7P2M' }));
    await waitFor(() => expect(posts).toEqual([`/api/vendor/bookings/${pending.id}/confirm`]));
  });

  it('declines and blocks a pending request only after the vendor confirms it', async () => {
    renderWithProviders(<AgendaSection />);
    const block = await screen.findByRole('button', {
      name: 'Rechazar y bloquear a quien pidió la reserva XK7P2M',
    });
    expect(block.textContent).toBe('Rechazar y bloquear');

    // Cancel: nothing is sent.
    block.focus();
    fireEvent.click(block);
    const dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar y bloquear a Ana López?' });
    expect(within(dialog).getByText(/Rechazaremos la reserva XK7P2M y avisaremos a Ana López/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(block));
    expect(posts).toEqual([]);

    fireEvent.click(block);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rechazar y bloquear' }),
    );
    expect(await screen.findByText('Reserva rechazada; solicitante bloqueado')).toBeTruthy();
    expect(posts).toEqual([`/api/vendor/bookings/${pending.id}/decline-and-block`]);
  });

  it('declines a request only with a reason, and may offer another time to book', async () => {
    renderWithProviders(<AgendaSection />);
    const decline = await screen.findByRole('button', { name: 'Rechazar reserva XK7P2M' });
    decline.focus();
    fireEvent.click(decline);
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar la solicitud XK7P2M?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe el motivo: el cliente lo leerá.')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.input(within(dialog).getByLabelText(/¿Por qué la rechazas\?/), {
      target: { value: ' Ese día no trabajo ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Ofrecer otro horario/ }));
    // An offer needs its time.
    expect((within(dialog).getByRole('button', { name: 'Rechazar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(await within(dialog).findByRole('radio', { name: /10:00/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Solicitud rechazada. Le avisamos al cliente.')).toBeTruthy();
    expect(posts).toEqual([`/api/vendor/bookings/${pending.id}/decline`]);
    expect(bodies).toEqual([{ reason: 'Ese día no trabajo', proposeStartTime: '2026-11-24T16:00:00.000Z' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
