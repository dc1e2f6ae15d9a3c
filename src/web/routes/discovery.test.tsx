import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeAnswer,
  fakeVendor,
  fakeVendorDetail,
  stubFetch,
} from '../features/vendors/vendor-fixtures.ts';
import { i18n } from '../i18n/i18n.ts';
import { signedInMe } from '../test/fake-api.ts';
import { renderAt } from '../test/render-route.tsx';

// Home, the public directory, the public vendor profile and /vendor/:id, with the API
// stubbed at fetch.

let answer: (url: URL) => FakeAnswer;
let requests: URL[];
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const notFound: FakeAnswer = {
  status: 404,
  body: { error: { code: 'not_found', message: 'Vendor not found.' } },
};

beforeEach(async () => {
  answer = () => ok({ items: [] });
  // Anything but the vendor API (the session check of the layout) answers as for a visitor.
  requests = stubFetch(
    (url) =>
      url.pathname.startsWith('/api/vendors')
        ? answer(url)
        : { status: 401, body: { error: { code: 'unauthorized', message: 'Not signed in.' } } },
    vi.stubGlobal,
  );
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Home', () => {
  it('shows the featured vendors, and an honest Recent Activity for visitors', async () => {
    answer = (url) =>
      url.pathname === '/api/vendors/featured'
        ? ok({ items: [fakeVendor(1, { business_name: 'Casa Limpia' }), fakeVendor(2), fakeVendor(3)] })
        : ok({ items: [] });
    renderAt('/', { retry: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Find Services' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    const featured = await screen.findByRole('region', { name: 'Featured vendors' });
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(3));
    expect(within(featured).getByRole('link', { name: 'Casa Limpia' }).getAttribute('href')).toBe(
      '/public/vendor/vendor-1',
    );
    const recent = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(recent).getByText('Sign in to see your recent bookings')).toBeTruthy();
    expect(within(recent).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Pets' }).getAttribute('href')).toBe('/vendors?category=pets');
  });

  it("says 'Failed to load vendors' when the featured vendors fail", async () => {
    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    renderAt('/', { retry: false });
    expect(await screen.findByText('Failed to load vendors')).toBeTruthy();
  });
});

describe('Public directory', () => {
  it('preselects ?category=, asks for pages of 12 and has a Sign In button', async () => {
    answer = () =>
      ok({ items: [fakeVendor(1), fakeVendor(2)], hasMore: false, total: 2, totalCapped: false });
    renderAt('/public/all-vendors?category=cooking', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Vendors' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/auth');
    expect(await screen.findByText('2 vendors found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cooking' }).getAttribute('aria-pressed')).toBe('true');
    // The directory's own list: no browse-only chips.
    expect(screen.queryByRole('button', { name: 'Tech' })).toBeNull();
    const last = requests.filter((r) => r.pathname === '/api/vendors').at(-1)!;
    expect(last.searchParams.get('limit')).toBe('12');
    expect(last.searchParams.get('category')).toBe('cooking');
  });

  it('sorts by best rated, in the URL and the request', async () => {
    answer = () => ok({ items: [fakeVendor(1)], hasMore: false, total: 1, totalCapped: false });
    const router = renderAt('/public/all-vendors?category=cooking', { retry: false });
    expect(await screen.findByText('1 vendor found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Best rated' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=cooking&sort=rating'));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.pathname === '/api/vendors')
          .at(-1)
          ?.searchParams.get('sort'),
      ).toBe('rating'),
    );
  });

  it("toasts 'Failed to load vendors. Please try again.'", async () => {
    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    renderAt('/public/all-vendors', { retry: false });
    expect(
      await screen.findByText('Failed to load vendors. Please try again.', { selector: '[data-title]' }),
    ).toBeTruthy();
  });
});

