import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicServiceDetail } from '../../../../shared/vendor.schemas.ts';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { signedInMe } from '../../../test/fake-api.ts';
import { BookingForm } from './booking-form.tsx';

// The booking form (product §4, §5, §8) with the API stubbed at fetch.

type Answer = { status: number; body: unknown };
let answer: (url: URL, init?: RequestInit) => Answer;
let posts: unknown[];

const SERVICE_ID = '5b0c5a4e-6f1e-4a53-9a3e-2f7d2f1a0c11';
const services: PublicServiceDetail[] = [
  {
    id: SERVICE_ID,
    name: 'Limpieza profunda',
    description: null,
    price_cents: 45_000,
    duration_minutes: 60,
    location: 'vendor',
  },
];
const vendor = {
  id: '7d1f8a52-3c1e-4b0e-9a55-0a1b2c3d4e5f',
  slug: 'casa-limpia',
  timezone: 'America/Mexico_City',
};
const SLOTS = ['2026-11-23T15:00:00.000Z', '2026-11-23T15:30:00.000Z', '2026-11-24T15:00:00.000Z'];
const signedIn = signedInMe();
const MANAGE_PATH = `/booking/ABC234?token=${'tok_'.padEnd(54, 'x')}`;

// The public profile route loads these with the screen (app/router.tsx).
beforeAll(() => loadStrings(['bookings']));

beforeEach(async () => {
  posts = [];
  answer = (url) =>
    url.pathname.endsWith('/availability')
      ? { status: 200, body: { slots: SLOTS, timezone: 'America/Mexico_City' } }
      : {
          status: 201,
          body: {
            id: 'b1',
            code: 'ABC234',
            status: 'pending_vendor',
            message: 'ok',
            manage_path: MANAGE_PATH,
          },
        };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)));
    const { status, body } = answer(url, init);
    return Response.json(body, { status });
  });
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: Partial<Parameters<typeof BookingForm>[0]> = {}) {
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <MemoryRouter>
        <BookingForm vendor={vendor} services={services} {...props} />
      </MemoryRouter>
    </Providers>,
  );
}

const chooseService = (id = SERVICE_ID) => changeValue(screen.getByLabelText('Service'), id);

