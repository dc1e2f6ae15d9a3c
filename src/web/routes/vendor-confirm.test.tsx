import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { toast } from '../lib/toast.ts';
import { renderAt } from '../test/render-route.tsx';

/** Each answer the page sets out to send, when it sends it (before the request, which comes later). */
const decided = vi.hoisted((): unknown[] => []);
vi.mock('../features/bookings/api/use-booking-confirmation.ts', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../features/bookings/api/use-booking-confirmation.ts')>();
  return {
    ...actual,
    useDecideBooking: () => {
      const decide = actual.useDecideBooking();
      return {
        ...decide,
        mutate: (...args: Parameters<typeof decide.mutate>) => {
          decided.push(args[0]);
          decide.mutate(...args);
        },
      };
    },
  };
});

// The vendor confirm page (product §2, §4, §8): in the visitor's language (decision 077); idle →
// processing → done only on success.

const TOKEN = 'tok_'.padEnd(43, 'x');
const open = {
  answerable: true,
  id: 'b1',
  code: 'ABC234',
  status: 'pending_vendor',
  vendor_name: 'Casa Limpia',
  service_name: 'Limpieza profunda',
  start_time: '2026-11-23T15:00:00.000Z',
  end_time: '2026-11-23T16:00:00.000Z',
  timezone: 'America/Mexico_City',
  customer_name: 'Ana López',
  amount_mxn: 45_000,
  payment_due_at: null,
};
/** A link with nothing left to answer, as GET /api/bookings/confirm tells it. */
const closed = (fields: Record<string, unknown>) => ({
  answerable: false,
  code: 'ABC234',
  answered_at: null,
  ended_at: null,
  cancel_reason: null,
  timezone: 'America/Mexico_City',
  ...fields,
});
/** Flushes the renders and effects still pending (Preact's act runs them), so a toast a render would still ask for is asked. */
const settled = () => act(async () => {});
let summary: unknown;
/** What the link answers once an answer was sent, when it differs (answered meanwhile elsewhere). */
let summaryAfterPost: unknown;
let summaryStatus: number;
let decision: { status: number; body: unknown };
/** Every toast the page asked for, as [kind, title]. */
let toasts: [string, unknown][];
let posts: unknown[];

beforeEach(async () => {
  posts = [];
  decided.length = 0;
  summary = open;
  summaryAfterPost = undefined;
  summaryStatus = 200;
  toasts = [];
  // Counted on their way to the one Toaster, which still shows them.
  const success = toast.success;
  const error = toast.error;
  vi.spyOn(toast, 'success').mockImplementation((title, data) => {
    toasts.push(['success', title]);
    success(title, data);
  });
  vi.spyOn(toast, 'error').mockImplementation((title, data) => {
    toasts.push(['error', title]);
    error(title, data);
  });
  decision = { status: 200, body: { id: 'b1', code: 'ABC234', status: 'awaiting_payment', message: 'ok' } };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/bookings/confirm' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return Response.json(decision.body, { status: decision.status });
    }
    if (url.pathname === '/api/bookings/confirm')
      return Response.json(posts.length > 0 && summaryAfterPost ? summaryAfterPost : summary, {
        status: summaryStatus,
      });
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  // The spec's words are Spanish; the English visitor's page has its own test below.
  await i18n.changeLanguage('es-MX');
});

