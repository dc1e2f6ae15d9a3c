import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { renderAt } from '../test/render-route.tsx';
import { nextAt, preloadRouteAt, routeLoadedAt } from './router.tsx';

// start.tsx draws the first screen once its module is here (preloadRouteAt, decision 027): the screen
// itself in the first render, not the layout's spinner first.

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) =>
      new URL(String(input), 'http://localhost').pathname === '/api/auth/get-session'
        ? Response.json(null)
        : Response.json({ items: [], total: 0, hasMore: false, totalCapped: false }),
    ),
  );
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// First in this file: it needs Browse Vendors not loaded yet, which the tests below load.
describe('the screens a visitor goes to next (decision 045)', () => {
  it('are named by the route: Home’s category chips open Browse Vendors', () => {
    expect(nextAt('/')).toEqual(['/vendors']);
    expect(nextAt('/vendors')).toEqual([]);
  });

  it('load once Home is shown, and Browse Vendors then draws in its first render', async () => {
    expect(routeLoadedAt('/vendors')).toBe(false);
    renderAt('/');
    await vi.waitFor(() => expect(routeLoadedAt('/vendors')).toBe(true));
    cleanup();
    renderAt('/vendors');
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Vendors' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});

describe('the first screen', () => {
  it('is drawn in the first render once preloadRouteAt has loaded it', async () => {
    await preloadRouteAt('/vendors');
    renderAt('/vendors');
    // No waiting: the screen is there at once, and the spinner never was.
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Vendors' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the layout spinner first when the screen has not loaded yet', async () => {
    renderAt('/public/all-vendors');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('loads nothing for a path that has no lazy screen', async () => {
    await expect(preloadRouteAt('/')).resolves.toEqual([]);
    await expect(preloadRouteAt('/no-such-page')).resolves.toEqual([]);
  });
});
