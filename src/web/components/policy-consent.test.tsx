import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { PolicyConsent } from './policy-consent.tsx';

// The line above Book Now and Create Profile (product §2.23): the sentence in the form's
// language, each policy it names a link to that policy, in a new tab.

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const hrefs = () =>
  screen
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]);

describe('PolicyConsent', () => {
  it('links the three policies from the booking form', async () => {
    await i18n.changeLanguage('es-MX');
    const { container } = render(<PolicyConsent kind="booking" />, { wrapper: MemoryRouter });
    expect(container.textContent).toBe(
      'Al solicitar aceptas la política de cancelación, los términos y el aviso de privacidad. (Los enlaces se abren en una pestaña nueva.)',
    );
    expect(hrefs()).toEqual([
      ['política de cancelación', '/policies/cancellation', '_blank'],
      ['términos', '/policies/terms', '_blank'],
      ['aviso de privacidad', '/policies/privacy', '_blank'],
    ]);
  });

  it('links the terms and the privacy notice from the wizard', () => {
    const { container } = render(<PolicyConsent kind="signup" />, { wrapper: MemoryRouter });
    expect(container.textContent).toBe(
      'By signing up you accept the Terms and the Privacy notice. (The links open in a new tab.)',
    );
    expect(hrefs()).toEqual([
      ['Terms', '/policies/terms', '_blank'],
      ['Privacy notice', '/policies/privacy', '_blank'],
    ]);
  });
});
