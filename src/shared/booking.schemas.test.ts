import { describe, expect, it } from 'vitest';
import { type BookingForm, bookingFormSchema, createBookingSchema } from './booking.schemas.ts';

// The booking form is checked by the request's own rules: what it sends, the server takes.
const filled: BookingForm = {
  serviceId: '5b0c5a4e-6f1e-4a53-9a3e-2f7d2f1a0c11',
  startTime: '2026-11-23T15:30:00.000Z',
  customerName: ' Ana ',
  customerEmail: ' ana@example.test ',
  customerPhone: { country: 'MX', national: '55 1234 5678' },
  notes: '',
  whatsappOptIn: false,
  addressNeeded: false,
  address: { street: '', colonia: '', postalCode: '', references: '' },
};

describe('bookingFormSchema', () => {
  it('turns the fields into the request without its vendor, which the server accepts', () => {
    const input = bookingFormSchema.parse(filled);
    expect(input).toEqual({
      serviceId: filled.serviceId,
      startTime: filled.startTime,
      customerName: 'Ana',
      customerEmail: 'ana@example.test',
      customerPhone: '+525512345678',
      notes: undefined,
      whatsappOptIn: false,
      address: undefined,
    });
    expect(createBookingSchema.safeParse({ vendorId: 'casa-limpia', ...input }).success).toBe(true);
  });

  it('asks for the address only when the service is done at the customer’s place', () => {
    const at = { ...filled, addressNeeded: true };
    const missing = bookingFormSchema.safeParse(at);
    expect(missing.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'address.colonia',
      'address.postalCode',
      'address.street',
    ]);
    const address = {
      street: ' Calle Durango 120 ',
      colonia: 'Roma Norte',
      postalCode: '06700',
      references: '',
    };
    const input = bookingFormSchema.parse({ ...at, address });
    expect(input.address).toEqual({
      street: 'Calle Durango 120',
      colonia: 'Roma Norte',
      postalCode: '06700',
    });
    expect(createBookingSchema.safeParse({ vendorId: 'casa-limpia', ...input }).success).toBe(true);
    expect(
      bookingFormSchema.safeParse({ ...at, address: { ...address, postalCode: '6700' } }).error?.issues[0]
        ?.message,
    ).toBe('Please enter the 5-digit postal code.');
    // Typed and then a service done elsewhere was chosen: nothing is sent.
    expect(bookingFormSchema.parse({ ...filled, address }).address).toBeUndefined();
  });

  it('leaves the phone out when none was typed, and with it the WhatsApp consent', () => {
    const input = bookingFormSchema.parse({
      ...filled,
      customerPhone: { country: 'MX', national: '' },
      whatsappOptIn: true,
    });
    expect(input.customerPhone).toBeUndefined();
    expect(input.whatsappOptIn).toBe(false);
    expect(bookingFormSchema.parse({ ...filled, whatsappOptIn: true }).whatsappOptIn).toBe(true);
  });

  it('takes a request without the WhatsApp consent, and refuses one that is not a yes or no', () => {
    const request = { vendorId: 'casa-limpia', ...bookingFormSchema.parse(filled) };
    const { whatsappOptIn: _, ...without } = request;
    expect(createBookingSchema.parse(without).whatsappOptIn).toBeUndefined();
    expect(createBookingSchema.safeParse({ ...request, whatsappOptIn: 'yes' }).success).toBe(false);
  });

  it('names every field that is missing or wrong', () => {
    const result = bookingFormSchema.safeParse({
      ...filled,
      serviceId: '',
      startTime: '',
      customerName: '  ',
      customerEmail: 'ana@',
      customerPhone: { country: 'MX', national: '12' },
      notes: 'x'.repeat(1001),
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(new Set(paths)).toEqual(
      new Set(['serviceId', 'startTime', 'customerName', 'customerEmail', 'customerPhone', 'notes']),
    );
  });
});
