import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { renderAt } from '../test/render-route.tsx';
import { nextAt, screenLoadedAt } from './router.tsx';

// A route's `next` (decision 045): the screens a visitor most often moves to load once the route is
// shown, so that the move draws at once. In a file of its own: no other test has loaded them here.

beforeEach(async () => {
  vi.stubGlobal('fetch', async (input: string | URL | Request) =>
    new URL(String(input), 'http://localhost').pathname === '/api/auth/get-session'
      ? Response.json(null)
      : Response.json({ items: [], total: 0, hasMore: false, totalCapped: false }),
  );
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the screens a visitor goes to next', () => {
  it('are named by the route: Home’s category chips open Browse Vendors', () => {
    expect(nextAt('/')).toEqual(['/vendors']);
    expect(nextAt('/vendors')).toEqual([]);
  });

  it('load once Home is shown, and Browse Vendors then draws in its first render', async () => {
    expect(screenLoadedAt('/vendors')).toBe(false);
    renderAt('/');
    await vi.waitFor(() => expect(screenLoadedAt('/vendors')).toBe(true));
    cleanup();
    renderAt('/vendors');
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Vendors' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
