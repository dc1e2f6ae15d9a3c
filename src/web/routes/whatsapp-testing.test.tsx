import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../shared/profile.schemas.ts';
import type { WhatsAppMessage } from '../../shared/whatsapp.schemas.ts';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { renderAt } from '../test/render-route.tsx';

const user = {
  id: 'u1',
  name: 'Admin',
  email: 'admin@example.test',
  email_verified: true,
  image: null,
  has_password: false,
};
const session = { expires_at: new Date(Date.now() + 86_400_000).toISOString() };
let me: MeResponse | null;
let messagesStatus = 200;
let pending: unknown[] = [];
let simulateRefused = false;
let logged: WhatsAppMessage[] = [];
const calls: { path: string; body: unknown }[] = [];

const message: WhatsAppMessage = {
  id: 'm1',
  channel: 'whatsapp',
  direction: 'in',
  body: 'CONFIRM ABC234',
  phone: '+525512345678',
  status: 'received',
  error: null,
  external_id: null,
  interactive: null,
  vendor_profile_id: null,
  vendor_name: 'Brillo Total',
  appointment_id: null,
  created_at: '2026-11-22T18:00:00.000Z',
};

class SilentEventSource {
  addEventListener() {}
  close() {}
  onerror = null;
  onopen = null;
}

beforeEach(async () => {
  me = null;
  messagesStatus = 200;
  pending = [];
  simulateRefused = false;
  logged = [];
  calls.length = 0;
  vi.stubGlobal('EventSource', SilentEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url, 'http://localhost');
      const body = request.method === 'POST' ? await request.json().catch(() => undefined) : undefined;
      calls.push({ path: url.pathname, body });
      const json = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      switch (url.pathname) {
        case '/api/auth/get-session':
          return json(200, me ? { session: {}, user: {} } : null);
        case '/api/me':
          return me ? json(200, me) : json(401, { error: { code: 'unauthorized', message: 'x' } });
        case '/api/admin/whatsapp/messages':
          return messagesStatus === 200
            ? json(200, { items: [...logged, message] })
            : json(messagesStatus, { error: { code: 'x', message: 'x' } });
        case '/api/admin/whatsapp/pending-appointments':
          return json(200, { items: pending });
        case '/api/admin/whatsapp/status':
          return json(200, { transport: 'log' });
        case '/api/admin/whatsapp/simulate':
          return simulateRefused
            ? json(400, { error: { code: 'validation_failed', message: 'English for the logs' } })
            : json(200, { reply: 'Reserva ABC234 confirmada exitosamente.', command: 'confirm' });
        default:
          return json(404, { error: { code: 'not_found', message: 'x' } });
      }
    }),
  );
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/whatsapp-testing', () => {
  it('signed out: Authentication Required', async () => {
    renderAt('/whatsapp-testing', { retry: false });
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('signed in without the admin role: a clear message, no admin calls', async () => {
    me = { user, session, profile: null, isAdmin: false, vendorProfileId: null };
    renderAt('/whatsapp-testing', { retry: false });
    expect(await screen.findByText('Administrators only')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('admin: the log, the empty pending list, and a simulated message with a quick text', async () => {
    me = { user, session, profile: null, isAdmin: true, vendorProfileId: null };
    renderAt('/whatsapp-testing', { retry: false });
    expect(await screen.findByText('CONFIRM ABC234')).toBeTruthy();
    expect(await screen.findByText('No Pending Appointments')).toBeTruthy();
    expect(screen.getByText('Create a booking first to test notifications')).toBeTruthy();

    changeValue(screen.getByLabelText('Phone'), '+52 55 1234 5678');
    fireEvent.click(screen.getByRole('button', { name: 'HELP' }));
    expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('HELP');
    fireEvent.click(screen.getByRole('button', { name: 'Simulate message' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/whatsapp/simulate')?.body).toEqual({
        phone: '+52 55 1234 5678',
        text: 'HELP',
      }),
    );
  });

  it('admin: a request’s buttons and a list’s rows in the log simulate the vendor’s tap', async () => {
    me = { user, session, profile: null, isAdmin: true, vendorProfileId: null };
    const out = { ...message, direction: 'out' as const, status: 'logged' as const };
    logged = [
      {
        ...out,
        id: 'm3',
        body: '¿Cuál? Tienes 2 solicitudes pendientes',
        interactive: {
          kind: 'list',
          button: 'Ver solicitudes',
          rows: [
            { id: 'confirm:AAAA22', title: 'AAAA22', description: 'vie 27 de nov, 10:00 a.m.' },
            { id: 'confirm:BBBB33', title: 'BBBB33' },
          ],
        },
      },
      {
        ...out,
        id: 'm2',
        body: 'Nueva solicitud de reserva · Código ABC234',
        interactive: {
          kind: 'buttons',
          buttons: [
            { id: 'confirm:ABC234', title: 'Confirmar' },
            { id: 'deny:ABC234', title: 'Rechazar' },
          ],
        },
      },
    ];
    renderAt('/whatsapp-testing', { retry: false });
    const buttons = await screen.findByRole('group', { name: 'Buttons — tap one to simulate the reply' });
    expect(buttons.textContent).toContain('Rechazar');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/whatsapp/simulate')?.body).toEqual({
        phone: '+525512345678',
        text: 'Confirmar',
        replyId: 'confirm:ABC234',
      }),
    );
    expect(
      screen.getByRole('group', { name: 'List “Ver solicitudes” — choose a row to simulate the reply' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^BBBB33/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/admin/whatsapp/simulate').at(-1)?.body).toEqual({
        phone: '+525512345678',
        text: 'BBBB33',
        replyId: 'confirm:BBBB33',
      }),
    );
  });

  it('in Spanish: the log’s times in Spanish whatever the browser’s language, a refused tap in Spanish', async () => {
    me = { user, session, profile: null, isAdmin: true, vendorProfileId: null };
    await i18n.changeLanguage('es-MX');
    simulateRefused = true;
    logged = [
      {
        ...message,
        id: 'm2',
        direction: 'out',
        status: 'logged',
        interactive: { kind: 'buttons', buttons: [{ id: 'confirm:ABC234', title: 'Confirmar' }] },
      },
    ];
    renderAt('/whatsapp-testing', { retry: false });
    const spanish = new Intl.DateTimeFormat('es-MX', { dateStyle: 'short', timeStyle: 'medium' }).format(
      new Date(message.created_at),
    );
    expect((await screen.findAllByText(spanish)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Revisa los datos del formulario e inténtalo de nuevo.')).toBeTruthy();
    expect(screen.queryByText('English for the logs')).toBeNull();
  });

  it('admin: the spec’s message when the log cannot be read', async () => {
    me = { user, session, profile: null, isAdmin: true, vendorProfileId: null };
    messagesStatus = 401;
    renderAt('/whatsapp-testing', { retry: false });
    expect(await screen.findByText('Authentication required to view messages. Please sign in.')).toBeTruthy();
    cleanup();
    messagesStatus = 500;
    renderAt('/whatsapp-testing', { retry: false });
    expect(await screen.findByText('Error loading messages.')).toBeTruthy();
  });
});
