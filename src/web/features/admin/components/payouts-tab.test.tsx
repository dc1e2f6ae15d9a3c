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
// POST's own schema, a 409 said in words), the paid view and the ledger check.

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
  ],
};

let posts: unknown[];
/** What the next POST answers: the payout, or a refusal. */
let postAnswer: () => Response;
let ledger: LedgerCheck;

beforeAll(() => loadStrings(['payouts']));

beforeEach(async () => {
  posts = [];
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
      return Response.json(url.searchParams.get('status') === 'paid' ? paid : due);
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
    expect(within(casaCard).queryByRole('button')).toBeNull();
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
});
