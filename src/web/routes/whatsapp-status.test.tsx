import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SelfTestResult, WhatsAppStatus } from '../../shared/whatsapp.schemas.ts';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { fakeApiEachTest, json, signedInMe } from '../test/fake-api.ts';
import { renderAt } from '../test/render-route.tsx';

// /whatsapp-status: the self-test's findings in the page's language. The server names each finding
// (`reason`, with its particulars); its `message` is English, for logs, and never shown.

beforeAll(() => preloadRouteAt('/whatsapp-status'), 60_000);

const status: WhatsAppStatus = {
  transport: 'log',
  hasAccessToken: false,
  hasPhoneNumberId: false,
  hasAppSecret: false,
  hasVerifyToken: false,
  webhookUrl: 'http://localhost/api/whatsapp/webhook',
  verifyToken: null,
  counts: { totalMessages: 3, last24Hours: 1, vendorsWithPhone: 2, pendingVendorBookings: 0 },
};

const selfTest: SelfTestResult = {
  ok: false,
  checks: [
    {
      name: 'webhook',
      outcome: 'failed',
      reason: 'webhook_secrets_missing',
      params: { missing: 'WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET' },
      message: 'English for the logs',
    },
    {
      name: 'notification',
      outcome: 'failed',
      reason: 'notifications_overdue',
      params: { count: 2 },
      message: 'English for the logs',
    },
    {
      name: 'credentials',
      outcome: 'skipped',
      reason: 'credentials_log_transport',
      params: {},
      message: 'English for the logs',
    },
  ],
};

const api = fakeApiEachTest({
  'GET /api/admin/whatsapp/status': () => json(200, status),
  'POST /api/admin/whatsapp/self-test': () => json(200, selfTest),
});

describe('the WhatsApp status page', () => {
  it('says what each check found in Spanish, never the server’s English', async () => {
    api.me = signedInMe({ isAdmin: true });
    await i18n.changeLanguage('es-MX');
    renderAt('/whatsapp-status');
    fireEvent.click(await screen.findByRole('button', { name: 'Probar webhook' }));

    expect(
      await screen.findByText(
        'Sin configurar: WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET. Meta no podría llamar al webhook.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Notificaciones de WhatsApp atrasadas en la cola: 2. ¿Está funcionando el despachador?',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Transporte de registro en uso/)).toBeTruthy();
    expect(screen.queryAllByText(/English for the logs/)).toEqual([]);
  });

  it('says the same findings in English', async () => {
    api.me = signedInMe({ isAdmin: true });
    renderAt('/whatsapp-status');
    fireEvent.click(await screen.findByRole('button', { name: 'Test webhook' }));
    expect(
      await screen.findByText(
        'Not set: WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET. Meta’s webhook calls would be refused.',
      ),
    ).toBeTruthy();
    expect(screen.queryAllByText(/English for the logs/)).toEqual([]);
  });
});