afterEach(async () => {
  // sonner keeps its toasts between renders: none may show in the next test.
  toast.dismiss();
  await act(async () => {});
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/vendor-confirm', () => {
  it("says 'Token Inválido' without a token", async () => {
    renderAt('/vendor-confirm');
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
    expect(screen.getAllByText('Token de confirmación inválido').length).toBeGreaterThan(0);
    expect(posts).toEqual([]);
  });

  // Decision 053: a mail scanner opens the link and runs the page; only a person's tap answers.
  it('answers a link with token and action only when the vendor taps, with one tap', async () => {
    renderAt(`/vendor-confirm?token=${TOKEN}&action=confirm`);
    expect(await screen.findByText('Ana López')).toBeTruthy();
    await settled();
    expect(decided).toEqual([]);
    expect(posts).toEqual([]);
    expect(screen.getByText('Revisa la reserva y toca un botón para enviar tu respuesta.')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /Reserva$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Confirmar Reserva', 'Rechazar Reserva']);

    fireEvent.click(buttons[0]!);
    expect(await screen.findByRole('heading', { name: 'Reserva confirmada exitosamente' })).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Estado: Pendiente de pago');
    expect(posts).toEqual([{ token: TOKEN, action: 'confirm' }]);
  });

  it("puts the decline link's answer first, and still waits for the tap", async () => {
    decision = { status: 200, body: { id: 'b1', code: 'ABC234', status: 'declined', message: 'ok' } };
    renderAt(`/vendor-confirm?token=${TOKEN}&action=decline`);
    expect(await screen.findByText('Ana López')).toBeTruthy();
    await settled();
    expect(posts).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: /Reserva$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Rechazar Reserva', 'Confirmar Reserva']);
    fireEvent.click(buttons[0]!);
    expect(await screen.findByRole('heading', { name: 'Reserva rechazada' })).toBeTruthy();
    expect(posts).toEqual([{ token: TOKEN, action: 'decline' }]);
  });

  it('offers both answers without an action, and stays idle when the call fails', async () => {
    decision = {
      status: 409,
      body: { error: { code: 'conflict', message: 'Esta reserva ya fue procesada.' } },
    };
    renderAt(`/vendor-confirm?token=${TOKEN}`);
    expect(await screen.findByText('Ana López')).toBeTruthy();
    expect(screen.getByText('Al confirmar, el cliente recibirá un enlace de pago.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar Reserva' }));
    expect(await screen.findByText('Error al procesar la confirmación')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar Reserva' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reserva rechazada' })).toBeNull();
    expect(posts).toEqual([{ token: TOKEN, action: 'decline' }]);
  });

  it('keeps what the vendor read after answering, with the new status', async () => {
    renderAt(`/vendor-confirm?token=${TOKEN}`);
    expect(await screen.findByText('Ana López')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Reserva' }));
    expect(await screen.findByRole('heading', { name: 'Reserva confirmada exitosamente' })).toBeTruthy();
    expect(screen.getByText('Ana López')).toBeTruthy();
    expect(screen.getAllByText('Pendiente de pago').length).toBeGreaterThan(0);
  });

  // A used or expired link answers no customer; the page says what happened and
  // when, in the vendor's timezone (Mexico City, UTC−6), with nothing to press.
  for (const [status, fields, text, shown] of [
    [
      'awaiting_payment',
      { answered_at: '2026-11-25T17:30:00.000Z' },
      'Ya confirmaste esta reserva el 25 de noviembre a las 11:30.',
      'Pendiente de pago',
    ],
    [
      'paid',
      { answered_at: '2026-11-25T21:05:00.000Z' },
      'Ya confirmaste esta reserva el 25 de noviembre a las 15:05.',
      'Pagada',
    ],
    [
      'declined',
      { answered_at: '2026-11-25T17:30:00.000Z' },
      'Ya rechazaste esta reserva el 25 de noviembre a las 11:30.',
      'Rechazada',
    ],
    [
      'expired',
      { ended_at: '2026-11-26T16:00:00.000Z' },
      'Esta solicitud venció el 26 de noviembre a las 10:00 sin respuesta.',
      'Caducada',
    ],
    [
      'cancelled',
      {
        answered_at: '2026-11-25T17:30:00.000Z',
        ended_at: '2026-11-25T19:00:00.000Z',
        cancel_reason: 'customer',
      },
      'El cliente canceló esta reserva el 25 de noviembre a las 13:00.',
      'Cancelada',
    ],
    [
      'cancelled',
      {
        answered_at: '2026-11-25T17:30:00.000Z',
        ended_at: '2026-11-26T17:30:00.000Z',
        cancel_reason: 'payment_timeout',
      },
      'Ya confirmaste esta reserva el 25 de noviembre a las 11:30; se canceló el 26 de noviembre a las 11:30 porque el cliente no pagó a tiempo.',
      'Cancelada',
    ],
  ] as const) {
    it(`says what happened to a link whose booking is ${status} (${text})`, async () => {
      summary = closed({ status, ...fields });
      renderAt(`/vendor-confirm?token=${TOKEN}`);
      expect((await screen.findByTestId('closed-text')).textContent).toBe(text);
      expect(screen.getByText('ABC234')).toBeTruthy();
      expect(screen.getByText(shown)).toBeTruthy();
      expect(screen.queryByText('Ana López')).toBeNull();
      // Nothing to press that could only fail.
      expect(screen.queryByRole('button', { name: 'Confirmar Reserva' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Rechazar Reserva' })).toBeNull();
      expect(posts).toEqual([]);
      await settled();
      expect(toasts).toEqual([]);
    });
  }

  it('speaks English to an English visitor: the booking, its date, and what happened', async () => {
    await i18n.changeLanguage('en');
    renderAt(`/vendor-confirm?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Confirm booking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline booking' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Booking confirmation' })).toBeTruthy();
    expect(screen.getByText('Waiting for your answer')).toBeTruthy();
    expect(screen.queryByText(/Reserva|Pendiente/)).toBeNull();
    cleanup();
    summary = closed({ status: 'declined', answered_at: '2026-11-25T17:30:00.000Z' });
    renderAt(`/vendor-confirm?token=${TOKEN}`);
    expect((await screen.findByTestId('closed-text')).textContent).toBe(
      'You declined this booking on November 25 at 11:30.',
    );
  });

  it('falls back to the plain sentence when the server tells no time', async () => {
    summary = closed({ status: 'awaiting_payment' });
    renderAt(`/vendor-confirm?token=${TOKEN}`);
    expect((await screen.findByTestId('closed-text')).textContent).toBe('Esta reserva ya fue procesada.');
  });

  // A malformed token (the validator's 400) or an unknown one (404) is the spec's state.
  for (const [label, status, body] of [
    ['malformed', 400, { error: { code: 'validation_failed', message: 'Invalid json (token)' } }],
    ['unknown', 404, { error: { code: 'not_found', message: 'Token de confirmación inválido' } }],
  ] as const) {
    it(`says 'Token Inválido' for a ${label} token, with one toast and nothing sent`, async () => {
      summary = body;
      summaryStatus = status;
      renderAt(`/vendor-confirm?token=${label === 'malformed' ? 'short' : TOKEN}&action=confirm`);
      expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
      await waitFor(() => expect(toasts).toEqual([['error', 'Token de confirmación inválido']]));
      await settled();
      expect(screen.queryByText(/Invalid json|zod/i)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Confirmar Reserva' })).toBeNull();
      expect(toasts).toEqual([['error', 'Token de confirmación inválido']]);
      expect(posts).toEqual([]);
    });
  }

  it('toasts once when a tapped answer is refused, then says what happened', async () => {
    decision = {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'Esta reserva ya fue procesada (pendiente de pago). / This booking was already processed.',
        },
      },
    };
    // Meanwhile answered elsewhere: the refetch after the refusal tells what happened.
    summaryAfterPost = closed({ status: 'awaiting_payment', answered_at: '2026-11-25T17:30:00.000Z' });
    renderAt(`/vendor-confirm?token=${TOKEN}&action=confirm`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar Reserva' }));
    expect((await screen.findByTestId('closed-text')).textContent).toBe(
      'Ya confirmaste esta reserva el 25 de noviembre a las 11:30.',
    );
    await settled();
    expect(toasts).toEqual([['error', 'Error al procesar la confirmación']]);
    expect(screen.queryByRole('button', { name: 'Confirmar Reserva' })).toBeNull();
  });

  it('toasts once when a link with an action succeeds', async () => {
    renderAt(`/vendor-confirm?token=${TOKEN}&action=confirm`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar Reserva' }));
    expect(await screen.findByRole('heading', { name: 'Reserva confirmada exitosamente' })).toBeTruthy();
    await settled();
    expect(toasts).toEqual([['success', 'Reserva confirmada exitosamente']]);
  });

  it('does not process a used link again when its mail button is pressed a second time', async () => {
    summary = closed({ status: 'awaiting_payment' });
    renderAt(`/vendor-confirm?token=${TOKEN}&action=decline`);
    expect(await screen.findByText('Esta reserva ya fue procesada.')).toBeTruthy();
    // Every effect of that render has run (act flushes them): an answer would have been set out now.
    await act(async () => {});
    expect(decided).toEqual([]);
    expect(posts).toEqual([]);
  });

  it('says in its words why an answer was refused', async () => {
    decision = {
      status: 410,
      body: {
        error: {
          code: 'gone',
          message: 'Este enlace de confirmación ha caducado. / This confirmation link has expired.',
        },
      },
    };
    renderAt(`/vendor-confirm?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar Reserva' }));
    expect(await screen.findByText('Error al procesar la confirmación')).toBeTruthy();
    expect(await screen.findByText('Este enlace de confirmación ha caducado.')).toBeTruthy();
    expect(screen.queryByText(/This confirmation link/)).toBeNull();
  });
});
