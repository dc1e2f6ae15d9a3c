import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorSuggestions } from '../../../../shared/vendor.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderAt } from '../../../test/render-route.tsx';

// Home's search box suggests categories, colonias and vendors as the text is typed
// (the ARIA combobox pattern), with the API stubbed at fetch.

const suggestions: VendorSuggestions = {
  categories: ['repair'],
  colonias: ['Roma Norte'],
  vendors: [{ slug: 'don-beto', business_name: 'Don Beto Plomería', service_category: 'repair' }],
};
let asked: string[];

beforeEach(async () => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return Response.json(null);
      if (url.pathname === '/api/vendors/suggest') {
        asked.push(url.searchParams.get('q') ?? '');
        return Response.json(suggestions);
      }
      return Response.json({ items: [], total: 0, hasMore: false, totalCapped: false });
    }),
  );
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Home, with `text` typed into its search box once it has the focus. */
async function typeOnHome(text: string) {
  const router = renderAt('/');
  const box = await screen.findByRole('combobox', { name: 'Search vendors' });
  fireEvent.focus(box);
  changeValue(box, text);
  return { router, box };
}

describe("Home's search suggestions", () => {
  it('offers categories, colonias and vendors in labelled groups once typing settles', async () => {
    renderAt('/');
    const box = await screen.findByRole('combobox', { name: 'Search vendors' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box);
    changeValue(box, 'pl');
    changeValue(box, 'plom');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 2000 });
    expect(asked).toEqual(['plom']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(
      within(within(listbox).getByRole('group', { name: 'Categories' })).getByRole('option').textContent,
    ).toBe('Repair');
    expect(within(listbox).getByRole('group', { name: 'Neighborhoods' }).textContent).toContain('Roma Norte');
    expect(within(listbox).getByRole('group', { name: 'Vendors' }).textContent).toContain(
      'Don Beto Plomería',
    );
  });

  it('moves through the options with the arrows, and Enter opens the one marked', async () => {
    const { router, box } = await typeOnHome('plom');
    await screen.findByRole('listbox', {}, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const [first, second] = screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(first!.id);
    expect(first!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(second!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendors'));
    expect(router.state.location.search).toBe('?category=repair');
  });

  it('closes with Escape, and Enter with nothing marked searches the text', async () => {
    const { router, box } = await typeOnHome('plom');
    await screen.findByRole('listbox', {}, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=plom'));
  });

  it('opens a vendor chosen with the pointer', async () => {
    const { router } = await typeOnHome('plom');
    fireEvent.click(await screen.findByRole('option', { name: 'Don Beto Plomería' }, { timeout: 2000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/vendor/don-beto'));
  });
});
