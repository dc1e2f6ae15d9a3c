import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicServiceDetail } from '../../../../shared/vendor.schemas.ts';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { LazyBookingForm } from './lazy-booking-form.tsx';

// The booking form loads when the visitor comes to it (decision 043): grey fields in its place until then.

const services: PublicServiceDetail[] = [
  {
    id: '5b0c5a4e-6f1e-4a53-9a3e-2f7d2f1a0c11',
    name: 'Limpieza profunda',
    description: null,
    price_cents: 45_000,
    duration_minutes: 60,
    location: 'vendor' as const,
  },
];
const vendor = {
  id: '7d1f8a52-3c1e-4b0e-9a55-0a1b2c3d4e5f',
  slug: 'casa-limpia',
  timezone: 'America/Mexico_City',
};

/** The observers the component made, with their options, to say when the box comes near. */
let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[];

// The form's chunk is here before the tests, as in the browser once it has loaded: what they check is
// when the form asks for it, not how long a module takes to transform.
beforeAll(() => Promise.all([loadStrings(['bookings']), import('./booking-form.tsx')]));

beforeEach(async () => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, ...(options ? { options } : {}) });
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('fetch', async () => Response.json(null));
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLazy() {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>
        <LazyBookingForm vendor={vendor} services={services} />
      </MemoryRouter>
    </Providers>,
  );
}

const near = (isIntersecting: boolean) =>
  act(() => {
    for (const { callback } of observers)
      callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

describe('LazyBookingForm', () => {
  it('holds the form’s place under its title until it comes onto the screen; then it is the form', async () => {
    renderLazy();
    expect(screen.getByRole('region', { name: 'Book a service' })).toBeTruthy();
    expect(screen.getByText('Loading the booking form…')).toBeTruthy();
    expect(screen.queryByLabelText('Service')).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe('0px');

    await near(false);
    expect(screen.queryByLabelText('Service')).toBeNull();
    await near(true);
    expect(await screen.findByLabelText('Service')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Book a service' })).toBeTruthy();
  });

  it('loads at once, with the service chosen, when the visitor came to rehire', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter>
          <LazyBookingForm vendor={vendor} services={services} preselectedServiceId={services[0]!.id} />
        </MemoryRouter>
      </Providers>,
    );
    const service = (await screen.findByLabelText('Service')) as HTMLSelectElement;
    expect(service.value).toBe(services[0]!.id);
  });

  it('loads at a tap on its box', async () => {
    renderLazy();
    fireEvent.pointerDown(screen.getByRole('region', { name: 'Book a service' }));
    expect(await screen.findByLabelText('Service')).toBeTruthy();
  });

  it('loads at the first key pressed on the page, before the keyboard’s focus reaches it', async () => {
    renderLazy();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByLabelText('Service')).toBeTruthy();
  });
});
