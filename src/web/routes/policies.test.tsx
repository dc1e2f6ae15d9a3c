import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../shared/constants.ts';
import { i18n } from '../i18n/i18n.ts';
import { type PoliciesStrings, policiesEn, policiesEsMX } from '../i18n/policies.ts';
import { type PolicyName, policyNames } from '../lib/paths.ts';
import { renderAt } from '../test/render-route.tsx';

// The policies pages (product §2.23): each policy's headings in the app's language, the
// constants filled in, the index of the three, and a 404 for any other name.

beforeEach(() => {
  // A visitor: no session.
  vi.stubGlobal('fetch', async () => Response.json(null));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const languages: [string, 'en' | 'es-MX', PoliciesStrings][] = [
  ['English', 'en', policiesEn],
  ['Spanish', 'es-MX', policiesEsMX],
];

describe.each(languages)('in %s', (_, language, strings) => {
  it.each(policyNames.map((name) => [name] as [PolicyName]))(
    '/policies/%s shows its headings',
    async (name) => {
      await i18n.changeLanguage(language);
      renderAt(`/policies/${name}`);
      const policy = strings[name];
      expect(await screen.findByRole('heading', { level: 1, name: policy.title })).toBeTruthy();
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      // The hours come from shared/constants.ts (24 hours to change a booking online, decision 046).
      expect(headings).toEqual(policy.sections.map((s) => s.heading.replace('{{changeHours}}', '24')));
      expect(screen.getByText(strings.updated)).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${policy.title} · Barrio`));
      // Every placeholder was filled in.
      expect(document.body.textContent).not.toContain('{{');

      // The index: the three policies, this one current.
      const index = screen.getByRole('navigation', { name: strings.index });
      const links = within(index).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        policyNames.map((n) => `/policies/${n}`),
      );
      expect(within(index).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(
        `/policies/${name}`,
      );
    },
  );
});

describe('the text', () => {
  it('says who to write to as mail links, and what the law gives 20 business days for', async () => {
    await i18n.changeLanguage('es-MX');
    renderAt('/policies/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Aviso de privacidad' });
    const mail = screen.getAllByRole('link', { name: PRIVACY_EMAIL });
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[0]?.getAttribute('href')).toBe(`mailto:${PRIVACY_EMAIL}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Tus derechos ARCO' })).toBeTruthy();
    expect(document.body.textContent).toContain('20 días hábiles');
    // Spanish is the original: no translation note.
    expect(screen.queryByText(/Spanish version prevails/)).toBeNull();
  });

  it('names the cancellation rules with the numbers the code runs on, and support as a link', async () => {
    renderAt('/policies/cancellation');
    await screen.findByRole('heading', { level: 1, name: 'Cancellation and refund policy' });
    expect(screen.getByRole('heading', { level: 2, name: 'Less than 24 hours before' })).toBeTruthy();
    expect(document.body.textContent).toContain('5 to 10 business days');
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]?.getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(screen.getByText(/the Spanish version prevails/)).toBeTruthy();
  });
});

describe('the page footer', () => {
  it('links the three policies', async () => {
    renderAt('/policies/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    const footer = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(footer).getByRole('link', { name: 'Cancellation policy' }).getAttribute('href')).toBe(
      '/policies/cancellation',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/policies/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe(
      '/policies/privacy',
    );
  });

  it('links the public directory, which no other menu reaches', async () => {
    renderAt('/policies/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'All Vendors' }).getAttribute('href')).toBe(
      '/public/all-vendors',
    );
  });
});

it('an unknown policy is the 404 page', async () => {
  renderAt('/policies/refunds');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: policiesEn.index })).toBeNull();
});
