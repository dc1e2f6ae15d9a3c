import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { renderAt } from '../test/render-route.tsx';

// The customer's booking page (/booking/:code?token=, issue 23) against a stubbed API. Every time is
// a fixed instant: what the page shows never depends on today's date.

const TOKEN = 'tok_'.padEnd(54, 'x');
const URL_OF_PAGE = `/booking/ABC234?token=${TOKEN}`;
const CALENDAR_URL = `/api/bookings/manage/calendar.ics?token=${TOKEN}`;
const PAYMENT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';

const awaitingPayment = {
  code: 'ABC234',
  status: 'awaiting_payment',
  vendor: { name: 'Casa Limpia', slug: 'casa-limpia', whatsapp: '5215512345678' },
  service_name: 'Limpieza profunda',
  // 15:00 UTC is 9:00 in Mexico City.
  start_time: '2026-11-23T15:00:00.000Z',
  end_time: '2026-11-23T16:30:00.000Z',
  timezone: 'America/Mexico_City',
  amount_mxn: 45_000,
  requested_at: '2026-11-20T16:00:00.000Z',
  confirmed_at: '2026-11-20T18:30:00.000Z',
  paid_at: null,
  ended_at: null,
  cancel_reason: null,
  answer_due_at: null,
  payment_due_at: '2026-11-21T18:30:00.000Z',
  payment_url: PAYMENT_URL,
  calendar_url: CALENDAR_URL,
};
const pending = {
  ...awaitingPayment,
  status: 'pending_vendor',
  vendor: { ...awaitingPayment.vendor, whatsapp: null },
  confirmed_at: null,
  answer_due_at: '2026-11-21T16:00:00.000Z',
  payment_due_at: null,
  payment_url: null,
};
const cancelledUnpaid = {
  ...awaitingPayment,
  status: 'cancelled',
  ended_at: '2026-11-21T18:31:00.000Z',
  cancel_reason: 'payment_timeout',
  payment_due_at: null,
  payment_url: null,
};

let answer: { status: number; body: unknown };
let calls: string[];

