import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicServiceDetail } from '../../../../shared/vendor.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { ServiceList } from './service-list.tsx';

// A price reads the same everywhere — "$450 MXN", "Gratis"/"Free", the duration beside it,
// and the rate per hour for a vendor who prices by the hour.

const service = (id: string, price_cents: number, duration_minutes: number): PublicServiceDetail => ({
  id,
  name: `Service ${id}`,
  description: null,
  price_cents,
  duration_minutes,
  location: 'customer',
});

afterEach(cleanup);

describe('ServiceList prices', () => {
  it('shows whole pesos without centavos, free as free, and the duration', async () => {
    await i18n.changeLanguage('es-MX');
    render(
      <ServiceList services={[service('a', 45_000, 180), service('b', 0, 45), service('c', 8_050, 90)]} />,
    );
    expect(screen.getByText('$450 MXN')).toBeTruthy();
    expect(screen.getByText('Gratis')).toBeTruthy();
    expect(screen.getByText('$80.50 MXN')).toBeTruthy();
    expect(screen.getByText('3 h')).toBeTruthy();
    expect(screen.getByText('45 min')).toBeTruthy();
    expect(screen.getByText('1 h 30 min')).toBeTruthy();
    expect(screen.queryByText(/\/hora/)).toBeNull();
  });

  it("adds an hourly vendor's rate beside the duration, in the reader's language", async () => {
    await i18n.changeLanguage('en');
    render(<ServiceList hourly services={[service('a', 45_000, 180), service('b', 0, 45)]} />);
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByText('3 h · $150 MXN/hr')).toBeTruthy();
    expect(screen.getByText('45 min')).toBeTruthy();
  });
});
