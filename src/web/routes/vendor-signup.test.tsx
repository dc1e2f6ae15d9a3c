import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { setUpComponentTests, stubFetch } from '../test/component-test.tsx';
import { renderAt } from '../test/render-route.tsx';

// The wizard is a react-hook-form checked by the shared step schemas. product §5: Next does
// not validate; Create Profile does, step by step, with the first failing step's message in a toast.

let signups: Record<string, unknown>[];

// The screen's module is here before the test, as in the browser once its chunk has loaded.
beforeAll(() => preloadRouteAt('/vendor-signup'));
setUpComponentTests();

beforeEach(async () => {
  signups = [];
  sessionStorage.clear();
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
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

describe('/vendor-signup', () => {
  it('checks at Create Profile, step by step, then sends what was typed', async () => {
    renderAt('/vendor-signup?phone=%2B525512345678');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the language to English' }));
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByLabelText('WhatsApp phone', { exact: true }) as HTMLInputElement).value).toBe(
      '5512345678',
    );
    click('Next');
    click('Next');
    expect(await screen.findByText('Step 3 of 3')).toBeTruthy();
    click('Create Profile');
    expect(await screen.findByText('Please fill in all required fields before continuing.')).toBeTruthy();
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();

    type('Business name', 'Sparkle Cleaning');
    type('Email', 'sparkle@example.test');
    type('Password', 'weakpass');
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('2');
    click('Next');
    click('Next');
    click('Create Profile');
    expect(await screen.findByText('Password does not meet security requirements.')).toBeTruthy();
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    type('Password', 'Brillo#2026');

    click('Next');
    click('Next');
    click('Create Profile');
    expect(await screen.findByText('Please select your service category.')).toBeTruthy();
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    changeValue(screen.getByLabelText('Service category'), 'cleaning');
    type('Business address', 'Calle Colima 1, Roma Norte');
    fireEvent.click(screen.getByLabelText('Roma Norte'));
    click('Next');
    type('Buffer between bookings (minutes)', '121');
    click('Create Profile');
    expect(await screen.findByText(/Please check the scheduling values/)).toBeTruthy();
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
      service_category: 'cleaning',
      service_areas: ['Roma Norte'],
      address: 'Calle Colima 1, Roma Norte',
      buffer_minutes: 30,
      lead_time_minutes: 120,
    });
    expect(screen.getByText(/sparkle@example\.test/)).toBeTruthy();
  });

  it('says by the phone field that a number is not valid, and sends one typed with +52', async () => {
    renderAt('/vendor-signup');
    expect(await screen.findByText('Paso 1 de 3')).toBeTruthy();
    type('Nombre del negocio', 'Brillo Limpieza');
    type('Teléfono de WhatsApp', '1234');
    type('Correo electrónico', 'brillo@example.test');
    type('Contraseña', 'Brillo#2026');
    click('Siguiente');
    changeValue(screen.getByLabelText('Categoría de servicio'), 'cleaning');
    type('Dirección del negocio', 'Calle Colima 1, Roma Norte');
    fireEvent.click(screen.getByLabelText('Roma Norte'));
    click('Siguiente');
    click('Crear perfil');
    expect(await screen.findByText('Paso 1 de 3')).toBeTruthy();
    const phone = screen.getByLabelText('Teléfono de WhatsApp', { exact: true });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(String(phone.getAttribute('aria-describedby')));
    expect(message?.textContent).toBe('Escribe un número de WhatsApp válido para el país elegido.');
    expect(signups).toHaveLength(0);

    type('Teléfono de WhatsApp', '+52 55 2345 6789');
    click('Siguiente');
    click('Siguiente');
    click('Crear perfil');
    await waitFor(() => expect(signups).toHaveLength(1));
    expect(signups[0]).toMatchObject({ business_phone: '+52 55 2345 6789', business_phone_country: 'MX' });
  });
});
