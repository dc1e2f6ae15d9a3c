import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languages } from '../../../shared/language.ts';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { NOW } from '../../test/test-week.ts';
import { deliverWhatsApp, type OutboundPayload } from './whatsapp-outbound.service.ts';
import { metaTemplateRequests } from './whatsapp-template-catalogue.ts';
import {
  bodyParameterCount,
  type TemplateKey,
  templateDefinitions,
  templateIn,
  templateKeys,
} from './whatsapp-texts.ts';

// Decision 069: the templates are data, in one catalogue. It is what Meta's template manager is
// given (`npm run whatsapp:templates`), and every message the code sends outside the 24-hour window
// uses one of its templates with the right number of body parameters and buttons.

/** Every template as submitted: each key in each of our languages (decision 072). */
const catalogue = templateKeys.flatMap((key) =>
  languages.map((language) => [`${key} ${language}`, templateIn(key, language)] as const),
);

describe('the template catalogue', () => {
  it.each(catalogue)(
    '%s is well formed: parameters {{1}}…{{n}} with an example each, Meta’s button rules',
    (_, t) => {
      expect(t.name).toMatch(/^[a-z0-9_]{1,512}$/);
      const used = new Set([...t.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
      const n = bodyParameterCount(t.body);
      expect([...used].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(t.example).toHaveLength(n);
      // Meta refuses a body that starts or ends with a parameter.
      expect(t.body).not.toMatch(/^\{\{\d+\}\}|\{\{\d+\}\}$/);
      expect(t.body.length).toBeLessThanOrEqual(1024);
      const buttons = t.buttons ?? [];
      expect(buttons.length).toBeLessThanOrEqual(10);
      for (const button of buttons) {
        expect(button.text.length).toBeLessThanOrEqual(25);
        // Under APP_URL, or a whole https address (the maps link of decision 070).
        if (button.type === 'URL') expect(button.url).toMatch(/^(\/|https:\/\/)[^{}]*(\{\{1\}\})?$/);
      }
      // Quick replies grouped together, never interleaved with other buttons.
      const kinds = buttons.map((b) => b.type).join(',');
      expect(kinds).not.toMatch(/QUICK_REPLY,URL.*QUICK_REPLY|URL,QUICK_REPLY.*URL/);
      expect(buttons.filter((b) => b.type === 'URL').length).toBeLessThanOrEqual(2);
    },
  );

  it('has one template per name and language, every name in Spanish (es_MX) and English (en_US)', () => {
    const names = templateDefinitions().map((t) => `${t.name}/${t.language}`);
    expect(new Set(names).size).toBe(names.length);
    for (const key of templateKeys) {
      const es = templateIn(key, 'es-MX');
      const en = templateIn(key, 'en');
      expect(es.name, key).toBe(en.name);
      if (es.sample) continue;
      expect([es.language, en.language], key).toEqual(['es_MX', 'en_US']);
      expect(en.body, key).not.toBe(es.body);
    }
  });

  it.each(templateKeys)('%s takes the same parameters and buttons in every language', (key) => {
    const [es, en] = [templateIn(key, 'es-MX'), templateIn(key, 'en')];
    expect(bodyParameterCount(en.body)).toBe(bodyParameterCount(es.body));
    const shape = (t: typeof es) =>
      (t.buttons ?? []).map((b) => (b.type === 'URL' ? `URL ${b.url}` : b.type));
    expect(shape(en)).toEqual(shape(es));
  });

  const metaCreateRequest = z.strictObject({
    name: z.string().regex(/^[a-z0-9_]+$/),
    language: z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/),
    category: z.enum(['UTILITY', 'MARKETING', 'AUTHENTICATION']),
    components: z
      .array(
        z.union([
          z.strictObject({
            type: z.literal('BODY'),
            text: z.string().min(1),
            example: z.strictObject({ body_text: z.array(z.array(z.string().min(1))).length(1) }).optional(),
          }),
          z.strictObject({
            type: z.literal('BUTTONS'),
            buttons: z
              .array(
                z.union([
                  z.strictObject({ type: z.literal('QUICK_REPLY'), text: z.string().min(1).max(25) }),
                  z.strictObject({
                    type: z.literal('URL'),
                    text: z.string().min(1).max(25),
                    url: z.string().regex(/^https?:\/\/[^{}]+(\{\{1\}\})?$/),
                    example: z.array(z.url()).length(1).optional(),
                  }),
                ]),
              )
              .min(1)
              .max(10),
          }),
        ]),
      )
      .min(1),
  });

  it('prints every template but Meta’s sample as the body of POST /{waba-id}/message_templates', () => {
    const printed = metaTemplateRequests('https://barrio.example/');
    expect(printed.map((t) => `${t.name} ${t.language}`)).toEqual(
      catalogue.filter(([, t]) => !t.sample).map(([, t]) => `${t.name} ${t.language}`),
    );
    for (const request of printed) {
      expect(metaCreateRequest.safeParse(request).error, request.name).toBeUndefined();
      const body = request.components.find((c) => c.type === 'BODY')!;
      const n = bodyParameterCount(body.text);
      if (n) expect(body.example?.body_text[0]).toHaveLength(n);
    }
    expect(
      printed.find((t) => t.name === 'barrio_booking_request' && t.language === 'en_US')!.components[1],
    ).toEqual({
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Confirm' },
        { type: 'QUICK_REPLY', text: 'Decline' },
        {
          type: 'URL',
          text: 'View details',
          url: 'https://barrio.example/{{1}}',
          example: ['https://barrio.example/vendor-confirm?token=abc123'],
        },
      ],
    });
    expect(
      printed.find((t) => t.name === 'barrio_booking_request' && t.language === 'es_MX')!.components[1],
    ).toEqual({
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Confirmar' },
        { type: 'QUICK_REPLY', text: 'Rechazar' },
        {
          type: 'URL',
          text: 'Ver detalles',
          url: 'https://barrio.example/{{1}}',
          example: ['https://barrio.example/vendor-confirm?token=abc123'],
        },
      ],
    });
    // A whole address stays as it is: the way to the vendor's place.
    expect(
      printed.find((t) => t.name === 'barrio_customer_reminder_at_place' && t.language === 'es_MX')!
        .components[1],
    ).toMatchObject({
      buttons: [
        { url: 'https://barrio.example/{{1}}' },
        {
          text: 'Cómo llegar',
          url: 'https://www.google.com/maps/search/?api=1&query={{1}}',
          example: [
            'https://www.google.com/maps/search/?api=1&query=Calle%20Durango%20120%2C%20Roma%20Norte',
          ],
        },
      ],
    });
  });
});

