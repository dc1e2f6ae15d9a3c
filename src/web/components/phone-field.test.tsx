import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountryCode } from '../../shared/countries.ts';
import { changeLanguage, i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { PhoneField } from './phone-field.tsx';

function Field() {
  const [country, setCountry] = useState<CountryCode>('MX');
  const [national, setNational] = useState('');
  return (
    <PhoneField
      id="phone"
      country={country}
      national={national}
      onCountryChange={setCountry}
      onNationalChange={setNational}
    />
  );
}

beforeEach(() => i18n.changeLanguage('en'));
afterEach(cleanup);

describe('PhoneField', () => {
  it('shows the chosen country as its code and dial code, and lists every name', () => {
    const { container } = render(<Field />);
    const picker = screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
    expect(picker.value).toBe('MX');
    expect(container.textContent).toContain('MX +52');
    expect(screen.getByRole('option', { name: '+1 Canada' })).toBeTruthy();

    // +1 alone would not tell Canada from the United States.
    changeValue(picker, 'CA');
    expect(container.textContent).toContain('CA +1');
    expect(container.textContent).not.toContain('MX +52');
  });

  it('names the countries in the reader’s language', async () => {
    await changeLanguage('es-MX');
    try {
      render(<Field />);
      expect(screen.getByRole('option', { name: '+52 México' })).toBeTruthy();
      expect(screen.getByRole('option', { name: '+1 Estados Unidos' })).toBeTruthy();
      expect(screen.getByRole('option', { name: '+49 Alemania' })).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
