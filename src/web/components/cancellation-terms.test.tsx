import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { CancellationTerms } from './cancellation-terms.tsx';

// The vendor's cancellation policy in a line, as the profile and the booking form say it
// (decision 095), with what each screen adds after it.

afterEach(cleanup);

describe('CancellationTerms', () => {
  it('says the preset and its short line, then what the screen adds', async () => {
    await i18n.changeLanguage('en');
    render(
      <CancellationTerms policy="strict">
        <a href="/policies/cancellation">More</a>
      </CancellationTerms>,
    );
    const terms = screen.getByTestId('cancellation-policy');
    expect(within(terms).getByText('Cancellation: Strict')).toBeTruthy();
    expect(within(terms).getByText('Full refund until 72 hours before, none after.')).toBeTruthy();
    expect(within(terms).getByRole('link', { name: 'More' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    render(<CancellationTerms policy="moderate" />);
    expect(screen.getByText('Cancelación: Moderada')).toBeTruthy();
    expect(
      screen.getByText('Reembolso completo hasta 48 horas antes, la mitad hasta 24 horas antes.'),
    ).toBeTruthy();
  });
});
