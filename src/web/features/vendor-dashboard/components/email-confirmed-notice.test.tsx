import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { EmailConfirmedNotice } from './email-confirmed-notice.tsx';

// The confirmation mail's link lands on the dashboard with ?email=confirmed.

beforeAll(() => loadStrings(['vendor']));
beforeEach(() => i18n.changeLanguage('en'));
afterEach(cleanup);

function Address() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

function at(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <EmailConfirmedNotice />
      <Address />
    </MemoryRouter>,
  );
}

describe('EmailConfirmedNotice', () => {
  it('says the address is confirmed, then takes the mark out of the address, keeping the rest', async () => {
    at('/vendor/dashboard?email=confirmed&tab=bookings');
    expect(screen.getByRole('region', { name: 'Email confirmed' })).toBeTruthy();
    expect(await screen.findByText('/vendor/dashboard?tab=bookings')).toBeTruthy();
    // Still said after the address changed: the notice is for this visit.
    expect(screen.getByRole('region', { name: 'Email confirmed' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    at('/vendor/dashboard?email=confirmed');
    expect(screen.getByRole('region', { name: 'Correo confirmado' }).textContent).toContain(
      'Tu cuenta está lista',
    );
  });

  it('says nothing on an ordinary visit', () => {
    at('/vendor/dashboard');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('/vendor/dashboard')).toBeTruthy();
  });
});
