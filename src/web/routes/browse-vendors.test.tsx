import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { fakeVendor, listPage, stubVendorDirectory } from '../features/vendors/vendor-fixtures.ts';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { renderAt } from '../test/render-route.tsx';

const vendor = fakeVendor;

const api = stubVendorDirectory();
const { requests } = api;

const page = listPage;

const lastRequest = () => requests.at(-1)!;

describe('Browse Vendors', () => {
  it('lists the vendors the server finds, with the count and card details', async () => {
    api.answer = () =>
      page(
        [
          vendor(1, { business_name: 'Casa Limpia', is_verified: true }),
          vendor(2, { business_name: 'Sin Precio', services: [] }),
        ],
        8,
        true,
      );
    renderAt('/vendors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Vendors' })).toBeTruthy();
    expect(await screen.findByText('8 vendors found')).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Casa Limpia' }).getAttribute('href')).toBe(
      '/public/vendor/vendor-1',
    );
    expect(first.getByRole('link', { name: 'Quick Book with Casa Limpia' }).getAttribute('href')).toBe(
      '/public/vendor/vendor-1?tab=services#book',
    );
    expect(first.getByText('$450 MXN · 2 h')).toBeTruthy();
    expect(first.getByText('Verified')).toBeTruthy();
    expect(within(cards[1]!).getByText('Contact for pricing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load More Vendors' })).toBeTruthy();
    expect(lastRequest().searchParams.get('limit')).toBe('6');
    expect(lastRequest().searchParams.get('offset')).toBe('0');
  });

  it('says "1 vendor found" for one', async () => {
    api.answer = () => page([vendor(1)]);
    renderAt('/vendors');
    expect(await screen.findByText('1 vendor found')).toBeTruthy();
  });

  it('says "100+ vendors found" when the server stopped counting', async () => {
    api.answer = () => page([vendor(1), vendor(2)], 100, true, true);
    renderAt('/vendors');
    expect(await screen.findByText('100+ vendors found')).toBeTruthy();
  });

  it('selecting a category chip updates the URL and clears the search text', async () => {
    const router = renderAt('/vendors?q=yoga');
    const search = await screen.findByRole('searchbox', { name: 'Search vendors' });
    expect((search as HTMLInputElement).value).toBe('yoga');
    await waitFor(() => expect(lastRequest().searchParams.get('q')).toBe('yoga'));

    const cleaning = screen.getByRole('button', { name: 'Cleaning' });
    expect(cleaning.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(cleaning);

    await waitFor(() => expect(router.state.location.search).toBe('?category=cleaning'));
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Cleaning' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(lastRequest().searchParams.get('category')).toBe('cleaning'));
    expect(lastRequest().searchParams.has('q')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('searches once typing has settled, and puts the search in the URL', async () => {
    const router = renderAt('/vendors?category=pets');
    const search = await screen.findByRole('searchbox', { name: 'Search vendors' });
    await screen.findByText('2 vendors found');
    const before = requests.length;
    changeValue(search, 'pa');
    changeValue(search, 'paws');
    expect(requests.length).toBe(before);
    await waitFor(() => expect(router.state.location.search).toBe('?category=pets&q=paws'), {
      timeout: 2000,
    });
    await waitFor(() => expect(lastRequest().searchParams.get('q')).toBe('paws'));
    expect(requests.filter((r) => r.searchParams.has('q')).map((r) => r.searchParams.get('q'))).toEqual([
      'paws',
    ]);
  });

  it('does not search for fewer than 3 characters, and says so', async () => {
    const router = renderAt('/vendors?q=yoga');
    const search = await screen.findByRole('searchbox', { name: 'Search vendors' });
    await waitFor(() => expect(lastRequest().searchParams.get('q')).toBe('yoga'));
    // The search debounce runs on a driven clock from here (only setTimeout is faked).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      changeValue(search, 'yo ');
      expect(screen.getByText('Type at least 3 characters to search.')).toBeTruthy();
      expect(search.getAttribute('aria-describedby')).toBeTruthy();
      fireEvent.submit(search);
      await act(() => vi.advanceTimersByTimeAsync(2 * SEARCH_DEBOUNCE_MS)); // past the search debounce
      expect(router.state.location.search).toBe('?q=yoga');
      expect(requests.some((r) => r.searchParams.get('q') === 'yo')).toBe(false);

      // The same clock does commit a searchable text, once the debounce has passed.
      changeValue(search, 'yog');
      expect(screen.queryByText('Type at least 3 characters to search.')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
      expect(router.state.location.search).toBe('?q=yoga');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(router.state.location.search).toBe('?q=yog');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists every vendor for a search text in the URL that is too short', async () => {
    renderAt('/vendors?q=yo');
    expect(await screen.findByText('Type at least 3 characters to search.')).toBeTruthy();
    await screen.findByText('2 vendors found');
    expect(lastRequest().searchParams.has('q')).toBe(false);
  });

  it('shows the empty state, and Clear Filters brings every vendor back', async () => {
    api.answer = (url) => (url.searchParams.has('q') ? page([]) : page([vendor(1)]));
    const router = renderAt('/vendors?category=tech&q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No vendors found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 vendor found')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('loads the next page after the vendors already shown', async () => {
    api.answer = (url) =>
      url.searchParams.get('offset') === '0'
        ? page(
            Array.from({ length: 6 }, (_, i) => vendor(i + 1)),
            8,
            true,
          )
        : page([vendor(7), vendor(8)], 8, false);
    renderAt('/vendors');
    await screen.findByText('8 vendors found');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Vendors' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(8));
    expect(lastRequest().searchParams.get('offset')).toBe('6');
    expect(screen.queryByRole('button', { name: 'Load More Vendors' })).toBeNull();
    // Focus goes on to the first vendor added, not back to the top of the page.
    const seventh = screen.getAllByRole('article')[6]!;
    await waitFor(() => expect(seventh.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe('A');
  });

  it('sorts by best rated through the URL and the API, keeping the filters; relevance is no parameter', async () => {
    api.answer = (url) =>
      url.searchParams.get('sort') === 'rating'
        ? page([vendor(2, { business_name: 'Top', rating_average: 4.9, rating_count: 40 }), vendor(1)])
        : page([vendor(1), vendor(2, { business_name: 'Top', rating_average: 4.9, rating_count: 40 })]);
    const router = renderAt('/vendors?category=cleaning');
    await screen.findByText('2 vendors found');
    expect(lastRequest().searchParams.has('sort')).toBe(false);
    const sort = screen.getByRole('group', { name: 'Sort by' });
    expect(within(sort).getByRole('button', { name: 'Relevance' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(sort).getByRole('button', { name: 'Best rated' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=cleaning&sort=rating'));
    await waitFor(() => expect(lastRequest().searchParams.get('sort')).toBe('rating'));
    expect(lastRequest().searchParams.get('category')).toBe('cleaning');
    await waitFor(() =>
      expect(within(screen.getAllByRole('article')[0]!).getByRole('link', { name: 'Top' })).toBeTruthy(),
    );
    expect(within(sort).getByRole('button', { name: 'Best rated' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // A category keeps the order.
    fireEvent.click(screen.getByRole('button', { name: 'Pets' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=pets&sort=rating'));

    fireEvent.click(within(sort).getByRole('button', { name: 'Relevance' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=pets'));
    await waitFor(() => expect(lastRequest().searchParams.has('sort')).toBe(false));
  });

  it('reads the order from the URL, in Spanish too', async () => {
    await i18n.changeLanguage('es-MX');
    renderAt('/vendors?sort=rating');
    const sort = await screen.findByRole('group', { name: 'Ordenar por' });
    expect(within(sort).getByRole('button', { name: 'Mejor calificados' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(sort).getByRole('button', { name: 'Relevancia' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await waitFor(() => expect(lastRequest().searchParams.get('sort')).toBe('rating'));
  });

  it('shows the spec toast when loading fails', async () => {
    api.answer = () => ({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'Invalid query' } },
    });
    renderAt('/vendors');
    expect(
      await screen.findByText('Failed to load vendors. Please try again.', {
        selector: '[data-description]',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});
