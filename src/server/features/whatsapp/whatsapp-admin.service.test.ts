import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { getBookingView } from '../booking-lifecycle/booking-view.ts';
import { vendorRequestWhatsApp } from '../booking-lifecycle/messages/booking-mails.ts';
import { sendNotification } from './whatsapp-admin.service.ts';

// The WhatsApp testing page's resend of a booking request whose first text is gone: the vendor
// reads the same request as the first time (who, how to reach them, their notes, where), only
// with the commands instead of the confirm links.

const NOW = new Date('2026-11-22T18:00:00Z');
const START = '2026-11-23T16:00:00Z';
const address = {
  street: 'Calle Orizaba 101',
  colonia: 'Roma Norte',
  postalCode: '06700',
  references: 'timbre azul',
};

describe(`resending a booking request (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('without its first text, the resend is the first notice with the commands for the links', async () => {
    const vendor = await insertVendor(database.db, {
      businessPhone: '+525544440001',
      languages: ['Spanish'],
    });
    const service = await insertService(database.db, vendor.id, { location: 'customer' });
    const customer = await insertCustomer(database.db, { phoneE164: '+525511112222' });
    const [booking] = await database.db
      .insert(appointments)
      .values(
        appointmentValues(vendor.id, customer, START, 60, {
          serviceId: service.id,
          status: 'pending_vendor',
          confirmTokenExpiresAt: new Date(START),
          createdAt: NOW,
          notes: 'El perro es amistoso',
          serviceLocation: 'customer',
          address,
        }),
      )
      .returning();

    await sendNotification({
      db: database.db,
      input: { appointmentId: booking!.id },
      adminUserId: 'an-admin',
      config: {
        whatsapp: {
          token: undefined,
          phoneNumberId: undefined,
          appSecret: undefined,
          verifyToken: undefined,
          apiBase: 'http://graph.test',
          delivers: false,
        },
      },
      now: NOW,
    });
    const [item] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'whatsapp'), eq(outbox.status, 'pending')));
    const resent = String(item!.payload.text).split('\n');

    expect(resent).toContain('Teléfono: +525511112222');
    expect(resent).toContain('Notas: El perro es amistoso');
    expect(resent).toContain(
      'Dónde: En el domicilio del cliente: Calle Orizaba 101, Roma Norte, CP 06700 (timbre azul)',
    );
    expect(resent.at(-1)).toBe(
      `Toca Confirmar o Rechazar, o responde CONFIRMAR ${booking!.code} o RECHAZAR ${booking!.code}.`,
    );
    expect(resent.join('\n')).not.toContain('vendor-confirm');

    // Line for line the first notice, but for its links and its closing line.
    const view = (await getBookingView(database.db, booking!.id))!;
    const first = vendorRequestWhatsApp(
      {
        code: view.code,
        language: view.language,
        vendorLanguage: 'es-MX',
        vendorName: view.vendorName,
        serviceName: view.serviceName ?? '—',
        start: view.startTz,
        timezone: view.timezone,
        amountMxn: view.amountMxn,
        customerName: view.customerName,
        customerEmail: view.customerEmail,
        customerPhone: view.customerPhone,
        notes: view.notes,
        answerDueAt: new Date(START),
        where: { location: view.serviceLocation, address: view.address, placeAddress: null },
      },
      { confirm: 'http://barrio.test/c', decline: 'http://barrio.test/d' },
    ).split('\n');
    const words = (lines: string[]) => lines.slice(0, -1).filter((line) => line !== '');
    expect(words(resent)).toEqual(words(first).filter((line) => !/^Ver detalles: /.test(line)));
  });
});
