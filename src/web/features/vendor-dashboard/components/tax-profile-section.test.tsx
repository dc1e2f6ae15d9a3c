import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaxProfile } from '../../../../shared/tax-profile.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { TaxProfileSection } from './tax-profile-section.tsx';

// The dashboard's Tax details (decision 098) with the API stubbed at fetch: none yet, a person's
// details checked before they are sent (the RFC's check digit, the regime that fits it), saved and
// shown; a company's RFC offers a company's regimes and no CURP.

let saved: TaxProfile | null;
let puts: unknown[];

setUpComponentTests(['taxProfile']);

beforeEach(async () => {
  saved = null;
  puts = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/vendor/tax-profile' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Omit<TaxProfile, 'kind' | 'updated_at'>;
      puts.push(body);
      // The check digit is the server's to check.
      if (body.rfc === 'PEMJ800101AB7')
        return Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid json (rfc): This RFC is not valid: check its last character.',
              details: [{ path: 'rfc', message: 'This RFC is not valid: check its last character.' }],
            },
          },
          { status: 400 },
        );
      saved = {
        ...body,
        kind: body.rfc.length === 12 ? 'moral' : 'fisica',
        updated_at: '2026-12-07T18:00:00.000Z',
      };
      return Response.json({ tax_profile: saved });
    }
    if (url.pathname === '/api/vendor/tax-profile') return Response.json({ tax_profile: saved });
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('es-MX');
});

function renderSection() {
  renderWithProviders(<TaxProfileSection />);
  return screen.getByRole('region', { name: /^(Datos fiscales|Tax details)$/ });
}

describe('TaxProfileSection', () => {
  it('asks for the details, checks them before sending, saves them and shows them', async () => {
    const region = renderSection();
    expect(await within(region).findByText('Aún no has dado tus datos fiscales.')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Agregar mis datos fiscales' }));
    const form = within(region).getByRole('form', { name: 'Tus datos fiscales' });
    changeValue(within(form).getByLabelText('RFC'), 'pemj801301ab6');
    changeValue(
      within(form).getByLabelText('Nombre o razón social (como está registrado en el SAT)'),
      'Juana Pérez',
    );
    changeValue(within(form).getByLabelText('Código postal fiscal'), '3100');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(form).findByText(
        'Los seis dígitos después de las letras son una fecha (AAMMDD): revísalos.',
      ),
    ).toBeTruthy();
    expect(within(form).getByText('Elige tu régimen fiscal.')).toBeTruthy();
    expect(within(form).getByText('El código postal tiene 5 dígitos.')).toBeTruthy();
    expect(within(form).getByLabelText('RFC').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    // A person's RFC: a person's regimes only, and the CURP asked.
    changeValue(within(form).getByLabelText('RFC'), 'pemj800101ab7');
    const regime = within(form).getByLabelText('Régimen fiscal') as HTMLSelectElement;
    const codes = [...regime.options].map((o) => o.value).filter(Boolean);
    expect(codes).toEqual(['625', '626', '612', '621', '606', '616']);
    changeValue(regime, '625');
    changeValue(within(form).getByLabelText('Código postal fiscal'), '03100');
    changeValue(within(form).getByLabelText('CURP (opcional)'), 'pemj800101mdfrrn09');
    // The server refuses the check digit: said beside the field, in the page's language.
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Este RFC no es válido: revisa su último carácter.')).toBeTruthy();
    expect(within(region).getByRole('form')).toBeTruthy();

    changeValue(within(form).getByLabelText('RFC'), 'pemj800101ab6');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(puts.slice(1)).toEqual([
        {
          rfc: 'PEMJ800101AB6',
          legal_name: 'JUANA PÉREZ',
          tax_regime: '625',
          postal_code: '03100',
          curp: 'PEMJ800101MDFRRN09',
        },
      ]),
    );
    await waitFor(() => expect(within(region).queryByRole('form')).toBeNull());
    expect(within(region).getByText('PEMJ800101AB6')).toBeTruthy();
    expect(within(region).getByText('Persona física')).toBeTruthy();
    expect(
      within(region).getByText(
        '625 · Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
      ),
    ).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Editar datos fiscales' })).toBeTruthy();
  });

  it('offers a company a company’s regimes and no CURP, in English with SAT’s names explained', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Add my tax details' }));
    const form = within(region).getByRole('form', { name: 'Your tax details' });
    changeValue(within(form).getByLabelText('RFC'), 'BAR200101XY7');
    const regime = within(form).getByLabelText('Tax regime (régimen fiscal)') as HTMLSelectElement;
    expect([...regime.options].map((o) => o.value).filter(Boolean)).toEqual([
      '626',
      '601',
      '603',
      '620',
      '622',
    ]);
    expect([...regime.options].find((o) => o.value === '601')?.textContent).toBe(
      '601 · General de Ley Personas Morales (general regime for companies)',
    );
    expect(within(form).queryByLabelText('CURP (optional)')).toBeNull();
    changeValue(
      within(form).getByLabelText('Name or company name (as registered with SAT)'),
      'Barrio Servicios',
    );
    changeValue(regime, '601');
    changeValue(within(form).getByLabelText('Tax postal code'), '06700');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(await within(region).findByText('Company (persona moral)')).toBeTruthy();
    expect(within(region).queryByText('CURP (optional)')).toBeNull();
  });
});
