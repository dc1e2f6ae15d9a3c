import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutAccountView, VendorEarnings } from '../../../../shared/payout.schemas.ts';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { EarningsSection } from './earnings-section.tsx';

// The dashboard's Earnings (decision 064) with the API stubbed at fetch: the balances in Mexican
// money, each booking's split, refunds and payouts, and the CLABE form checked by the server's own
// schema, its errors under the fields in the page's language; with Stripe configured (decision 065)
// the Stripe account's state, "Connect with Stripe" and the landings back from Stripe.

/** Banamex's example CLABE (valid bank code and check digit), and the same with a wrong last digit. */
const validClabe = '002010077777777771';
const wrongDigit = '002010077777777772';

const noAccount: PayoutAccountView = {
  method: null,
  status: 'missing',
  stripe: 'none',
  clabe_last4: null,
  bank: null,
  holder_name: null,
};
const banamex: PayoutAccountView = {
  method: 'clabe',
  status: 'active',
  stripe: 'none',
  clabe_last4: '7771',
  bank: 'BANAMEX',
  holder_name: 'Ana Brillo',
};

const earnings: VendorEarnings = {
  pending: 45_000 - 4_500,
  available: 123_450,
  paid_out: 80_050,
  hold_hours: 24,
  commission_bps: 1000,
  entries: [
    {
      kind: 'payment',
      amount: 40_500,
      gross: 45_000,
      commission: 4_500,
      booking_id: 'b1',
      booking_code: 'XK7P2M',
      balance: 'pending',
      created_at: '2026-11-27T18:00:00.000Z',
    },
    {
      kind: 'refund',
      amount: -18_000,
      gross: null,
      commission: null,
      booking_id: 'b2',
      booking_code: 'RF4D9Q',
      balance: 'pending',
      created_at: '2026-11-26T18:00:00.000Z',
    },
    {
      kind: 'payout',
      amount: -80_050,
      gross: null,
      commission: null,
      booking_id: null,
      booking_code: null,
      balance: 'available',
      created_at: '2026-11-20T18:00:00.000Z',
    },
    {
      kind: 'payment',
      amount: 123_450,
      gross: 137_167,
      commission: 13_717,
      booking_id: 'b3',
      booking_code: 'AV3L8B',
      balance: 'available',
      created_at: '2026-11-10T18:00:00.000Z',
    },
  ],
  payouts: [
    {
      id: 'p1',
      amount: 80_050,
      method: 'spei',
      status: 'paid',
      reference: 'BARRIO0000DEMO1',
      created_at: '2026-11-10T18:00:00.000Z',
      paid_at: '2026-11-20T18:00:00.000Z',
    },
  ],
  payout_account: banamex,
  stripe_connect: false,
};

const stripeUrl = 'https://connect.stripe.com/setup/e/acct_1Test/abc';

let answer: VendorEarnings;
let puts: unknown[];
let stripePosts: number;
/** What POST /api/vendor/payout-account/stripe answers: a fresh link, or a refusal. */
let stripeAnswer: () => Response;
let assign: ReturnType<typeof vi.fn>;

beforeAll(() => loadStrings(['payouts']));