/** Every `key: …, parameters: [...]` the server's code writes: the template refs it builds. */
function templateRefsInCode(): { file: string; keys: string[]; parameters: number }[] {
  const root = join(import.meta.dirname, '..', '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.test.ts') &&
      !f.includes('test/') &&
      !f.endsWith('whatsapp-texts.ts'),
  );
  const refs: { file: string; keys: string[]; parameters: number }[] = [];
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const match of source.matchAll(/key:\s*([^\n]*?),\s*parameters:\s*\[/g)) {
      // The literals the key may be (`by === 'admin' ? 'a' : 'b'` → a, b; not what is compared).
      const keys = [...match[1]!.matchAll(/(?<!===?\s*)'(\w+)'/g)].map((m) => m[1]!);
      // The array's elements, counted at its top level (a call's commas are not a second element).
      let depth = 0;
      let elements = 0;
      let content = false;
      for (const char of source.slice(match.index! + match[0].length)) {
        if (depth === 0 && char === ']') break;
        if ('([{'.includes(char)) depth++;
        else if (')]}'.includes(char)) depth--;
        else if (depth === 0 && char === ',') {
          elements++;
          content = false;
          continue;
        }
        if (!/\s/.test(char)) content = true;
      }
      refs.push({ file, keys, parameters: elements + (content ? 1 : 0) });
    }
  }
  return refs;
}