describe('BookingForm', () => {
  it('shows the vendor’s cancellation policy before Book Now, in each language', async () => {
    renderForm({ vendor: { ...vendor, cancellation_policy: 'moderate' } });
    const terms = screen.getByTestId('cancellation-policy');
    expect(terms.textContent).toContain(
      'Cancellation: Moderate Full refund until 48 hours before, half until 24 hours before.',
    );
    const book = screen.getByRole('button', { name: 'Book Now' });
    expect(terms.compareDocumentPosition(book) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('es-MX');
    renderForm({ vendor: { ...vendor, cancellation_policy: 'strict' } });
    expect(screen.getByTestId('cancellation-policy').textContent).toContain(
      'Cancelación: Estricta Reembolso completo hasta 72 horas antes, ninguno después.',
    );
  });

  it('books a slot shown in the vendor’s timezone, the phone in E.164 for the picked country', async () => {
    renderForm();
    chooseService();
    const days = await screen.findByRole('group', { name: 'Day' });
    expect(within(days).getAllByRole('radio')).toHaveLength(2);
    expect(within(days).getByLabelText('Mon, Nov 23')).toBeTruthy();
    const times = screen.getByRole('group', { name: 'Time' });
    fireEvent.click(within(times).getByLabelText('9:30 AM'));

    // product §5: name and email are required: the spec's toast, and each field says so.
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('Enter your email.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Choose a service.')).toBeNull();
    expect(screen.queryByText('Choose a time.')).toBeNull();
    expect(posts).toEqual([]);

    changeValue(screen.getByLabelText('Name'), 'Ana');
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    changeValue(screen.getByLabelText('Phone (optional)'), '55 1234 5678');
    // WhatsApp only when asked for (Meta's opt-in rules, decision 070): the box starts unticked.
    const consent = screen.getByRole('checkbox', {
      name: /Barrio’s messages about this booking on WhatsApp/,
    });
    expect((consent as HTMLInputElement).checked).toBe(false);
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Booking requested' })).toBeTruthy();
    expect(screen.getByText('Awaiting confirmation')).toBeTruthy();
    expect(screen.getByText('ABC234')).toBeTruthy();
    // The customer's booking page, whose link the receipt mail carries too.
    expect(screen.getByRole('link', { name: 'See your booking' }).getAttribute('href')).toBe(MANAGE_PATH);
    expect(
      screen.getByText(
        'Confirmations arrive within 8 hours. We sent a receipt to ana@example.test, with a link to this booking.',
      ),
    ).toBeTruthy();
    expect(posts).toEqual([
      {
        vendorId: vendor.id,
        serviceId: SERVICE_ID,
        startTime: SLOTS[1],
        customerName: 'Ana',
        customerEmail: 'ana@example.test',
        customerPhone: '+525512345678',
        whatsappOptIn: true,
      },
    ]);
  });

  // Where, and the confirmation's recap.
  it('asks where for a service done at the customer’s address, among the vendor’s colonias, and recaps the request', async () => {
    renderForm({
      vendor: { ...vendor, business_name: 'Casa Limpia', service_areas: ['Roma Norte', 'Condesa'] },
      services: [{ ...services[0]!, location: 'customer' }],
    });
    expect(screen.queryByLabelText('Street and number')).toBeNull();
    // Required fields are marked, beside their label (which stays the field's name).
    expect(screen.getByText('Fields marked with an asterisk are required.')).toBeTruthy();
    // The label's row: the label, and the asterisk beside it when the field is required.
    const marked = (label: string) =>
      screen.getByText(label, { selector: 'label' }).parentElement?.querySelector('[aria-hidden="true"]')
        ?.textContent === '*';
    expect(marked('Name')).toBe(true);
    expect(marked('Email')).toBe(true);
    expect(marked('Phone (optional)')).toBe(false);
    chooseService();
    const times = await screen.findByRole('group', { name: 'Time' });
    fireEvent.click(within(times).getByLabelText('9:30 AM'));
    changeValue(screen.getByLabelText('Name'), 'Ana');
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Enter the street and number.')).toBeTruthy();
    expect(screen.getByText('Choose or enter your colonia.')).toBeTruthy();
    expect(screen.getByText('Enter the 5-digit postal code.')).toBeTruthy();
    expect(screen.getAllByText('Missing Information').length).toBeGreaterThan(0);
    expect(posts).toEqual([]);

    const colonia = screen.getByLabelText('Colonia');
    expect(
      within(colonia)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose your colonia', 'Roma Norte', 'Condesa']);
    changeValue(screen.getByLabelText('Street and number'), 'Calle Durango 120');
    changeValue(colonia, 'Condesa');
    changeValue(screen.getByLabelText('Postal code'), '06140');
    changeValue(screen.getByLabelText('References (optional)'), 'interior 4');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Booking requested' })).toBeTruthy();
    expect(posts).toEqual([
      expect.objectContaining({
        address: {
          street: 'Calle Durango 120',
          colonia: 'Condesa',
          postalCode: '06140',
          references: 'interior 4',
        },
      }),
    ]);
    const text = screen.getByLabelText('Your request ABC234').textContent ?? '';
    expect(text).toContain('Casa Limpia');
    expect(text).toContain('Limpieza profunda');
    expect(text).toContain('Nov 23, 2026');
    expect(text).toContain('$450 MXN');
    expect(text).toContain('At your address: Calle Durango 120, Condesa, CP 06140 (interior 4)');
    expect(
      screen.getByText(
        'What happens next: once the vendor confirms, you get a payment link and have 24 hours to pay.',
      ),
    ).toBeTruthy();
  });

  it('offers a signed-in customer the address of their last booking, when the vendor serves it', async () => {
    const booked = (created_at: string, colonia: string) => ({
      created_at,
      address: { street: `Calle ${colonia} 5`, colonia, postalCode: '06140', references: 'timbre azul' },
    });
    let mine = [
      booked('2026-10-01T16:00:00.000Z', 'Roma Norte'),
      booked('2026-11-01T16:00:00.000Z', 'condesa'),
    ];
    const booking = answer;
    answer = (url, init) => {
      if (url.pathname === '/api/me') return { status: 200, body: signedIn };
      if (url.pathname === '/api/me/bookings') return { status: 200, body: { items: mine } };
      return booking(url, init);
    };
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return Response.json({ session: {}, user: {} });
      if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)));
      const { status, body } = answer(url, init);
      return Response.json(body, { status });
    });
    const props = {
      vendor: { ...vendor, service_areas: ['Roma Norte', 'Condesa'] },
      services: [{ ...services[0]!, location: 'customer' as const }],
    };
    renderForm(props);
    chooseService();
    const offer = await screen.findByRole('button', {
      name: 'Use the address of your last booking: Calle condesa 5, Condesa, CP 06140 (timbre azul)',
    });
    fireEvent.click(offer);
    expect((screen.getByLabelText('Street and number') as HTMLInputElement).value).toBe('Calle condesa 5');
    expect((screen.getByLabelText('Colonia') as HTMLSelectElement).value).toBe('Condesa');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('06140');
    expect((screen.getByLabelText('References (optional)') as HTMLInputElement).value).toBe('timbre azul');
    // Once the fields hold an address, the offer goes.
    expect(screen.queryByRole('button', { name: /^Use the address/ })).toBeNull();

    // A vendor that does not serve that colonia is offered nothing.
    cleanup();
    mine = [booked('2026-11-01T16:00:00.000Z', 'Narvarte')];
    renderForm(props);
    chooseService();
    await screen.findByRole('group', { name: 'Time' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Sofía'));
    expect(screen.queryByRole('button', { name: /^Use the address/ })).toBeNull();
  });

  it('checks each field with the request’s own rules and sends nothing until they pass', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Choose a service.')).toBeTruthy();
    expect(screen.getAllByText('Missing Information').length).toBeGreaterThan(0);

    chooseService();
    expect(await screen.findByText('Choose a time.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('group', { name: 'Time' })).getByLabelText('9:00 AM'));
    await waitFor(() => expect(screen.queryByText('Choose a time.')).toBeNull());

    changeValue(screen.getByLabelText('Name'), 'Ana');
    changeValue(screen.getByLabelText('Email'), 'ana@');
    changeValue(screen.getByLabelText('Phone (optional)'), '12');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number for the selected country.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(posts).toEqual([]);

    // Fixed, the messages go and the request is sent.
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    changeValue(screen.getByLabelText('Phone (optional)'), '');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Booking requested' })).toBeTruthy();
    expect(posts).toEqual([
      {
        vendorId: vendor.id,
        serviceId: SERVICE_ID,
        startTime: SLOTS[0],
        customerName: 'Ana',
        customerEmail: 'ana@example.test',
        whatsappOptIn: false,
      },
    ]);
  });

  it('starts with a preselected service only when it is one of the vendor’s (Rehire)', async () => {
    renderForm({ preselectedServiceId: SERVICE_ID });
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe(SERVICE_ID);
    expect(await screen.findByRole('group', { name: 'Time' })).toBeTruthy();
    cleanup();
    renderForm({ preselectedServiceId: '00000000-0000-4000-8000-000000000000' });
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe('');
  });

  it('starts on the time a vendor offered with a decline, when it is still open (decision 096)', async () => {
    renderForm({ preselectedServiceId: SERVICE_ID, preselectedStart: '2026-11-24T15:00:00.000Z' });
    const days = await screen.findByRole('group', { name: 'Day' });
    await waitFor(() =>
      expect((within(days).getByLabelText('Tue, Nov 24') as HTMLInputElement).checked).toBe(true),
    );
    const times = screen.getByRole('group', { name: 'Time' });
    expect((within(times).getByLabelText('9:00 AM') as HTMLInputElement).checked).toBe(true);
    cleanup();
    // Taken since: nothing chosen, the first day shown.
    renderForm({ preselectedServiceId: SERVICE_ID, preselectedStart: '2026-11-25T15:00:00.000Z' });
    const again = await screen.findByRole('group', { name: 'Time' });
    expect(
      within(again)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('words a refusal by its reason, never with the server’s English', async () => {
    answer = (url) =>
      url.pathname.endsWith('/availability')
        ? { status: 200, body: { slots: SLOTS, timezone: 'America/Mexico_City' } }
        : {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                reason: 'slot_taken',
                message: 'That time is no longer available. Please pick another time.',
              },
            },
          };
    renderForm();
    chooseService();
    fireEvent.click(within(await screen.findByRole('group', { name: 'Time' })).getByLabelText('9:00 AM'));
    changeValue(screen.getByLabelText('Name'), 'Ana');
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(screen.getByText('That time is no longer available. Please pick another time.')).toBeTruthy();
  });

  it.each([
    [
      'the request caps',
      429,
      {
        code: 'rate_limited',
        message: 'You have too many pending requests.',
        details: { limit: 'open_requests' },
      },
      'Tienes demasiadas solicitudes pendientes. Espera la respuesta del proveedor antes de pedir otra.',
    ],
    [
      'a vendor’s block',
      403,
      { code: 'forbidden', message: 'This vendor is not accepting requests from you.' },
      'Este proveedor no está aceptando solicitudes tuyas.',
    ],
    [
      'a lost slot',
      409,
      {
        code: 'conflict',
        reason: 'slot_taken',
        message: 'That time is no longer available. Please pick another time.',
      },
      'Ese horario ya no está disponible. Elige otro.',
    ],
    [
      'a colonia the vendor does not serve',
      400,
      {
        code: 'validation_failed',
        reason: 'colonia_not_served',
        params: { colonia: 'Polanco', serves: 'Roma Norte, Condesa' },
        message: 'This vendor does not serve Polanco. They serve: Roma Norte, Condesa.',
        details: [{ path: 'address.colonia', message: 'This vendor does not serve Polanco.' }],
      },
      'Este proveedor no atiende Polanco. Atiende: Roma Norte, Condesa.',
    ],
    [
      'a postal code of another colonia',
      400,
      {
        code: 'validation_failed',
        reason: 'postal_code_not_in_colonia',
        params: { postal_code: '11560', colonia: 'Roma Norte', postal_codes: '06700' },
        message: 'The postal code 11560 is not in Roma Norte. Its postal codes: 06700.',
        details: [{ path: 'address.postalCode', message: 'The postal code 11560 is not in Roma Norte.' }],
      },
      'El código postal 11560 no es de Roma Norte. Sus códigos postales: 06700. Revisa el código postal o elige otra colonia.',
    ],
    [
      'a refusal without a reason',
      409,
      { code: 'conflict', message: 'This record already exists.' },
      'Esto cambió mientras lo veías. Recarga la página e inténtalo de nuevo.',
    ],
  ])('says in the user’s language why the request was refused: %s', async (_, status, error, text) => {
    await i18n.changeLanguage('es-MX');
    answer = (url) =>
      url.pathname.endsWith('/availability')
        ? { status: 200, body: { slots: SLOTS, timezone: 'America/Mexico_City' } }
        : { status, body: { error } };
    renderForm();
    changeValue(screen.getByLabelText('Servicio'), SERVICE_ID);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Hora' })).getByLabelText('9:00 a.m.'));
    changeValue(screen.getByLabelText('Nombre'), 'Ana');
    changeValue(screen.getByLabelText('Correo electrónico'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Reservar' }));
    // The toast says the title and the reason in Spanish, and nothing of the server's English.
    const toast = (await screen.findByText(text)).closest('[data-sonner-toast]');
    expect(toast?.textContent).toBe(`No se pudo reservar${text}`);
  });

  it('falls back to labelled demo slots when availability fails, and never sends them', async () => {
    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    renderForm();
    chooseService();
    expect(
      await screen.findByText('Showing demo availability. Contact vendor to confirm times.'),
    ).toBeTruthy();
    expect(screen.getByText('These times are examples. Contact the vendor to confirm times.')).toBeTruthy();
    const times = screen.getByRole('group', { name: 'Time' });
    expect(within(times).getAllByRole('radio')).toHaveLength(7);
    fireEvent.click(within(times).getAllByRole('radio')[0]!);
    changeValue(screen.getByLabelText('Name'), 'Ana');
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Example only')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('with instant booking: says so before Book Now, then opens the checkout at once', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const paymentUrl = 'http://localhost/sandbox/checkout/cs_sandbox_1';
    answer = (url) =>
      url.pathname.endsWith('/availability')
        ? { status: 200, body: { slots: SLOTS, timezone: 'America/Mexico_City' } }
        : {
            status: 201,
            body: {
              id: 'b1',
              code: 'ABC234',
              status: 'awaiting_payment',
              message: 'ok',
              manage_path: MANAGE_PATH,
              payment_url: paymentUrl,
              payment_due_at: '2026-11-22T18:30:00.000Z',
            },
          };
    renderForm({ vendor: { ...vendor, instant_booking: true } });
    const note = screen.getByText('Instant booking: confirmed at once, pay now.');
    const button = screen.getByRole('button', { name: 'Book Now' });
    // Read before the button: the note comes first in the form's order.
    expect(note.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    chooseService();
    fireEvent.click(within(await screen.findByRole('group', { name: 'Time' })).getByLabelText('9:00 AM'));
    changeValue(screen.getByLabelText('Name'), 'Ana');
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(paymentUrl));
    expect(posts).toHaveLength(1);
    // The form waits for the checkout rather than offering a second booking.
    expect((screen.getByRole('button', { name: 'Opening the payment…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('heading', { name: 'Booking requested' })).toBeNull();
  });

  it('with instant booking, a free service is confirmed on the spot, in Spanish too', async () => {
    const free: PublicServiceDetail[] = [{ ...services[0]!, price_cents: 0 }];
    answer = (url) =>
      url.pathname.endsWith('/availability')
        ? { status: 200, body: { slots: SLOTS, timezone: 'America/Mexico_City' } }
        : {
            status: 201,
            body: {
              id: 'b1',
              code: 'ABC234',
              status: 'confirmed',
              message: 'ok',
              manage_path: MANAGE_PATH,
              payment_url: null,
              payment_due_at: null,
            },
          };
    await i18n.changeLanguage('es-MX');
    renderForm({ vendor: { ...vendor, instant_booking: true }, services: free });
    changeValue(screen.getByLabelText('Servicio'), SERVICE_ID);
    expect(screen.getByText('Reserva inmediata: se confirma al momento, sin nada que pagar.')).toBeTruthy();
    fireEvent.click(within(await screen.findByRole('group', { name: 'Hora' })).getByLabelText('9:00 a.m.'));
    changeValue(screen.getByLabelText('Nombre'), 'Ana');
    changeValue(screen.getByLabelText('Correo electrónico'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Reservar' }));
    expect(await screen.findByRole('heading', { name: 'Reserva confirmada' })).toBeTruthy();
    expect(screen.getByText('Confirmada')).toBeTruthy();
    expect(
      screen.getByText(
        'El proveedor acepta reservas inmediatas: todo listo, y este servicio es gratis. Enviamos los detalles a ana@example.test, con un enlace a esta reserva.',
      ),
    ).toBeTruthy();
  });

  it('without instant booking, says nothing of it', async () => {
    renderForm();
    expect(screen.queryByText(/Instant booking/)).toBeNull();
  });

  it('says so when there are no open times', async () => {
    answer = () => ({ status: 200, body: { slots: [], timezone: 'America/Mexico_City' } });
    renderForm();
    chooseService();
    await waitFor(() =>
      expect(
        screen.getAllByText('No available times found. Please try again later or contact the vendor.').length,
      ).toBeGreaterThan(0),
    );
  });
});