beforeEach(async () => {
  calls = [];
  answer = { status: 200, body: awaitingPayment };
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    // Nobody is signed in.
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/bookings/manage') {
      calls.push(`${url.pathname}${url.search}`);
      return Response.json(answer.body, { status: answer.status });
    }
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('/booking/:code', () => {
  it('shows a booking awaiting payment: what, when, how much, the deadline, Pay now and the calendar', async () => {
    renderAt(URL_OF_PAGE);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Limpieza profunda with Casa Limpia');
    expect(calls).toEqual([`/api/bookings/manage?token=${TOKEN}`]);
    expect(link('Casa Limpia')).toBe('/public/vendor/casa-limpia');
    expect(screen.getByTestId('booking-when').textContent).toMatch(/^Monday, November 23, 2026.* 9:00\sAM$/);
    expect(screen.getByText('Times in America/Mexico City')).toBeTruthy();
    expect(screen.getByText('1 h 30 min')).toBeTruthy();
    expect(screen.getByTestId('booking-amount').textContent).toBe('$450.00 MXN');
    expect(screen.getByText('ABC234')).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Status: Awaiting payment');

    // The timeline: requested and confirmed, with their times; paid is the step now.
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Requested',
      'Confirmed by the vendor',
      'Paid',
    ]);
    expect(steps[1]?.textContent).toMatch(/Nov 20, 2026.* 12:30\sPM/);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');

    // 18:30 UTC is 12:30 in Mexico City.
    expect(
      screen.getByText(
        /^The vendor confirmed\. Pay by Saturday, November 21, 2026.* 12:30\sPM or the booking is cancelled\.$/,
      ),
    ).toBeTruthy();
    expect(link('Pay now')).toBe(PAYMENT_URL);
    expect(link('Add to calendar (.ics file)')).toBe(CALENDAR_URL);
    expect(link('Add to Google Calendar')).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE' +
        `&text=${encodeURIComponent('Limpieza profunda · Casa Limpia')}` +
        '&dates=20261123T150000Z/20261123T163000Z' +
        `&details=${encodeURIComponent('Booking ABC234 with Casa Limpia, booked on Barrio.')}`,
    );
    expect(link('Message Casa Limpia on WhatsApp')).toBe('https://wa.me/5215512345678');
    // Cancel and reschedule do not exist yet: nothing offers them.
    expect(screen.queryByRole('button', { name: /cancel|reschedule/i })).toBeNull();
  });

  it('shows a request awaiting the vendor with the answer deadline, and nothing to pay', async () => {
    answer = { status: 200, body: pending };
    renderAt(URL_OF_PAGE);
    expect(
      await screen.findByText(
        /^The vendor usually answers within 8 hours, and at the latest by Saturday, November 21, 2026.* 10:00\sAM\./,
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Status: Awaiting the vendor’s answer');
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[1]?.textContent).toContain('Next step');
    expect(steps[2]?.textContent).toContain('Not yet');
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(link('Add to calendar (.ics file)')).toBe(CALENDAR_URL);
  });

  it('says a booking cancelled unpaid was not paid within 24 hours, with nothing to pay or add', async () => {
    answer = { status: 200, body: cancelledUnpaid };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByText('Not paid within 24 hours')).toBeTruthy();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Requested',
      'Confirmed by the vendor',
      'Cancelled',
    ]);
    expect(steps[2]?.textContent).toMatch(/Nov 21, 2026.* 12:31\sPM/);
    expect(
      screen.getByText('It was not paid in time, so it was cancelled. Nothing was charged.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /calendar/i })).toBeNull();
    expect(link('Book another time with Casa Limpia')).toBe('/public/vendor/casa-limpia?tab=services');
  });

  it('gives a free booking no payment step: it is confirmed and nothing is owed', async () => {
    answer = {
      status: 200,
      body: {
        ...awaitingPayment,
        status: 'confirmed',
        amount_mxn: 0,
        payment_due_at: null,
        payment_url: null,
      },
    };
    renderAt(URL_OF_PAGE);
    expect(
      await screen.findByText('It is confirmed and there is nothing to pay: see you at the appointment.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('booking-amount').textContent).toBe('Free');
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('says "Booking not found" for an unknown or expired token, and without one asks nothing', async () => {
    answer = { status: 404, body: { error: { code: 'not_found', message: 'Booking not found.' } } };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(link('Go home')).toBe('/');
    cleanup();

    calls = [];
    renderAt('/booking/ABC234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offers a retry when the server fails', async () => {
    answer = { status: 500, body: { error: { code: 'internal', message: 'boom' } } };
    renderAt(URL_OF_PAGE, { retry: false });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your booking.');
    answer = { status: 200, body: awaitingPayment };
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Pay now' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('speaks Spanish: the booking, its deadline and its actions; and "Reserva no encontrada"', async () => {
    await i18n.changeLanguage('es-MX');
    renderAt(URL_OF_PAGE);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Limpieza profunda con Casa Limpia');
    expect(screen.getByTestId('booking-when').textContent).toMatch(/^lunes, 23 de noviembre de 2026.* 9:00/);
    expect(screen.getByText('Horarios en America/Mexico City')).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Estado: Pendiente de pago');
    expect(screen.getByRole('heading', { level: 2, name: 'Qué sigue' })).toBeTruthy();
    expect(
      screen.getByText(/^El proveedor confirmó\. Paga antes del sábado, 21 de noviembre de 2026.* 12:30/),
    ).toBeTruthy();
    expect(link('Pagar ahora')).toBe(PAYMENT_URL);
    expect(link('Agregar a Google Calendar')).toContain('&dates=20261123T150000Z/20261123T163000Z');
    expect(link('Escribir a Casa Limpia por WhatsApp')).toBe('https://wa.me/5215512345678');
    cleanup();

    answer = { status: 404, body: { error: { code: 'not_found', message: 'x' } } };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserva no encontrada' })).toBeTruthy();
    expect(link('Ir al inicio')).toBe('/');
  });
});