describe('Public vendor profile', () => {
  const detail = fakeVendorDetail(7, {
    business_name: 'Casa Limpia',
    slug: 'casa-limpia',
    bio: 'We clean homes in Condesa.',
    experience_years: 6,
    languages: ['Spanish', 'English'],
    certifications: ['Eco products'],
    is_verified: true,
  });

  beforeEach(() => {
    answer = (url) =>
      url.pathname.endsWith('/similar')
        ? ok({ items: [fakeVendor(8, { business_name: 'Brillo Roma', slug: 'brillo-roma' })] })
        : ok(detail);
  });

  it('opens on the services tab with prices and durations, and nothing that pretends to book', async () => {
    renderAt('/public/vendor/casa-limpia', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa Limpia' })).toBeTruthy();
    expect(requests.some((r) => r.pathname === '/api/vendors/casa-limpia')).toBe(true);
    const services = screen.getByRole('tab', { name: 'Services' });
    expect(services.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Services' });
    // The services are drawn a task after the card and the tabs (decision 027).
    expect(await within(panel).findByText('$450 MXN')).toBeTruthy();
    expect(within(panel).getByText('1 h 30 min')).toBeTruthy();
    expect(within(panel).getByText('Kitchen and bathrooms')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /request booking/i })).toBeNull();
    // ARCHITECTURE §12: no invented rating.
    expect(screen.queryByText('4.8')).toBeNull();
    // "New" in the header (and on the similar vendor's card) while there are no reviews.
    const header = screen.getByRole('region', { name: 'Casa Limpia' });
    expect(within(header).getByText('New on Barrio, no ratings yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to vendors' }).getAttribute('href')).toBe('/vendors');
    const similar = await screen.findByRole('region', { name: 'Similar vendors' });
    expect(within(similar).getByRole('link', { name: 'Brillo Roma' }).getAttribute('href')).toBe(
      '/public/vendor/brillo-roma',
    );
  });

  it('switches tabs through ?tab=, and See Services comes back to the services', async () => {
    const router = renderAt('/public/vendor/casa-limpia?tab=about', { retry: false });
    const about = await screen.findByRole('tabpanel', { name: 'About' });
    expect(within(about).getByText('We clean homes in Condesa.')).toBeTruthy();
    expect(within(about).getByText('6 years')).toBeTruthy();
    expect(within(about).getByText('Eco products')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=reviews'));
    expect(screen.getByRole('heading', { name: 'No reviews yet' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Reviews' }), { key: 'Home' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=about'));
    fireEvent.click(screen.getByRole('button', { name: 'See Services' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=services'));
    expect(screen.getByRole('tab', { name: 'Services' }).getAttribute('aria-selected')).toBe('true');
  });

  it('names the languages the vendor speaks in the reader’s language', async () => {
    renderAt('/public/vendor/casa-limpia?tab=about', { retry: false });
    const about = await screen.findByRole('tabpanel', { name: 'About' });
    expect(within(about).getByText('Spanish')).toBeTruthy();
    expect(within(about).getByText('English')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('es-MX');
    renderAt('/public/vendor/casa-limpia?tab=about', { retry: false });
    const acerca = await screen.findByRole('tabpanel', { name: 'Acerca de' });
    expect(within(acerca).getByText('Español')).toBeTruthy();
    expect(within(acerca).getByText('Inglés')).toBeTruthy();
    expect(within(acerca).queryByText('Spanish')).toBeNull();
  });

  it('shows the rating in the header and the reviews in their tab, for a vendor with reviews', async () => {
    const rated = { ...detail, rating_average: 4.5, rating_count: 2 };
    answer = (url) =>
      url.pathname.endsWith('/similar')
        ? ok({ items: [] })
        : url.pathname.endsWith('/reviews')
          ? ok({
              items: [
                {
                  id: '00000000-0000-4000-8000-000000000001',
                  rating: 5,
                  comment: 'Impecable.',
                  author: 'Ana G.',
                  created_at: '2026-11-20T18:00:00.000Z',
                  answer: null,
                },
                {
                  id: '00000000-0000-4000-8000-000000000002',
                  rating: 4,
                  comment: null,
                  author: 'Luis P.',
                  created_at: '2026-11-18T18:00:00.000Z',
                  answer: { text: 'Gracias.', created_at: '2026-11-19T18:00:00.000Z' },
                },
              ],
              total: 2,
              average: 4.5,
              distribution: { '5': 1, '4': 1, '3': 0, '2': 0, '1': 0 },
            })
          : ok(rated);
    renderAt('/public/vendor/casa-limpia?tab=reviews', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa Limpia' })).toBeTruthy();
    const header = screen.getByRole('region', { name: 'Casa Limpia' });
    expect(within(header).queryByText('New on Barrio, no ratings yet')).toBeNull();
    expect(within(header).getByRole('img', { name: '4.5 out of 5, 2 reviews' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'Reviews' });
    const list = await within(panel).findByRole('list', { name: 'Reviews, newest first' }, { timeout: 5000 });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByText('Impecable.')).toBeTruthy();
    expect(within(list).getByText('Response from Casa Limpia')).toBeTruthy();
    const asked = requests.find((r) => r.pathname === '/api/vendors/casa-limpia/reviews');
    expect(asked?.search).toBe('?offset=0&limit=10');
  });

  it('offers Sign In and Create account to visitors only, not to a signed-in customer (the directory too)', async () => {
    renderAt('/public/vendor/casa-limpia', { retry: false });
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    cleanup();

    const me = signedInMe();
    answer = (url) =>
      url.pathname === '/api/auth/get-session'
        ? ok({ session: {}, user: {} })
        : url.pathname === '/api/me'
          ? ok(me)
          : url.pathname.endsWith('/similar')
            ? ok({ items: [] })
            : ok(detail);
    requests = stubFetch(answer, vi.stubGlobal);
    await i18n.changeLanguage('es-MX');
    renderAt('/public/vendor/casa-limpia', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa Limpia' })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.pathname === '/api/me')).toBe(true));
    expect(await screen.findByRole('tab', { name: 'Servicios' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '¿Eres nuevo en Barrio?' })).toBeNull();

    // The public directory, likewise.
    cleanup();
    renderAt('/public/all-vendors', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los proveedores' })).toBeTruthy();
    await waitFor(() => expect(requests.filter((r) => r.pathname === '/api/me').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull());
  });

  it("shows 'Vendor Not Found' with a link to /auth, and the toast", async () => {
    answer = () => notFound;
    renderAt('/public/vendor/nobody', { retry: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor Not Found' })).toBeTruthy();
    expect(await screen.findByText('Vendor not found')).toBeTruthy();
    const signIns = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signIns.every((link) => link.getAttribute('href') === '/auth')).toBe(true);
  });

  it("toasts 'Failed to load vendor profile.' on other failures", async () => {
    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    renderAt('/public/vendor/casa-limpia', { retry: false });
    expect(
      await screen.findByText('Failed to load vendor profile.', { selector: '[data-title]' }),
    ).toBeTruthy();
  });

  it("toasts 'Failed to load similar vendors.' when only they fail", async () => {
    answer = (url) =>
      url.pathname.endsWith('/similar')
        ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
        : ok(detail);
    renderAt('/public/vendor/casa-limpia', { retry: false });
    expect(await screen.findByText('Failed to load similar vendors.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Casa Limpia' })).toBeTruthy();
  });
});

describe('/vendor/:vendorId', () => {
  it('redirects to the public profile', async () => {
    answer = (url) => (url.pathname.endsWith('/similar') ? ok({ items: [] }) : ok(fakeVendorDetail(3)));
    const router = renderAt('/vendor/00000000-0000-4000-8000-000000000003', { retry: false });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/public/vendor/00000000-0000-4000-8000-000000000003'),
    );
  });
});
