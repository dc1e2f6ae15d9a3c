import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { setUpComponentTests, stubFetch } from '../test/component-test.tsx';
import { renderAt } from '../test/render-route.tsx';

// The wizard is a react-hook-form checked by the shared step schemas. Decision 076: Next checks its
// own step, with a message under each failed field and product §5's toast; Create Profile checks
// every step and shows the first failing one.

let signups: Record<string, unknown>[];

// The screen's module is here before the test, as in the browser once its chunk has loaded.
beforeAll(() => preloadRouteAt('/vendor-signup'));
setUpComponentTests();

beforeEach(async () => {
  signups = [];
  sessionStorage.clear();
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/auth-config') return Response.json({ google: true, devMailbox: false });
    if (url.pathname === '/api/auth/sign-out') return Response.json({ success: true });
    if (url.pathname === '/api/auth/sign-in/social') throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/vendor/signup') {
      signups.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return Response.json(
        { vendorProfileId: 'v1', slug: 'sparkle', claim: null, confirmationMailQueued: true },
        { status: 201 },
      );
    }
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('en');
});

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) =>
  changeValue(screen.getByLabelText(label, { exact: true }), value);

/** The message a field points at with aria-describedby (its error, after any hint). */
function messageOf(label: string) {
  const field = screen.getByLabelText(label, { exact: true });
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = String(field.getAttribute('aria-describedby')).split(' ');
  return document.getElementById(ids.at(-1)!)?.textContent;
}

describe('/vendor-signup', () => {
  it('checks each step at Next, with the message by the field, then sends what was typed', async () => {
    renderAt('/vendor-signup?phone=%2B525512345678');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the language to English' }));
    expect(await screen.findByText('Step 1 of 4')).toBeTruthy();
    expect((screen.getByLabelText('WhatsApp phone', { exact: true }) as HTMLInputElement).value).toBe(
      '5512345678',
    );
    click('Next');
    // The toast, and under the name and the email.
    await waitFor(() =>
      expect(screen.getAllByText('Please fill in all required fields before continuing.')).toHaveLength(3),
    );
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(messageOf('Business name')).toBe('Please fill in all required fields before continuing.');

    type('Business name', 'Sparkle Cleaning');
    // Typed again, the field loses its message until the next check.
    expect(screen.getByLabelText('Business name', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    type('Email', 'sparkle@example.test');
    type('Password', 'weakpass');
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('2');
    click('Next');
    // The toast and the field's own message.
    await waitFor(() =>
      expect(screen.getAllByText('Password does not meet security requirements.')).toHaveLength(2),
    );
    expect(messageOf('Password')).toBe('Password does not meet security requirements.');
    type('Password', 'Brillo#2026');
    click('Next');

    expect(await screen.findByText('Step 2 of 4')).toBeTruthy();
    type('Years of experience', '101');
    click('Next');
    // The toast and the field's own message.
    await waitFor(() => expect(screen.getAllByText('Please select your service category.')).toHaveLength(2));
    expect(messageOf('Years of experience')).toBe(
      'Years of experience must be a whole number from 0 to 100.',
    );
    expect(messageOf('Service category')).toBe('Please select your service category.');
    changeValue(screen.getByLabelText('Service category'), 'cleaning');
    type('Years of experience', '6');
    type('Business address', 'Calle Colima 1, Roma Norte');
    fireEvent.click(screen.getByLabelText('Roma Norte'));
    click('Next');

    expect(await screen.findByText('Step 3 of 4')).toBeTruthy();
    click('Next');
    expect(await screen.findByText(/Check your services/)).toBeTruthy();
    expect(messageOf('Name')).toBe('Give the service a name.');
    expect(messageOf('Price (MXN)')).toBe('Use 0 for a free service, or at least $10 MXN.');
    type('Name', 'Limpieza profunda');
    type('Price (MXN)', '450');
    click('Add another service');
    const second = within(screen.getByRole('group', { name: 'Service 2' }));
    changeValue(second.getByLabelText('Name', { exact: true }), 'Diagnóstico');
    changeValue(second.getByLabelText('Price (MXN)', { exact: true }), '0');
    changeValue(second.getByLabelText('Where it is done', { exact: true }), 'online');
    click('Add another service');
    click('Remove service 3');
    expect(screen.queryByRole('group', { name: 'Service 3' })).toBeNull();
    click('Next');

    expect(await screen.findByText('Step 4 of 4')).toBeTruthy();
    type('Buffer between bookings (minutes)', '121');
    click('Create Profile');
    expect(await screen.findByText(/Please check the scheduling values/)).toBeTruthy();
    expect(messageOf('Buffer between bookings (minutes)')).toBe('From 0 to 120 minutes.');
    type('Buffer between bookings (minutes)', '30');
    click('Create Profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Created' })).toBeTruthy();
    await waitFor(() => expect(signups).toHaveLength(1));
    expect(signups[0]).toMatchObject({
      business_name: 'Sparkle Cleaning',
      business_phone: '5512345678',
      business_phone_country: 'MX',
      business_email: 'sparkle@example.test',
      password: 'Brillo#2026',
      experience_years: 6,
      service_category: 'cleaning',
      service_areas: ['Roma Norte'],
      address: 'Calle Colima 1, Roma Norte',
      buffer_minutes: 30,
      lead_time_minutes: 120,
      services: [
        { name: 'Limpieza profunda', price_cents: 45_000, duration_minutes: 60, location: null },
        { name: 'Diagnóstico', price_cents: 0, duration_minutes: 60, location: 'online' },
      ],
    });
    expect(screen.getByText(/sparkle@example\.test/)).toBeTruthy();
  });

  it('says a Google failure in the wizard’s words and language: Error / Google signup failed', async () => {
    renderAt('/vendor-signup');
    const google = await screen.findByRole('button', { name: 'Continuar con Google' });
    // Enabled once the server says Google is configured.
    await waitFor(() => expect((google as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(google);
    expect(await screen.findByText('No se pudo registrar con Google')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change the language to English' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google signup failed')).toBeTruthy();
    expect(signups).toHaveLength(0);
  });

  it('says by the phone field that a number is not valid at Next, and sends one typed with +52', async () => {
    renderAt('/vendor-signup');
    expect(await screen.findByText('Paso 1 de 4')).toBeTruthy();
    type('Nombre del negocio', 'Brillo Limpieza');
    type('Teléfono de WhatsApp', '1234');
    type('Correo electrónico', 'brillo@example.test');
    type('Contraseña', 'Brillo#2026');
    click('Siguiente');
    expect(
      await screen.findByText('Escribe un número de WhatsApp válido para el país elegido.', {
        selector: '[id$="-error"]',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Paso 1 de 4')).toBeTruthy();
    expect(messageOf('Teléfono de WhatsApp')).toBe(
      'Escribe un número de WhatsApp válido para el país elegido.',
    );
    expect(signups).toHaveLength(0);

    type('Teléfono de WhatsApp', '+52 55 2345 6789');
    click('Siguiente');
    changeValue(screen.getByLabelText('Categoría de servicio'), 'cleaning');
    type('Dirección del negocio', 'Calle Colima 1, Roma Norte');
    fireEvent.click(screen.getByLabelText('Roma Norte'));
    click('Siguiente');
    type('Nombre', 'Limpieza');
    type('Precio (MXN)', '300');
    click('Siguiente');
    click('Crear perfil');
    await waitFor(() => expect(signups).toHaveLength(1));
    expect(signups[0]).toMatchObject({ business_phone: '+52 55 2345 6789', business_phone_country: 'MX' });
  });
});
