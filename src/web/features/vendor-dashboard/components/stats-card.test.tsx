import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorStats } from '../../../../shared/vendor-agenda.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { StatsCard } from './stats-card.tsx';

// The dashboard's month in numbers with the API stubbed at fetch.

let stats: VendorStats;

setUpComponentTests(['vendor', 'agenda']);

beforeEach(async () => {
  stats = {
    month: '2026-11',
    timezone: 'America/Mexico_City',
    bookings: 4,
    revenue_mxn: 80_000,
    answered_requests: 6,
    confirmed_requests: 5,
    acceptance_rate: 5 / 6,
    median_response_minutes: 135,
  };
  stubFetch(async (url) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    return Response.json(stats);
  });
  await i18n.changeLanguage('es-MX');
});

const figure = (card: HTMLElement, label: string) => within(card).getByText(label).parentElement?.textContent;

describe('StatsCard', () => {
  it('shows the month’s numbers as the server counted them', async () => {
    renderWithProviders(<StatsCard />);
    const card = await screen.findByRole('region', { name: 'Este mes' });
    await within(card).findByText('4');
    expect(figure(card, 'Reservas')).toBe('Reservas4');
    expect(figure(card, 'Cobrado')).toBe(
      'Cobrado$800 MXNLo que pagaron tus clientes, antes de la comisión de Barrio (Ganancias, abajo)',
    );
    expect(figure(card, 'Solicitudes aceptadas')).toBe('Solicitudes aceptadas83%5 de 6 respondidas');
    expect(figure(card, 'Tiempo típico de respuesta')).toBe('Tiempo típico de respuesta2 h 15 min');
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<StatsCard />);
    const card = await screen.findByRole('region', { name: 'This month' });
    await within(card).findByText('4');
    expect(within(card).getByText('Requests accepted').parentElement?.textContent).toBe(
      'Requests accepted83%5 of 6 answered',
    );
  });
});

it('says there is nothing to measure before the first answer', async () => {
  stats = {
    ...stats,
    bookings: 0,
    revenue_mxn: 0,
    answered_requests: 0,
    confirmed_requests: 0,
    acceptance_rate: null,
    median_response_minutes: null,
  };
  renderWithProviders(<StatsCard />);
  const card = await screen.findByRole('region', { name: 'Este mes' });
  await within(card).findByText('0');
  expect(figure(card, 'Cobrado')).toBe(
    'Cobrado$0 MXNLo que pagaron tus clientes, antes de la comisión de Barrio (Ganancias, abajo)',
  );
  expect(figure(card, 'Solicitudes aceptadas')).toBe('Solicitudes aceptadasAún sin datos');
  expect(figure(card, 'Tiempo típico de respuesta')).toBe('Tiempo típico de respuestaAún sin datos');
});