beforeEach(async () => {
  answer = earnings;
  puts = [];
  stripePosts = 0;
  stripeAnswer = () => Response.json({ url: stripeUrl });
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/vendor/payout-account/stripe' && init?.method === 'POST') {
      stripePosts += 1;
      return stripeAnswer();
    }
    if (url.pathname === '/api/vendor/payout-account' && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      answer = { ...answer, payout_account: banamex };
      return Response.json(banamex);
    }
    if (url.pathname === '/api/vendor/earnings') return Response.json(answer);
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('es-MX');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The address as the router has it, to see the `?stripe=` landing dropped. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderSection(path = '/vendor/dashboard') {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <EarningsSection />
        <Address />
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByRole('region', { name: /^(Ganancias|Earnings)$/ });
}

/** The payout account's part of the section, below its heading. */
async function accountPanel(region: HTMLElement, title = 'Cuenta para pagos') {
  return (await within(region).findByRole('heading', { name: title })).parentElement!;
}

const stripeOnboarding: PayoutAccountView = { ...noAccount, status: 'onboarding', stripe: 'onboarding' };

describe('EarningsSection', () => {
  it('shows the three balances with what each means, in Mexican money', async () => {
    const region = renderSection();
    await within(region).findByText('Reserva XK7P2M');
    const dl = region.querySelector('dl')!;
    expect(within(dl).getByText('Pendiente').nextElementSibling?.textContent).toBe('$405 MXN');
    expect(within(dl).getByText('Disponible').nextElementSibling?.textContent).toBe('$1,234.50 MXN');
    expect(within(dl).getByText('Pagado').nextElementSibling?.textContent).toBe('$800.50 MXN');
    expect(
      within(dl).getByText(
        'Reservas pagadas, retenidas hasta 24 horas después de que termina la cita (por si hay una disputa o alguien no se presenta).',
      ),
    ).toBeTruthy();
    expect(within(dl).getByText('Listo para pagarse a tu cuenta bancaria.')).toBeTruthy();
    expect(
      within(region).getByText('Barrio cobra una comisión del 10% por cada reserva pagada.'),
    ).toBeTruthy();
  });

  it("lists each booking's amount, commission and net with its state, refunds negative, and payouts", async () => {
    const region = renderSection();
    const booking = (await within(region).findByText('Reserva XK7P2M')).closest('li')!;
    expect(within(booking).getByText('Pendiente')).toBeTruthy();
    expect(within(booking).getByText('Importe pagado').nextElementSibling?.textContent).toBe('$450 MXN');
    expect(within(booking).getByText('Comisión').nextElementSibling?.textContent).toBe('-$45 MXN');
    expect(within(booking).getByText('Neto para ti').nextElementSibling?.textContent).toBe('$405 MXN');
    const older = within(region).getByText('Reserva AV3L8B').closest('li')!;
    expect(within(older).getByText('Disponible')).toBeTruthy();
    const refund = within(region).getByText('Reembolso de la reserva RF4D9Q').closest('li')!;
    expect(within(refund).getByText('-$180 MXN')).toBeTruthy();
    // A payout is listed once, under Payouts, with its date and reference (not again as a movement).
    const payouts = within(region).getByRole('heading', { name: 'Pagos recibidos' }).parentElement!;
    const payout = within(payouts).getByText('SPEI · clave de rastreo BARRIO0000DEMO1').closest('li')!;
    expect(within(payout).getByText('$800.50 MXN')).toBeTruthy();
    expect(within(payout).getByText('20 nov 2026')).toBeTruthy();
    expect(within(region).getAllByText('$800.50 MXN')).toHaveLength(2); // the balance and the payout
  });

  it('reads the same in English', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    await within(region).findByText('Booking XK7P2M');
    const dl = region.querySelector('dl')!;
    expect(within(dl).getByText('Available').nextElementSibling?.textContent).toBe('$1,234.50 MXN');
    expect(within(region).getByText('CLABE ending in 7771 · BANAMEX')).toBeTruthy();
    expect(within(region).getByText('Holder: Ana Brillo')).toBeTruthy();
    expect(within(region).getByText('SPEI · reference BARRIO0000DEMO1')).toBeTruthy();
    // Stripe not configured: nothing about it, the CLABE is the only way to be paid.
    expect(within(region).queryByText(/Stripe/)).toBeNull();
  });

  it('says the balance waits without a CLABE, and refuses a wrong one under the field', async () => {
    answer = { ...earnings, payout_account: noAccount };
    const region = renderSection();
    await within(region).findByText('Aún no tienes CLABE: tu saldo disponible espera hasta que la agregues.');
    fireEvent.click(within(region).getByRole('button', { name: 'Agregar CLABE' }));
    const form = within(region).getByRole('form', { name: 'Dónde te pagamos' });
    const clabe = within(form).getByLabelText('CLABE (18 dígitos)');
    changeValue(clabe, wrongDigit);
    changeValue(within(form).getByLabelText('Nombre del titular de la cuenta'), 'Ana Brillo');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const error = await within(form).findByText('Esta CLABE no es válida: revisa sus dígitos.');
    expect(clabe.getAttribute('aria-invalid')).toBe('true');
    expect(clabe.getAttribute('aria-describedby')).toBe(error.id);
    changeValue(clabe, '1234');
    expect(await within(form).findByText('La CLABE tiene 18 dígitos.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('sends a valid CLABE (spaces dropped) and shows the account it now has', async () => {
    answer = { ...earnings, payout_account: noAccount };
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Agregar CLABE' }));
    const form = within(region).getByRole('form', { name: 'Dónde te pagamos' });
    changeValue(within(form).getByLabelText('CLABE (18 dígitos)'), '002 010 07777777777 1');
    changeValue(within(form).getByLabelText('Nombre del titular de la cuenta'), '  ');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Escribe el nombre del titular de la cuenta.')).toBeTruthy();
    changeValue(within(form).getByLabelText('Nombre del titular de la cuenta'), ' Ana Brillo ');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts).toEqual([{ clabe: validClabe, holder_name: 'Ana Brillo' }]));
    expect(await within(region).findByText('CLABE terminada en 7771 · BANAMEX')).toBeTruthy();
    expect(within(region).queryByRole('form')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Cambiar CLABE' })).toBeTruthy();
  });

  it('reads Stripe transfers in the payouts: one on its way, one made', async () => {
    answer = {
      ...earnings,
      payouts: [
        {
          id: 'p3',
          amount: 50_000,
          method: 'stripe',
          status: 'pending',
          reference: null,
          paid_at: null,
          created_at: '2026-11-28T12:00:00.000Z',
        },
        {
          id: 'p2',
          amount: 30_000,
          method: 'stripe',
          status: 'paid',
          reference: 'tr_1QxYz',
          paid_at: '2026-11-27T12:05:00.000Z',
          created_at: '2026-11-27T12:00:00.000Z',
        },
      ],
    };
    const region = renderSection();
    const onItsWay = (await within(region).findByText('Transferencia por Stripe en camino')).closest('li')!;
    expect(within(onItsWay).getByText('$500 MXN')).toBeTruthy();
    expect(within(onItsWay).getByText('28 nov 2026')).toBeTruthy();
    const made = within(region).getByText('Stripe · transferencia tr_1QxYz').closest('li')!;
    expect(within(made).getByText('$300 MXN')).toBeTruthy();
  });
});

describe('EarningsSection with Stripe configured', () => {
  it('offers "Connect with Stripe" beside the CLABE, and sends the browser to the link', async () => {
    answer = { ...earnings, payout_account: noAccount, stripe_connect: true };
    const region = renderSection();
    const panel = await accountPanel(region);
    await within(panel).findByText(
      'Aún no tienes cuenta para pagos: tu saldo disponible espera hasta que conectes Stripe o agregues una CLABE.',
    );
    expect(within(panel).getByText(/^Conecta Stripe para recibir tus pagos automáticamente/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Agregar CLABE' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Conectar con Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
    expect(stripePosts).toBe(1);
    // Leaving: the button cannot ask for a second link meanwhile.
    const leaving = within(panel).getByRole('button', { name: 'Abriendo Stripe…' }) as HTMLButtonElement;
    expect(leaving.disabled).toBe(true);
  });

  it('says the link could not be had, and the button stays to try again', async () => {
    answer = { ...earnings, payout_account: noAccount, stripe_connect: true };
    stripeAnswer = () =>
      Response.json({ error: { code: 'internal', message: 'Stripe is down.' } }, { status: 502 });
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Conectar con Stripe' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'No se pudo abrir Stripe. Intenta de nuevo.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(
      (within(region).getByRole('button', { name: 'Conectar con Stripe' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('a setup not finished: payouts go to the CLABE meanwhile, or the balance waits', async () => {
    answer = {
      ...earnings,
      payout_account: { ...banamex, stripe: 'onboarding' },
      stripe_connect: true,
    };
    const region = renderSection();
    const panel = await accountPanel(region);
    await within(panel).findByText(
      'La configuración en Stripe no está terminada: mientras tanto, los pagos van a tu CLABE.',
    );
    expect(within(panel).getByText('CLABE terminada en 7771 · BANAMEX')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Continuar configuración en Stripe' })).toBeTruthy();
    cleanup();

    answer = { ...earnings, payout_account: stripeOnboarding, stripe_connect: true };
    const again = await accountPanel(renderSection());
    await within(again).findByText(
      'La configuración en Stripe no está terminada: tu saldo disponible espera hasta que la termines o agregues una CLABE.',
    );
    expect(within(again).queryByText(/^Aún no tienes/)).toBeNull();
    expect(within(again).getByRole('button', { name: 'Continuar configuración en Stripe' })).toBeTruthy();
  });

  it('an active Stripe account: paid by transfer, nothing to connect (in English too)', async () => {
    await i18n.changeLanguage('en');
    answer = {
      ...earnings,
      payout_account: { ...noAccount, method: 'stripe', status: 'active', stripe: 'active' },
      stripe_connect: true,
    };
    const region = renderSection();
    const panel = await accountPanel(region, 'Payout account');
    await within(panel).findByText('Paid by Stripe transfer to your connected account.');
    expect(within(panel).queryByRole('button', { name: /Stripe/ })).toBeNull();
    expect(within(panel).queryByText(/No payout account/)).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Add CLABE' })).toBeTruthy();
  });

  it('back from Stripe (?stripe=return): a short note, and the address loses the parameter', async () => {
    answer = { ...earnings, payout_account: stripeOnboarding, stripe_connect: true };
    const region = renderSection('/vendor/dashboard?stripe=return');
    expect((await within(region).findByRole('status')).textContent).toBe(
      'De vuelta de Stripe: estamos revisando tu cuenta. Los pagos empiezan cuando Stripe termine su revisión.',
    );
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/vendor/dashboard'));
    // The note stays once the address is clean; nothing is opened by itself.
    expect(within(region).getByRole('status')).toBeTruthy();
    expect(stripePosts).toBe(0);
  });

  it('an expired link (?stripe=refresh) asks for a new one by itself, once', async () => {
    answer = { ...earnings, payout_account: stripeOnboarding, stripe_connect: true };
    const region = renderSection('/vendor/dashboard?stripe=refresh');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
    expect(within(region).getByRole('status').textContent).toBe(
      'El enlace de Stripe venció: abriendo uno nuevo…',
    );
    expect(screen.getByTestId('address').textContent).toBe('/vendor/dashboard');
    expect(stripePosts).toBe(1);
  });

  it('without Stripe configured, a Stripe landing does nothing', async () => {
    const region = renderSection('/vendor/dashboard?stripe=refresh');
    await within(region).findByText('Reserva XK7P2M');
    expect(within(region).queryByRole('status')).toBeNull();
    expect(within(region).queryByText(/Stripe/)).toBeNull();
    expect(stripePosts).toBe(0);
  });
});
