import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderAt } from '../../../test/render-route.tsx';
import { fakeVendor, listPage, stubVendorDirectory } from '../vendor-fixtures.ts';

// The Filters panel of Browse Vendors (the directory shares VendorDirectory). Only
// Date is faked, to a fixed noon in Mexico City: "today" is 2026-03-10 whatever day the tests run,
// and every timer (the search debounce, the query's) runs as usual.
const NOW = new Date('2026-03-10T18:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const api = stubVendorDirectory();
const { requests } = api;

const page = listPage;

const lastRequest = () => requests.at(-1)!;
const FILTER_NAMES = ['colonia', 'min_price', 'max_price', 'verified', 'available_on'];
const sentFilters = (url: URL) =>
  Object.fromEntries(
    FILTER_NAMES.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)]] : [])),
  );
const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });

describe('Vendor filters', () => {
  it('sends the filters in the URL to the API under its names, with a chip and a count for each', async () => {
    renderAt(
      '/vendors?category=cleaning&colonia=roma+norte&min_price=200&max_price=800&verified=true&available_on=2026-03-12',
    );
    await screen.findByText('2 vendors found');
    expect(lastRequest().searchParams.get('category')).toBe('cleaning');
    expect(sentFilters(lastRequest())).toEqual({
      colonia: 'Roma Norte',
      min_price: '200',
      max_price: '800',
      verified: 'true',
      available_on: '2026-03-12',
    });
    expect(filtersButton().textContent).toContain('(4 active)');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Remove filter: Roma Norte',
      'Remove filter: $200 MXN – $800 MXN',
      'Remove filter: Available Thu, Mar 12',
      'Remove filter: Verified only',
    ]);
    // The search box's plain form (before the app has the page) keeps them too.
    const kept = [...document.querySelectorAll<HTMLInputElement>('search input[type="hidden"]')];
    expect(kept.map((input) => `${input.name}=${input.value}`)).toEqual([
      'category=cleaning',
      'colonia=Roma Norte',
      'min_price=200',
      'max_price=800',
      'verified=true',
      'available_on=2026-03-12',
    ]);
  });

  it('does not send the values the server would refuse', async () => {
    renderAt(
      `/vendors?colonia=${'x'.repeat(81)}&min_price=12.5&max_price=abc&verified=1&available_on=2026-03-09`,
    );
    await screen.findByText('2 vendors found');
    expect(sentFilters(lastRequest())).toEqual({});
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(filtersButton().textContent).toBe('Filters');
  });

  it('does not send a day past the booking range, nor a price range upside down', async () => {
    renderAt('/vendors?min_price=900&max_price=100&available_on=2026-03-25&colonia=Condesa');
    await screen.findByText('2 vendors found');
    expect(sentFilters(lastRequest())).toEqual({ colonia: 'Condesa' });
  });

  it('Apply writes the panel into the URL, keeping the category and the search', async () => {
    const router = renderAt('/vendors?category=pets&q=paws');
    await screen.findByText('2 vendors found');
    const toggle = filtersButton();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);

    const form = within(panel);
    changeValue(form.getByLabelText('Colonia'), 'Condesa');
    changeValue(form.getByLabelText('From'), '100');
    changeValue(form.getByLabelText('To'), '500');
    const day = form.getByLabelText('Available on') as HTMLInputElement;
    expect([day.type, day.min, day.max]).toEqual(['date', '2026-03-10', '2026-03-24']);
    changeValue(day, '2026-03-11');
    fireEvent.click(form.getByLabelText('Verified only'));
    fireEvent.click(form.getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?category=pets&q=paws&colonia=Condesa&min_price=100&max_price=500&verified=true&available_on=2026-03-11',
      ),
    );
    await waitFor(() =>
      expect(sentFilters(lastRequest())).toEqual({
        colonia: 'Condesa',
        min_price: '100',
        max_price: '500',
        verified: 'true',
        available_on: '2026-03-11',
      }),
    );
    expect(lastRequest().searchParams.get('q')).toBe('paws');
    expect(lastRequest().searchParams.get('category')).toBe('pets');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(toggle.textContent).toContain('(4 active)');
  });

  it('Apply replaces the filters already in the URL; the panel opens with them', async () => {
    const router = renderAt('/vendors?colonia=Condesa&verified=true&min_price=50&available_on=2026-03-12');
    await screen.findByText('2 vendors found');
    fireEvent.click(filtersButton());
    const verified = screen.getByLabelText('Verified only') as HTMLInputElement;
    expect(verified.checked).toBe(true);
    expect((screen.getByLabelText('Colonia') as HTMLSelectElement).value).toBe('Condesa');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Available on') as HTMLInputElement).value).toBe('2026-03-12');
    fireEvent.click(verified);
    changeValue(screen.getByLabelText('Colonia'), '');
    changeValue(screen.getByLabelText('To'), '300');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?min_price=50&max_price=300&available_on=2026-03-12'),
    );
  });

  it('Cancel closes the panel and drops what was changed in it', async () => {
    const router = renderAt('/vendors?colonia=Polanco');
    await screen.findByText('2 vendors found');
    const toggle = filtersButton();
    fireEvent.click(toggle);
    changeValue(screen.getByLabelText('Colonia'), 'Doctores');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(router.state.location.search).toBe('?colonia=Polanco');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect((screen.getByLabelText('Colonia') as HTMLSelectElement).value).toBe('Polanco'),
    );
  });

  it('refuses a lowest price above the highest, and says why', async () => {
    const router = renderAt('/vendors');
    await screen.findByText('2 vendors found');
    fireEvent.click(filtersButton());
    const from = screen.getByLabelText('From');
    changeValue(from, '900');
    changeValue(screen.getByLabelText('To'), '100');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The lowest price must not be above the highest.',
    );
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(from);
    expect(router.state.location.search).toBe('');
  });

  it('removing a chip removes that filter only, and the focus moves to the next chip', async () => {
    const router = renderAt('/vendors?q=casa&colonia=Roma+Norte&min_price=200&verified=true');
    await screen.findByText('2 vendors found');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Roma Norte' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=casa&min_price=200&verified=true'));
    await waitFor(() => expect(sentFilters(lastRequest())).toEqual({ min_price: '200', verified: 'true' }));
    const next = screen.getByRole('button', { name: 'Remove filter: From $200 MXN' });
    await waitFor(() => expect(document.activeElement).toBe(next));

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Verified only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=casa&min_price=200'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: From $200 MXN' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=casa'));
    await waitFor(() => expect(document.activeElement).toBe(filtersButton()));
  });

  it('Clear Filters clears the category, the search and every filter', async () => {
    api.answer = () => page([]);
    const router = renderAt(
      '/vendors?category=tech&q=zzzz&colonia=Condesa&min_price=100&verified=true&available_on=2026-03-11',
    );
    expect(await screen.findByRole('heading', { name: 'No vendors found' })).toBeTruthy();
    expect(screen.getByText('Try removing a filter, or another search or category.')).toBeTruthy();
    api.answer = () => page([fakeVendor(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 vendor found')).toBeTruthy();
    expect(sentFilters(lastRequest())).toEqual({});
    expect(lastRequest().searchParams.has('q')).toBe(false);
    expect(lastRequest().searchParams.has('category')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('offers Clear Filters when only the panel filters are set', async () => {
    api.answer = () => page([]);
    const router = renderAt('/vendors?verified=true');
    expect(await screen.findByRole('heading', { name: 'No vendors found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    renderAt('/vendors?colonia=Coyoac%C3%A1n&max_price=500');
    await screen.findByText('2 proveedores encontrados');
    expect(screen.getByRole('button', { name: /^Filtros/ }).textContent).toContain('(2 activos)');
    expect(screen.getByRole('button', { name: 'Quitar filtro: Coyoacán' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar filtro: Hasta $500 MXN' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Filtros/ }));
    expect(screen.getByLabelText('Colonia')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Cualquier colonia' })).toBeTruthy();
    expect(screen.getByLabelText('Disponible el')).toBeTruthy();
    expect(screen.getByLabelText('Solo verificados')).toBeTruthy();
  });
});
