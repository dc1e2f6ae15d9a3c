import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminPayoutsDue,
  type AdminPayoutsPaid,
  type LedgerCheck,
  payoutMessages,
} from '../../../../shared/payout.schemas.ts';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { PayoutsTab } from './payouts-tab.tsx';

// The admin's Payouts tab (decision 064) with the API stubbed at fetch: the commission, the vendors
// due a payout with their payout account, "Mark paid out" with the SPEI reference (checked by the
// POST's own schema, a 409 said in words), the paid view and the ledger check; with Stripe Connect
// (decision 065) the vendors Stripe pays and the transfers it has not made yet.

const brillo = '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const casa = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';

const due: AdminPayoutsDue = {
  status: 'due',
  commission_earned: 1_234_550,
  minimum: 10_000,
  transfers_pending: [],
  vendors: [
    {
      vendor_profile_id: brillo,
      business_name: 'Brillo Total Limpieza',
      pending: 40_500,
      available: 123_450,
      paid_out: 80_050,
      payout_account: {
        method: 'clabe',
        status: 'active',
        stripe: 'none',
        clabe_last4: '7771',
        bank: 'BANAMEX',
        holder_name: 'Ana Brillo',
      },
      rfc: 'PEMJ800101AB6',
    },
    {
      vendor_profile_id: casa,
      business_name: 'Casa Limpia',
      pending: 0,
      available: 20_000,
      paid_out: 0,
      payout_account: {
        method: null,
        status: 'missing',
        stripe: 'none',
        clabe_last4: null,
        bank: null,
        holder_name: null,
      },
      rfc: null,
    },
  ],
};

const paid: AdminPayoutsPaid = {
  status: 'paid',
  commission_earned: 1_234_550,
  payouts: [
    {
      id: 'p1',
      amount: 80_050,
      method: 'spei',
      status: 'paid',
      reference: 'BARRIO0000DEMO1',
      created_at: '2026-11-25T18:00:00.000Z',
      paid_at: '2026-11-20T18:00:00.000Z',
      vendor_profile_id: brillo,
      business_name: 'Brillo Total Limpieza',
    },
    {
      id: 'p3',
      amount: 30_000,
      method: 'stripe',
      status: 'paid',
      reference: 'tr_1QxYz',
      created_at: '2026-11-27T12:00:00.000Z',
      paid_at: '2026-11-27T12:05:00.000Z',
      vendor_profile_id: casa,
      business_name: 'Casa Limpia',
    },
  ],
};

/** A vendor due a payout with the given account, for the Stripe cases. */
function dueVendor(
  id: string,
  name: string,
  account: Partial<AdminPayoutsDue['vendors'][number]['payout_account']>,
): AdminPayoutsDue['vendors'][number] {
  return {
    vendor_profile_id: id,
    business_name: name,
    pending: 0,
    available: 50_000,
    paid_out: 0,
    rfc: null,
    payout_account: {
      method: null,
      status: 'missing',
      stripe: 'none',
      clabe_last4: null,
      bank: null,
      holder_name: null,
      ...account,
    },
  };
}

const clabe = { clabe_last4: '1234', bank: 'BBVA MEXICO', holder_name: 'Luz Verde' };

const stripeDue: AdminPayoutsDue = {
  ...due,
  vendors: [
    dueVendor('2c3d4e5f-6071-4829-8a9b-0c1d2e3f4a5b', 'Jardines Luz', {
      method: 'stripe',
      status: 'active',
      stripe: 'active',
    }),
    dueVendor('3d4e5f60-7182-4930-8a9b-0c1d2e3f4a5b', 'Luz Verde Plomería', {
      method: 'stripe',
      status: 'active',
      stripe: 'active',
      ...clabe,
    }),
    dueVendor('4e5f6071-8293-4a41-8a9b-0c1d2e3f4a5b', 'Pintura Sol', {
      status: 'onboarding',
      stripe: 'onboarding',
    }),
    dueVendor('5f607182-93a4-4b52-8a9b-0c1d2e3f4a5b', 'Mudanzas Río', {
      method: 'clabe',
      status: 'active',
      stripe: 'onboarding',
      ...clabe,
    }),
  ],
  transfers_pending: [
    {
      id: 'p9',
      vendor_profile_id: '2c3d4e5f-6071-4829-8a9b-0c1d2e3f4a5b',
      business_name: 'Jardines Luz',
      amount: 75_000,
      attempts: 3,
      attempted_at: '2026-11-28T12:30:00.000Z',
      transfer_error: 'Insufficient funds in Stripe account.',
      created_at: '2026-11-28T12:00:00.000Z',
    },
    {
      id: 'p10',
      vendor_profile_id: '3d4e5f60-7182-4930-8a9b-0c1d2e3f4a5b',
      business_name: 'Luz Verde Plomería',
      amount: 20_000,
      attempts: 0,
      attempted_at: null,
      transfer_error: null,
      created_at: '2026-11-28T12:00:00.000Z',
    },
  ],
};

