import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { renderAt } from '../test/render-route.tsx';

// The Spanish payment pages (product §2, §8): /payment-success, /payment-cancel and the
// sandbox checkout, against a stubbed API.

const APPOINTMENT = '6f1b2a4e-1111-4222-8333-944455556666';
const booking = {
  appointment_id: APPOINTMENT,
  code: 'ABC234',
  status: 'paid',
  vendor_name: 'Casa Limpia',
  service_name: 'Limpieza profunda',
  start_time: '2026-11-23T15:00:00.000Z',
  end_time: '2026-11-23T16:00:00.000Z',
  timezone: 'America/Mexico_City',
  amount_mxn: 123_456,
  currency: 'MXN',
  payment_due_at: '2026-11-23T15:00:00.000Z',
  paid_at: '2026-11-22T18:05:00.000Z',
};
let responses: Record<string, { status: number; body: unknown }>;
let calls: string[];
/** The query string each API path was last asked with. */
let searches: Record<string, string>;

beforeEach(async () => {
  calls = [];
  searches = {};
  responses = {};
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`);
    searches[url.pathname] = url.search;
    const answer = responses[url.pathname];
    if (answer) return Response.json(answer.body, { status: answer.status });
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  // The spec's words are Spanish; the English visitor's pages have their own test.
  await i18n.changeLanguage('es-MX');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/payment-success', () => {
  it('shows the paid booking in MXN with 2 decimals, at the vendor’s local time', async () => {
    responses['/api/payments/session/cs_test_1'] = { status: 200, body: booking };
    renderAt('/payment-success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago recibido!' })).toBeTruthy();
    expect(screen.getByTestId('payment-amount').textContent).toBe('$1,234.56 MXN');
    expect(screen.getByTestId('payment-status').textContent).toBe('Pagada');
    // 15:00 UTC is 9:00 in Mexico City.
    expect(screen.getByTestId('payment-when').textContent).toMatch(/^lunes, 23 de noviembre de 2026, 9:00/);
    expect(screen.getByTestId('payment-vendor').textContent).toBe('Casa Limpia');
  });

  it('speaks English to an English visitor (decision 077): its words, date and status', async () => {
    await i18n.changeLanguage('en');
    responses['/api/payments/session/cs_test_1'] = { status: 200, body: booking };
    renderAt('/payment-success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received!' })).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Paid');
    expect(screen.getByTestId('payment-when').textContent).toMatch(/^Monday, November 23, 2026/);
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it('leads back to the booking page with the token the checkout returned', async () => {
    responses['/api/payments/session/cs_test_1'] = { status: 200, body: booking };
    renderAt('/payment-success?session_id=cs_test_1&token=tok_page');
    const back = await screen.findByRole('link', { name: 'Ver mi reserva' });
    expect(back.getAttribute('href')).toBe('/booking/ABC234?token=tok_page');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
  });

  it("says 'Reserva no encontrada' with the spec's toast when the session id is missing", async () => {
    renderAt('/payment-success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserva no encontrada' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('ID de sesión de pago no encontrado').length).toBe(2));
    expect(calls.filter((c) => c.includes('/api/payments/'))).toEqual([]);
  });

  it("answers an unknown session with 'Reserva no encontrada' and 'Error al obtener los detalles de la reserva'", async () => {
    responses['/api/payments/session/cs_test_unknown'] = {
      status: 404,
      body: { error: { code: 'not_found', message: 'Reserva no encontrada' } },
    };
    renderAt('/payment-success?session_id=cs_test_unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserva no encontrada' })).toBeTruthy();
    expect(await screen.findByText('Error al obtener los detalles de la reserva')).toBeTruthy();
  });

  it("shows 'Error al cargar los detalles' with a retry when the server fails", async () => {
    responses['/api/payments/session/cs_test_2'] = {
      status: 500,
      body: { error: { code: 'internal', message: 'boom' } },
    };
    renderAt('/payment-success?session_id=cs_test_2');
    // One automatic retry (a second later) before the page gives up.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Error al cargar los detalles' },
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c === 'GET /api/payments/session/cs_test_2')).toHaveLength(2);
    responses['/api/payments/session/cs_test_2'] = { status: 200, body: booking };
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago recibido!' })).toBeTruthy();
  });

  it('waits for the confirmation while the payment is still awaited', async () => {
    responses['/api/payments/session/cs_test_3'] = {
      status: 200,
      body: { ...booking, status: 'awaiting_payment' },
    };
    renderAt('/payment-success?session_id=cs_test_3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmando tu pago…' })).toBeTruthy();
  });
});

describe('/payment-cancel', () => {
  const path = `/api/payments/appointment/${APPOINTMENT}`;

  it('says the booking stays pending, and the retry goes back to the same checkout', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const url = 'http://barrio.test/sandbox/checkout/cs_sandbox_abc';
    responses[path] = {
      status: 200,
      body: { ...booking, status: 'awaiting_payment', payable: true, payment_url: url },
    };
    renderAt(`/payment-cancel?appointment_id=${APPOINTMENT}&token=tok_page`);
    expect(await screen.findByRole('heading', { level: 1, name: 'El pago no se completó' })).toBeTruthy();
    // The booking page's token from Stripe's return: without it only the owner signed in is answered.
    await waitFor(() => expect(searches[path]).toBe('?token=tok_page'));
    expect(screen.getByText('Tu reserva sigue pendiente de pago.')).toBeTruthy();
    // The deadline is the booking's own (24 hours after a confirmation, or an instant booking's
    // short hold: decision 097), shown below: the sentence names no length.
    expect(screen.getByText(/Paga antes de la hora límite que ves abajo;/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar pago' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('explains a closed window instead of offering a retry', async () => {
    responses[path] = {
      status: 200,
      body: { ...booking, status: 'cancelled', payable: false, payment_url: null },
    };
    renderAt(`/payment-cancel?appointment_id=${APPOINTMENT}`);
    expect(await screen.findByRole('heading', { name: 'El plazo de pago terminó' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar pago' })).toBeNull();
  });

  it('says the link is being prepared when the checkout does not exist yet', async () => {
    responses[path] = {
      status: 200,
      body: { ...booking, status: 'awaiting_payment', payable: true, payment_url: null },
    };
    renderAt(`/payment-cancel?appointment_id=${APPOINTMENT}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar pago' }));
    expect(await screen.findByText(/Tu enlace de pago se está preparando/)).toBeTruthy();
  });
});

describe('/sandbox/checkout/:sessionId', () => {
  it('shows the amount in MXN and pays through the sandbox API, then goes to the success page', async () => {
    const session = 'cs_sandbox_abc';
    responses[`/api/sandbox/checkout/${session}`] = {
      status: 200,
      body: { ...booking, status: 'awaiting_payment', session_id: session, payable: true },
    };
    responses[`/api/sandbox/checkout/${session}/pay`] = {
      status: 200,
      body: { redirect_url: `/payment-success?session_id=${session}` },
    };
    responses[`/api/payments/session/${session}`] = { status: 200, body: booking };
    const router = renderAt(`/sandbox/checkout/${session}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar $1,234.56 MXN' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago recibido!' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?session_id=${session}`);
    expect(calls).toContain(`POST /api/sandbox/checkout/${session}/pay`);
  });
});