describe('every message outside the window uses a template of the catalogue', () => {
  const refs = templateRefsInCode();

  it('the code names only catalogue templates, each with the body parameters it takes; every template is used', () => {
    expect(refs.length).toBeGreaterThanOrEqual(12);
    for (const ref of refs) {
      expect(ref.keys.length, `${ref.file}: a template key as a literal`).toBeGreaterThan(0);
      for (const key of ref.keys) {
        expect(templateKeys, ref.file).toContain(key);
        for (const language of languages)
          expect(ref.parameters, `${ref.file}: ${key} ${language}`).toBe(
            bodyParameterCount(templateIn(key as TemplateKey, language).body),
          );
      }
    }
    const used = new Set(refs.flatMap((r) => r.keys));
    expect(templateKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  describe(`delivered through the Cloud API outside the window (${testEngine})`, () => {
    let database: Database;
    let graph: FakeGraphApi;
    beforeAll(async () => {
      database = await createTestDatabase();
      graph = await startFakeGraphApi({ token: 't', phoneNumberId: '1' });
    });
    afterAll(async () => {
      await graph.close();
      await database.close();
    });

    it('each kind of message the outbox sends is accepted by the fake Graph API (the catalogue’s check)', async () => {
      const vendor = await insertVendor(database.db, { businessPhone: '+525577770000' });
      const service = await insertService(database.db, vendor.id);
      const customer = await insertCustomer(database.db);
      const [booking] = await database.db
        .insert(appointments)
        .values(
          appointmentValues(vendor.id, customer, '2026-11-23T16:00:00Z', 120, { serviceId: service.id }),
        )
        .returning();
      const to = '+525577770001';
      const onBooking = { to, appointmentId: booking!.id, vendorProfileId: vendor.id };
      const payloads: OutboundPayload[] = [
        { type: 'booking_request', ...onBooking, text: 'Nueva solicitud' },
        {
          type: 'send-vendor-confirmation',
          phone: to,
          businessName: 'Casa Limpia',
          serviceCategory: 'Limpieza',
        },
        // The customer's messages carry their template, with its URL buttons (decision 070).
        {
          type: 'payment_link',
          to,
          appointmentId: booking!.id,
          text: 'Paga con el botón Pagar.',
          interactive: { kind: 'cta_url', label: 'Pagar', url: 'https://pay.example/s' },
          template: {
            key: 'payment_link',
            parameters: ['XK7P2M', 'Casa Limpia', 'lun 23 de nov, 10:00 a.m.'],
            buttons: [{ type: 'url', index: 0, suffix: 'booking/XK7P2M?token=t' }],
          },
        },
        {
          type: 'booking_notice',
          to,
          appointmentId: booking!.id,
          text: 'Recordatorio',
          template: {
            key: 'customer_reminder_at_place',
            parameters: ['XK7P2M', 'Casa Limpia', 'lun 23 de nov, 10:00 a.m.'],
            buttons: [
              { type: 'url', index: 0, suffix: 'booking/XK7P2M?token=t' },
              { type: 'url', index: 1, suffix: 'Calle%20Durango%20120' },
            ],
          },
        },
        { type: 'payment_received', ...onBooking, text: 'Recibimos tu pago' },
        // Decision 072: in the reader's language, English templates too (en_US).
        {
          type: 'send-vendor-confirmation',
          phone: to,
          businessName: 'Casa Limpia',
          serviceCategory: 'Cleaning',
          language: 'en',
        },
        {
          type: 'payment_link',
          to,
          appointmentId: booking!.id,
          text: 'Pay with the Pay button.',
          interactive: { kind: 'cta_url', label: 'Pay', url: 'https://pay.example/s' },
          template: {
            key: 'payment_link',
            parameters: ['XK7P2M', 'Casa Limpia', 'Mon, Nov 23, 10:00 AM'],
            buttons: [{ type: 'url', index: 0, suffix: 'booking/XK7P2M?token=t' }],
            language: 'en',
          },
        },
        {
          type: 'booking_notice',
          to,
          appointmentId: booking!.id,
          text: 'How was Casa Limpia?',
          template: {
            key: 'review_request',
            parameters: ['XK7P2M', 'Casa Limpia'],
            buttons: [{ type: 'url', index: 0, suffix: 'review/XK7P2M?token=t' }],
            language: 'en',
          },
        },
        {
          type: 'booking_notice',
          to,
          appointmentId: booking!.id,
          text: 'Tu solicitud venció',
          template: {
            key: 'booking_expired',
            parameters: ['XK7P2M', 'Casa Limpia'],
            buttons: [{ type: 'url', index: 0, suffix: 'vendor/casa-limpia#similar' }],
          },
        },
        { type: 'test', to },
        {
          type: 'claim_code',
          to,
          vendorProfileId: vendor.id,
          businessName: 'Casa Limpia',
          code: '123456',
          text: 'Tu código',
        },
      ];
      for (const payload of payloads) {
        const row = await deliverWhatsApp({
          db: database.db,
          transport: createCloudTransport({ token: 't', phoneNumberId: '1', apiBase: graph.baseUrl }),
          now: new Date(NOW),
          payload,
        });
        expect(row.status, payload.type).toBe('sent');
      }
      expect(graph.refused).toEqual([]);
      expect(graph.sent.map((s) => (s.request.body as { type: string }).type)).toEqual(
        payloads.map(() => 'template'),
      );
      const sentIn = (name: string) =>
        graph.sent
          .map((s) => (s.request.body as { template: { name: string; language: { code: string } } }).template)
          .filter((t) => t.name === name)
          .map((t) => t.language.code);
      expect(sentIn('barrio_payment_link')).toEqual(['es_MX', 'en_US']);
      expect(sentIn('barrio_vendor_welcome')).toEqual(['es_MX', 'en_US']);
      expect(sentIn('barrio_review_request')).toEqual(['en_US']);
    });
  });
});
