import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorClaimOffer } from '../../../../shared/vendor-claim.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { ClaimProfileCard } from './claim-profile-card.tsx';

// The claim card asks for a channel the profile has, takes the 6-digit code, and says
// plainly what went wrong (wrong code, expired, too many tries) or that the profile is claimed.

const offer: VendorClaimOffer = {
  business_name: 'Plomería Don Beto',
  channels: [
    { channel: 'whatsapp', to: '+52 •••• 2222' },
    { channel: 'email', to: 'b•••@o•••.test' },
  ],
};

type Reply = { status: number; body: unknown };
let verifyReplies: Reply[];
let startReplies: Reply[];
let requests: { path: string; body: unknown }[];

setUpComponentTests(['vendor']);

beforeEach(async () => {
  requests = [];
  verifyReplies = [];
  startReplies = [];
  stubFetch(async (url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ path: url.pathname, body });
    const startReply = url.pathname === '/api/vendor/claim/start' ? startReplies.shift() : undefined;
    if (startReply) return Response.json(startReply.body, { status: startReply.status });
    if (url.pathname === '/api/vendor/claim/start')
      return Response.json(
        {
          business_name: offer.business_name,
          channel: body.channel,
          to: body.channel === 'whatsapp' ? '+52 •••• 2222' : 'b•••@o•••.test',
          expires_at: '2026-11-22T18:15:00.000Z',
          attempts_left: 5,
        },
        { status: 201 },
      );
    if (url.pathname === '/api/vendor/claim/verify') {
      const reply = verifyReplies.shift()!;
      return Response.json(reply.body, { status: reply.status });
    }
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('es-MX');
});

function renderCard(props: Partial<Parameters<typeof ClaimProfileCard>[0]> = {}) {
  renderWithProviders(<ClaimProfileCard offer={offer} {...props} />);
}

const wrong = (left: number): Reply => ({
  status: 400,
  body: {
    error: {
      code: 'validation_failed',
      message: 'El código no es correcto.',
      details: [{ path: 'code', message: 'x', attempts_left: left }],
    },
  },
});

async function sendWhatsAppCode() {
  fireEvent.click(screen.getByRole('button', { name: 'WhatsApp a +52 •••• 2222' }));
  return screen.findByLabelText('Código de 6 dígitos');
}

describe('ClaimProfileCard', () => {
  it('offers the masked channels, sends a code, and claims with the right one', async () => {
    renderCard();
    expect(screen.getByRole('heading', { name: '¿Ya estás en Barrio? Reclama tu perfil' })).toBeTruthy();
    expect(screen.getByText(/Plomería Don Beto/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Correo a b•••@o•••.test' })).toBeTruthy();

    const input = (await sendWhatsAppCode()) as HTMLInputElement;
    expect(requests).toContainEqual({ path: '/api/vendor/claim/start', body: { channel: 'whatsapp' } });
    expect(screen.getByText(/Enviamos un código de 6 dígitos a \+52 •••• 2222/)).toBeTruthy();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');

    verifyReplies.push({
      status: 200,
      body: {
        vendor_profile_id: 'v1',
        slug: 'plomeria-don-beto',
        business_name: 'Plomería Don Beto',
        claimed_at: '2026-11-22T18:01:00.000Z',
      },
    });
    changeValue(input, '12 34 56');
    expect(input.value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect(await screen.findByRole('heading', { name: 'Perfil reclamado' })).toBeTruthy();
    expect(requests).toContainEqual({ path: '/api/vendor/claim/verify', body: { code: '123456' } });
  });

  it('says a wrong code, then an expired one, then too many tries, and asks nothing for 5 digits', async () => {
    renderCard();
    const input = await sendWhatsAppCode();
    changeValue(input, '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe los 6 dígitos del código.');
    expect(requests.filter((r) => r.path === '/api/vendor/claim/verify')).toEqual([]);

    verifyReplies.push(wrong(1), { status: 410, body: { error: { code: 'gone', message: 'x' } } });
    verifyReplies.push({ status: 429, body: { error: { code: 'rate_limited', message: 'x' } } });
    changeValue(input, '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect(await screen.findByText('El código no es correcto. Te queda 1 intento.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect(await screen.findByText('El código caducó. Pide uno nuevo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect(await screen.findByText('Demasiados intentos con este código. Pide uno nuevo.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Perfil reclamado' })).toBeNull();
  });

  it('says so when another account won the profile', async () => {
    renderCard();
    const input = await sendWhatsAppCode();
    verifyReplies.push({
      status: 409,
      body: { error: { code: 'conflict', message: 'Otra cuenta ya reclamó este perfil.' } },
    });
    changeValue(input, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Otra cuenta ya reclamó este perfil.');
  });

  it('puts the focus in the code field, and says so when another code is sent', async () => {
    renderCard();
    const input = await sendWhatsAppCode();
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.click(screen.getByRole('button', { name: 'Correo a b•••@o•••.test' }));
    expect(
      await screen.findByText('Enviamos un código nuevo a b•••@o•••.test. El anterior ya no sirve.'),
    ).toBeTruthy();
    expect(screen.getByText(/Enviamos un código de 6 dígitos a b•••@o•••\.test/)).toBeTruthy();
  });

  it('says in its own words that the account’s new profile has bookings', async () => {
    renderCard();
    const input = await sendWhatsAppCode();
    verifyReplies.push({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message:
            'Tu perfil nuevo ya tiene reservas, así que no podemos reemplazarlo. Escríbenos para unir los perfiles. / Your new profile already has bookings, so it cannot be replaced. Contact us to merge the profiles.',
        },
      },
    });
    changeValue(input, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Reclamar perfil' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tu perfil nuevo ya tiene reservas, así que no puede reemplazarse. Escríbenos para unir los perfiles.',
    );
  });

  it('tells the account’s hourly limit from the profile’s daily one', async () => {
    const limited = (details?: unknown): Reply => ({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'x', ...(details ? { details } : {}) } },
    });
    startReplies.push(limited(), limited([{ path: 'channel', message: 'x', limit: 'target' }]));
    renderCard();
    const whatsapp = screen.getByRole('button', { name: 'WhatsApp a +52 •••• 2222' });
    fireEvent.click(whatsapp);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Pediste demasiados códigos. Inténtalo de nuevo en una hora.',
    );
    fireEvent.click(whatsapp);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Este perfil ya recibió todos los códigos que puede recibir hoy. Inténtalo de nuevo mañana.',
      ),
    );
  });

  it('without a session, says to sign in and offers no channel', () => {
    renderCard({ signedIn: false });
    expect(screen.getByText('Inicia sesión con tu nueva cuenta para recibir el código.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /WhatsApp/ })).toBeNull();
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    renderCard();
    expect(screen.getByRole('heading', { name: 'Already on Barrio? Claim your profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email to b•••@o•••.test' })).toBeTruthy();
  });
});
