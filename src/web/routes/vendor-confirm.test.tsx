import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
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

// The vendor confirm page (product §2, §4, §8): always Spanish; idle → processing → done only on success.

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
let summary: unknown;
let decision: { status: number; body: unknown };
let posts: unknown[];

beforeEach(async () => {
  posts = [];
  decided.length = 0;
  summary = open;
  decision = { status: 200, body: { id: 'b1', code: 'ABC234', status: 'awaiting_payment', message: 'ok' } };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/bookings/confirm' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return Response.json(decision.body, { status: decision.status });
    }
    if (url.pathname === '/api/bookings/confirm') return Response.json(summary);
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/vendor-confirm', () => {
  it("says 'Token Inválido' without a token", async () => {
    renderAt('/vendor-confirm');
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
    expect(screen.getAllByText('Token de confirmación inválido').length).toBeGreaterThan(0);
    expect(posts).toEqual([]);
  });

  it('processes a link with token and action at once', async () => {
    renderAt(`/vendor-confirm?token=${TOKEN}&action=confirm`);
    expect(await screen.findByRole('heading', { name: 'Reserva confirmada exitosamente' })).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Estado: Pendiente de pago');
    expect(posts).toEqual([{ token: TOKEN, action: 'confirm' }]);
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

  // Issue 28: a used or expired link answers only its code and status; the page says which.
  for (const [status, text, shown] of [
    ['awaiting_payment', 'Esta reserva ya fue procesada.', 'Pendiente de pago'],
    ['expired', 'Este enlace de confirmación ha caducado.', 'Caducada'],
  ] as const) {
    it(`says a link whose booking is ${status} has nothing left to answer, in either language`, async () => {
      summary = { answerable: false, code: 'ABC234', status };
      for (const language of ['es-MX', 'en']) {
        await i18n.changeLanguage(language);
        renderAt(`/vendor-confirm?token=${TOKEN}`);
        expect(await screen.findByText(text)).toBeTruthy();
        expect(screen.getByText('ABC234')).toBeTruthy();
        expect(screen.getByText(shown)).toBeTruthy();
        expect(screen.queryByText('Ana López')).toBeNull();
        // Nothing to press that could only fail.
        expect(screen.queryByRole('button', { name: 'Confirmar Reserva' })).toBeNull();
        cleanup();
      }
      expect(posts).toEqual([]);
    });
  }

  it('does not process a used link again when its mail button is pressed a second time', async () => {
    summary = { answerable: false, code: 'ABC234', status: 'awaiting_payment' };
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