let dueAnswer: AdminPayoutsDue;
let posts: unknown[];
/** What the next POST answers: the payout, or a refusal. */
let postAnswer: () => Response;
let ledger: LedgerCheck;

beforeAll(() => loadStrings(['payouts']));

beforeEach(async () => {
  posts = [];
  dueAnswer = due;
  ledger = { ok: true, problems: [] };
  postAnswer = () =>
    Response.json(
      {
        id: 'p2',
        amount: 123_450,
        method: 'spei',
        status: 'paid',
        reference: 'SPEI123456',
        paid_at: '2026-11-28T18:00:00.000Z',
        vendor_profile_id: brillo,
      },
      { status: 201 },
    );
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/admin/payouts' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return postAnswer();
    }
    if (url.pathname === '/api/admin/payouts')
      return Response.json(url.searchParams.get('status') === 'paid' ? paid : dueAnswer);
    if (url.pathname === '/api/admin/ledger/check') return Response.json(ledger);
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTab(url = '/admin?tab=payouts') {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <PayoutsTab />
      </MemoryRouter>
    </Providers>,
  );
}

async function vendorCard(name: string) {
  return (await screen.findByRole('heading', { level: 3, name })).closest('li')!;
}

describe('the Payouts tab', () => {
  it('shows the commission and each vendor due: balances, payout account or why it cannot be paid', async () => {
    renderTab();
    const card = await vendorCard('Brillo Total Limpieza');
    expect(screen.getByText('$12,345.50 MXN')).toBeTruthy();
    expect(screen.getByText('Vendors whose available balance reached $100 MXN.')).toBeTruthy();
    expect(within(card).getByText('Pending').nextElementSibling?.textContent).toBe('$405 MXN');
    expect(within(card).getByText('Available').nextElementSibling?.textContent).toBe('$1,234.50 MXN');
    expect(within(card).getByText('Paid out').nextElementSibling?.textContent).toBe('$800.50 MXN');
    expect(within(card).getByText('CLABE ending in 7771 · BANAMEX · Ana Brillo')).toBeTruthy();
    const casaCard = await vendorCard('Casa Limpia');
    expect(within(casaCard).getByText('No CLABE: cannot be paid yet')).toBeTruthy();
    // The vendor's RFC, for the admins, or that there is none yet.
    expect(within(card).getByText('RFC PEMJ800101AB6')).toBeTruthy();
    expect(within(casaCard).getByText('No RFC given yet')).toBeTruthy();
    expect(within(casaCard).queryByRole('button')).toBeNull();
    // No Stripe transfer waits: no such section.
    expect(screen.queryByRole('heading', { name: 'Stripe transfers waiting' })).toBeNull();
  });

  it('lists the Stripe transfers waiting: vendor, amount, tries, last try and its error', async () => {
    dueAnswer = stripeDue;
    renderTab();
    const section = (await screen.findByRole('heading', { name: 'Stripe transfers waiting' })).closest(
      'section',
    )!;
    const failing = within(section).getByText('Jardines Luz').closest('li')!;
    expect(within(failing).getByText('$750 MXN')).toBeTruthy();
    expect(within(failing).getByText(/^3 tries · Last try: Nov 28, 2026, 6:30/)).toBeTruthy();
    expect(within(failing).getByText('Last error: Insufficient funds in Stripe account.')).toBeTruthy();
    const fresh = within(section).getByText('Luz Verde Plomería').closest('li')!;
    expect(within(fresh).getByText('0 tries · Not tried yet')).toBeTruthy();
    expect(within(fresh).queryByText(/Last error/)).toBeNull();
  });

  it('says which vendors Stripe pays, and offers SPEI only where there is a CLABE', async () => {
    dueAnswer = stripeDue;
    renderTab();
    const stripeOnly = await vendorCard('Jardines Luz');
    expect(within(stripeOnly).getByText('Paid by Stripe automatically')).toBeTruthy();
    expect(within(stripeOnly).queryByRole('button')).toBeNull();
    expect(within(stripeOnly).queryByText(/No CLABE/)).toBeNull();
    const both = await vendorCard('Luz Verde Plomería');
    expect(within(both).getByText('Paid by Stripe automatically')).toBeTruthy();
    expect(within(both).getByText('CLABE ending in 1234 · BBVA MEXICO · Luz Verde')).toBeTruthy();
    expect(within(both).getByRole('button', { name: 'Mark paid out: Luz Verde Plomería' })).toBeTruthy();
    const onboarding = await vendorCard('Pintura Sol');
    expect(within(onboarding).getByText('Stripe setup not finished: cannot be paid yet')).toBeTruthy();
    expect(within(onboarding).queryByRole('button')).toBeNull();
    // A setup not finished with a CLABE is paid by SPEI meanwhile.
    const meanwhile = await vendorCard('Mudanzas Río');
    expect(within(meanwhile).queryByText(/Stripe/)).toBeNull();
    expect(within(meanwhile).getByRole('button', { name: 'Mark paid out: Mudanzas Río' })).toBeTruthy();
  });

  it('reads the Stripe states in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    dueAnswer = stripeDue;
    renderTab();
    const section = (
      await screen.findByRole('heading', { name: 'Transferencias de Stripe pendientes' })
    ).closest('section')!;
    const failing = within(section).getByText('Jardines Luz').closest('li')!;
    expect(within(failing).getByText(/^3 intentos · Último intento: 28 nov 2026/)).toBeTruthy();
    expect(within(failing).getByText('Último error: Insufficient funds in Stripe account.')).toBeTruthy();
    expect(within(section).getByText('0 intentos · Aún sin intentar')).toBeTruthy();
    expect(within(await vendorCard('Jardines Luz')).getByText('Stripe le paga automáticamente')).toBeTruthy();
    expect(
      within(await vendorCard('Pintura Sol')).getByText(
        'Configuración en Stripe sin terminar: aún no se le puede pagar',
      ),
    ).toBeTruthy();
  });

  it('records a SPEI payout with its reference, checked before it is sent', async () => {
    renderTab();
    const card = await vendorCard('Brillo Total Limpieza');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark paid out: Brillo Total Limpieza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Brillo Total Limpieza' });
    expect(
      within(dialog).getByText(
        "Send $1,234.50 MXN by SPEI to the CLABE ending in 7771 (Ana Brillo), then enter the transfer's reference.",
      ),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('SPEI reference (clave de rastreo)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid out' }));
    const error = await within(dialog).findByText("Enter the transfer's reference.");
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
    changeValue(field, 'SPEI#123');
    expect(
      await within(dialog).findByText('The reference has letters, digits, spaces and . _ / - only.'),
    ).toBeTruthy();
    expect(posts).toEqual([]);

    changeValue(field, ' SPEI123456 ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid out' }));
    await waitFor(() => expect(posts).toEqual([{ vendor_profile_id: brillo, reference: 'SPEI123456' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says the server's refusal in the admin's language, in the dialog", async () => {
    await i18n.changeLanguage('es-MX');
    postAnswer = () =>
      Response.json({ error: { code: 'conflict', message: payoutMessages.referenceTaken } }, { status: 409 });
    renderTab();
    const card = await vendorCard('Brillo Total Limpieza');
    fireEvent.click(within(card).getByRole('button', { name: 'Marcar como pagado: Brillo Total Limpieza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar a Brillo Total Limpieza' });
    changeValue(within(dialog).getByLabelText('Clave de rastreo del SPEI'), 'BARRIO0000DEMO1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagado' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ya hay un pago registrado con esta clave de rastreo.',
    );
    // The dialog stays open to correct the reference; typing clears the refusal.
    changeValue(within(dialog).getByLabelText('Clave de rastreo del SPEI'), 'BARRIO0000DEMO2');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());

    postAnswer = () =>
      Response.json(
        { error: { code: 'conflict', message: payoutMessages.nothingAvailable } },
        { status: 409 },
      );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagado' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Este proveedor no tiene saldo disponible: quizá se le acaba de pagar.',
    );
  });

  it('lists the latest payouts in the Paid view: date, vendor, amount, reference', async () => {
    renderTab('/admin?tab=payouts&view=paid');
    const row = (await screen.findByText('SPEI · reference BARRIO0000DEMO1')).closest('li')!;
    expect(within(row).getByText('Brillo Total Limpieza')).toBeTruthy();
    expect(within(row).getByText('$800.50 MXN')).toBeTruthy();
    expect(within(row).getByText(/^Nov 20, 2026, 12:00/)).toBeTruthy();
    expect(screen.getByText('Stripe · transfer tr_1QxYz')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paid' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Due' }));
    expect(await vendorCard('Casa Limpia')).toBeTruthy();
  });

  it('checks the ledger: a short line when in order, else each problem', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Check the ledger' }));
    expect(await screen.findByText('The ledger is in order: every entry adds up.')).toBeTruthy();
    ledger = { ok: false, problems: ['booking AB12CD: entries 40500 + 4500 ≠ 45001'] };
    fireEvent.click(screen.getByRole('button', { name: 'Check the ledger' }));
    expect(await screen.findByText('booking AB12CD: entries 40500 + 4500 ≠ 45001')).toBeTruthy();
    expect(screen.getByText('The ledger has problems:')).toBeTruthy();
    expect(screen.queryByText('The ledger is in order: every entry adds up.')).toBeNull();
  });

  it('offers the whole ledger as a CSV download for the accountant', async () => {
    renderTab();
    const link = await screen.findByRole('link', { name: 'Download the ledger (CSV)' });
    expect(link.getAttribute('href')).toBe('/api/admin/ledger.csv');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
