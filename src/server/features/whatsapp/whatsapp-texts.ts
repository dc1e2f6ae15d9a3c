import type { AppointmentStatus } from '../../../shared/constants.ts';
import { dateTimeFormat } from '../../../shared/date-format.ts';
import {
  defaultLanguage,
  inLanguage,
  intlLocales,
  type Language,
  languages,
} from '../../../shared/language.ts';
import { type WeeklyAvailability, weekdays } from '../../../shared/weekly-availability.ts';
import type {
  TemplateButtonParameter,
  WhatsAppTemplate,
} from '../../integrations/whatsapp/whatsapp-transport.ts';

// The WhatsApp channel's own texts: the approved templates of every message type and the answers to
// vendor commands; a booking event's text is the lifecycle's (booking-lifecycle/messages/). Vendor
// messages are in the vendor's account's language (decision 068: the signup wizard's, or the app's
// switch); for an account that never said, Spanish (ARCHITECTURE §9), English for a vendor who does
// not list Spanish among the languages they speak.

export type Lang = Language;

export function langOf(
  languages: readonly string[] | null | undefined,
  accountLanguage?: Language | null | undefined,
): Lang {
  if (accountLanguage) return accountLanguage;
  if (!languages || languages.length === 0) return 'es-MX';
  return languages.some((l) => /^(spanish|español|espanol)$/i.test(l)) ? 'es-MX' : 'en';
}

/**
 * The language of every message to a booking's vendor (decision 072), mail and WhatsApp alike: the
 * one its command answers speak.
 */
export function vendorLanguage(booking: {
  vendorLanguages: readonly string[] | null;
  vendorAccountLanguage: Language | null;
}): Lang {
  return langOf(booking.vendorLanguages, booking.vendorAccountLanguage);
}

// ── Templates (decisions 018, 069, 072) ─────────────────────────────────────────────────────────
// Outside the 24-hour customer-service window Meta accepts only approved templates. This is the
// catalogue: every template's name, category and, in each of our languages, its body, an example of
// its parameters (Meta asks for one) and its buttons — what `npm run whatsapp:templates` prints for
// WhatsApp Manager (one template per name and language), what the fake Graph API of the tests
// accepts, and what `renderTemplate` fills in for our own log. A message goes out in its reader's
// language (decision 072). The Meta sample template `hello_world` (en_US) serves the test
// notification and is not submitted.

/** Meta's code of each of our languages in WhatsApp Manager ("Spanish (MEX)", "English (US)"). */
export const templateLanguages: Record<Language, string> = { 'es-MX': 'es_MX', en: 'en_US' };

/**
 * A template's button as submitted. A quick reply's tap comes back with the payload the message
 * gave it; a URL button's `url` is relative to APP_URL unless it is a whole `https://` address (the
 * maps link), its one `{{1}}` at the end the suffix the message gives (Meta allows a variable only
 * there).
 */
export type TemplateButtonDefinition =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example: string };

/** One template as submitted to Meta: a name in one language. */
export interface TemplateDefinition {
  name: string;
  language: string;
  category: 'UTILITY' | 'AUTHENTICATION';
  body: string;
  /** Sample values of {{1}}, {{2}}…, as Meta's review asks. */
  example: readonly string[];
  buttons?: readonly TemplateButtonDefinition[];
  /** Meta's own sample, present in every WhatsApp Business account: never submitted. */
  sample?: true;
}

/** What a template says in one language; its parameters and buttons are the same in every one. */
type TemplateTexts = Pick<TemplateDefinition, 'body' | 'example' | 'buttons'>;

/** A template of the catalogue: its name and category, and its texts in each of our languages. */
export interface CatalogueTemplate {
  name: string;
  category: TemplateDefinition['category'];
  texts: Record<Language, TemplateDefinition>;
  sample?: true;
}

function translated(
  name: string,
  texts: Record<Language, TemplateTexts>,
  category: TemplateDefinition['category'] = 'UTILITY',
): CatalogueTemplate {
  const each = (language: Language): TemplateDefinition => ({
    name,
    language: templateLanguages[language],
    category,
    ...texts[language],
  });
  return { name, category, texts: { 'es-MX': each('es-MX'), en: each('en') } };
}

const WHEN_EXAMPLE = { 'es-MX': 'mié 25 de nov, 11:30 a.m.', en: 'Wed, Nov 25, 11:30 AM' } as const;
const BOOKING_PAGE_EXAMPLE = 'booking/XK7P2M?token=abc123';

/** The customer's booking page (decision 044), its path after APP_URL the suffix. */
const viewBooking = (text: string): TemplateButtonDefinition => ({
  type: 'URL',
  text,
  url: '/{{1}}',
  example: BOOKING_PAGE_EXAMPLE,
});
const VIEW_BOOKING = { 'es-MX': viewBooking('Ver reserva'), en: viewBooking('View booking') } as const;

/** Google Maps' search for the vendor's address (the suffix: the address, URL-encoded). */
export const DIRECTIONS_URL = 'https://www.google.com/maps/search/?api=1&query=';
const directions = (text: string): TemplateButtonDefinition => ({
  type: 'URL',
  text,
  url: `${DIRECTIONS_URL}{{1}}`,
  example: 'Calle%20Durango%20120%2C%20Roma%20Norte',
});
const DIRECTIONS = { 'es-MX': directions('Cómo llegar'), en: directions('Directions') } as const;

/** The example of a customer template's three parameters: the code, the vendor, when. */
const bookingExample = (language: Language) => ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE[language]];

const HELLO_WORLD: TemplateDefinition = {
  name: 'hello_world',
  language: 'en_US',
  category: 'UTILITY',
  body: 'Hello World',
  example: [],
  sample: true,
};

export const templates = {
  booking_request: translated('barrio_booking_request', {
    // A date ({{3}}, "11:30 a.m.") never ends a sentence here, so no "a.m.." (Meta allows no
    // parameter at the very end of a body either). Decision 069: the two answers as quick replies
    // (their payloads carry the action and the code), the request's page as a URL button.
    'es-MX': {
      body: 'Nueva solicitud de reserva {{1}} de {{4}}: {{2}}, el {{3}}; toca Confirmar o Rechazar, o responde CONFIRMAR {{1}} o RECHAZAR {{1}}.',
      example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE['es-MX'], 'Ana López'],
      buttons: [
        { type: 'QUICK_REPLY', text: 'Confirmar' },
        { type: 'QUICK_REPLY', text: 'Rechazar' },
        { type: 'URL', text: 'Ver detalles', url: '/{{1}}', example: 'vendor-confirm?token=abc123' },
      ],
    },
    en: {
      body: 'New booking request {{1}} from {{4}}: {{2}}, on {{3}}; tap Confirm or Decline, or reply CONFIRM {{1}} or DENY {{1}}.',
      example: ['XK7P2M', 'Deep cleaning', WHEN_EXAMPLE.en, 'Ana López'],
      buttons: [
        { type: 'QUICK_REPLY', text: 'Confirm' },
        { type: 'QUICK_REPLY', text: 'Decline' },
        { type: 'URL', text: 'View details', url: '/{{1}}', example: 'vendor-confirm?token=abc123' },
      ],
    },
  }),
  vendor_welcome: translated('barrio_vendor_welcome', {
    'es-MX': {
      body: '¡Hola {{1}}! Tu perfil de {{2}} en Barrio está creado. Te avisaremos aquí de cada solicitud de reserva. Escribe AYUDA para ver los comandos.',
      example: ['Casa Limpia', 'Limpieza'],
    },
    en: {
      body: 'Hi {{1}}! Your {{2}} profile on Barrio is ready. We will tell you here about every booking request. Send HELP to see the commands.',
      example: ['Casa Limpia', 'Cleaning'],
    },
  }),
  // Decision 070: the customer's messages carry URL buttons instead of raw links. Pagar opens the
  // booking page, whose first screen is Pay now (the checkout's own address is not under APP_URL).
  // Meta refuses a body that starts or ends with a parameter.
  payment_link: translated('barrio_payment_link', {
    'es-MX': {
      body: 'Tu reserva {{1}} con {{2}} está confirmada. Para asegurarla, paga antes del {{3}} con el botón Pagar.',
      example: bookingExample('es-MX'),
      buttons: [{ type: 'URL', text: 'Pagar', url: '/{{1}}', example: BOOKING_PAGE_EXAMPLE }],
    },
    en: {
      body: 'Your booking {{1}} with {{2}} is confirmed. To secure it, pay before {{3}} with the Pay button.',
      example: bookingExample('en'),
      buttons: [{ type: 'URL', text: 'Pay', url: '/{{1}}', example: BOOKING_PAGE_EXAMPLE }],
    },
  }),
  customer_request_received: translated('barrio_customer_request_received', {
    'es-MX': {
      body: 'Recibimos tu solicitud de reserva {{1}} con {{2}} para el {{3}}; te avisaremos aquí cuando responda.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'We received your booking request {{1}} with {{2}} for {{3}}; we will let you know here when they answer.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  customer_paid: translated('barrio_customer_paid', {
    'es-MX': {
      body: 'Recibimos tu pago de la reserva {{1}} con {{2}}. Tu cita es el {{3}}, ¡gracias!',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'We received your payment for booking {{1}} with {{2}}. Your appointment is on {{3}}, thank you!',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  // The same, for a service done at the vendor's place: with the way there. A template's dynamic
  // button cannot be left out, hence a template of its own.
  customer_paid_at_place: translated('barrio_customer_paid_at_place', {
    'es-MX': {
      body: 'Recibimos tu pago de la reserva {{1}} con {{2}}. Tu cita es el {{3}} en su local, ¡gracias!',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX'], DIRECTIONS['es-MX']],
    },
    en: {
      body: 'We received your payment for booking {{1}} with {{2}}. Your appointment is on {{3}} at their place, thank you!',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en, DIRECTIONS.en],
    },
  }),
  customer_reminder: translated('barrio_customer_reminder', {
    'es-MX': {
      body: 'Recordatorio: el {{3}} es tu reserva {{1}} con {{2}}.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Reminder: on {{3}} you have booking {{1}} with {{2}}.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  customer_reminder_at_place: translated('barrio_customer_reminder_at_place', {
    'es-MX': {
      body: 'Recordatorio: el {{3}} es tu reserva {{1}} con {{2}}, en su local.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX'], DIRECTIONS['es-MX']],
    },
    en: {
      body: 'Reminder: on {{3}} you have booking {{1}} with {{2}}, at their place.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en, DIRECTIONS.en],
    },
  }),
  customer_rescheduled: translated('barrio_customer_rescheduled', {
    'es-MX': {
      body: 'Tu reserva {{1}} con {{2}} ahora es el {{3}}; el horario anterior quedó libre.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Your booking {{1}} with {{2}} is now on {{3}}; the previous time is free again.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  customer_cancelled_by_barrio: translated('barrio_customer_cancelled_by_barrio', {
    'es-MX': {
      body: 'Barrio canceló tu reserva {{1}} con {{2}} ({{3}}). Si estaba pagada, te reembolsamos el importe completo.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Barrio cancelled your booking {{1}} with {{2}} ({{3}}). If it was paid, we refund the full amount.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  // Decision 094: the vendor cancelled; the customer is always refunded in full. The reason is in
  // the text sent inside the 24-hour window, never a template parameter (free text Meta may refuse).
  customer_cancelled_by_vendor: translated('barrio_customer_cancelled_by_vendor', {
    'es-MX': {
      body: 'Lo sentimos: {{2}} canceló tu reserva {{1}} ({{3}}). Si estaba pagada, te reembolsamos el importe completo.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Sorry: {{2}} cancelled your booking {{1}} ({{3}}). If it was paid, we refund the full amount.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  // Decision 072: the customer's own cancellation and the vendor's decline, told by WhatsApp too.
  customer_cancelled: translated('barrio_customer_cancelled', {
    'es-MX': {
      body: 'Cancelaste tu reserva {{1}} con {{2}} ({{3}}); ya le avisamos. Si estaba pagada, te reembolsamos el importe completo.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'You cancelled your booking {{1}} with {{2}} ({{3}}); we have told them. If it was paid, we refund the full amount.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  customer_declined: translated('barrio_customer_declined', {
    'es-MX': {
      body: 'Lo sentimos: {{2}} no puede atender tu reserva {{1}} ({{3}}). No se hizo ningún cargo; elige otro horario u otro proveedor.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Sorry: {{2}} cannot take your booking {{1}} ({{3}}). Nothing was charged; please pick another time or another vendor.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  // Decision 096: the vendor proposes another time; the customer answers on the booking page. The
  // decline's reason is in the text sent inside the window only, never a template parameter.
  customer_time_proposed: translated('barrio_customer_time_proposed', {
    'es-MX': {
      body: 'Hola: {{2}} te propone cambiar tu reserva {{1}} al {{3}}; mientras no respondas, tu reserva conserva su horario. Toca Ver reserva para aceptar o conservar tu horario.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Hello: {{2}} proposes moving your booking {{1}} to {{3}}; until you answer, your booking keeps its time. Tap View booking to accept or keep your time.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  customer_declined_with_offer: translated('barrio_customer_declined_with_offer', {
    'es-MX': {
      body: 'Lo sentimos: {{2}} no puede atender tu reserva {{1}}, pero te ofrece el {{3}} en su lugar; no se hizo ningún cargo. Toca Ver reserva para reservar ese horario.',
      example: bookingExample('es-MX'),
      buttons: [VIEW_BOOKING['es-MX']],
    },
    en: {
      body: 'Sorry: {{2}} cannot take your booking {{1}}, but offers you {{3}} instead. Nothing was charged; tap View booking to book that time.',
      example: bookingExample('en'),
      buttons: [VIEW_BOOKING.en],
    },
  }),
  payment_received: translated('barrio_payment_received', {
    'es-MX': {
      body: 'Recibimos tu pago de la reserva {{1}} con {{2}}. ¡Gracias!',
      example: ['XK7P2M', 'Casa Limpia'],
    },
    en: {
      body: 'We received the payment for booking {{1}} with {{2}}. Thank you!',
      example: ['XK7P2M', 'Casa Limpia'],
    },
  }),
  // Decision 097: an instant booking is confirmed when it is made; the vendor is told, not asked.
  booking_instant: translated('barrio_booking_instant', {
    'es-MX': {
      body: 'Nueva reserva {{1}} confirmada al instante: {{2}}, el {{3}}, de {{4}}. No necesitas confirmarla.',
      example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE['es-MX'], 'Ana López'],
    },
    en: {
      body: 'New booking {{1}} confirmed at once: {{2}}, on {{3}}, from {{4}}. There is nothing to confirm.',
      example: ['XK7P2M', 'Deep cleaning', WHEN_EXAMPLE.en, 'Ana López'],
    },
  }),
  // Decision 046: what happens to a booking after it is made.
  booking_reminder: translated('barrio_booking_reminder', {
    'es-MX': {
      body: 'Recordatorio: el {{3}} es la reserva {{1}} con {{2}}.',
      example: bookingExample('es-MX'),
    },
    en: { body: 'Reminder: on {{3}} you have booking {{1}} with {{2}}.', example: bookingExample('en') },
  }),
  booking_cancelled: translated('barrio_booking_cancelled', {
    'es-MX': {
      body: 'El cliente canceló la reserva {{1}} ({{2}}, {{3}}). El horario vuelve a estar libre.',
      example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE['es-MX']],
    },
    en: {
      body: 'The customer cancelled booking {{1}} ({{2}}, {{3}}). The slot is free again.',
      example: ['XK7P2M', 'Deep cleaning', WHEN_EXAMPLE.en],
    },
  }),
  // Decision 049: an administrator cancelled; told to the vendor.
  booking_cancelled_by_barrio: translated('barrio_booking_cancelled_by_barrio', {
    'es-MX': {
      body: 'Barrio canceló la reserva {{1}} ({{2}}, {{3}}). El horario queda libre y, si estaba pagada, se reembolsa completa.',
      example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE['es-MX']],
    },
    en: {
      body: 'Barrio cancelled booking {{1}} ({{2}}, {{3}}). The slot is free again and, if it was paid, it is refunded in full.',
      example: ['XK7P2M', 'Deep cleaning', WHEN_EXAMPLE.en],
    },
  }),
  // Decision 094: the vendor's own copy of their cancellation.
  booking_cancelled_by_you: translated('barrio_booking_cancelled_by_you', {
    'es-MX': {
      body: 'Cancelaste la reserva {{1}} ({{2}}, {{3}}); ya le avisamos al cliente y, si estaba pagada, se le reembolsa completa.',
      example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE['es-MX']],
    },
    en: {
      body: 'You cancelled booking {{1}} ({{2}}, {{3}}); we have told the customer and, if it was paid, it is refunded in full.',
      example: ['XK7P2M', 'Deep cleaning', WHEN_EXAMPLE.en],
    },
  }),
  // Decision 096: the customer's answer to the vendor's proposed time.
  booking_proposal_accepted: translated('barrio_booking_proposal_accepted', {
    'es-MX': {
      body: 'El cliente aceptó tu propuesta: la reserva {{1}} ahora es el {{2}}; el horario anterior vuelve a estar libre.',
      example: ['XK7P2M', WHEN_EXAMPLE['es-MX']],
    },
    en: {
      body: 'The customer accepted your proposal: booking {{1}} is now on {{2}}; the previous slot is free again.',
      example: ['XK7P2M', WHEN_EXAMPLE.en],
    },
  }),
  booking_proposal_rejected: translated('barrio_booking_proposal_rejected', {
    'es-MX': {
      body: 'El cliente prefirió conservar su horario: la reserva {{1}} sigue el {{2}}, como estaba.',
      example: ['XK7P2M', WHEN_EXAMPLE['es-MX']],
    },
    en: {
      body: 'The customer chose to keep their time: booking {{1}} stays on {{2}}, as it was.',
      example: ['XK7P2M', WHEN_EXAMPLE.en],
    },
  }),
  booking_rescheduled: translated('barrio_booking_rescheduled', {
    'es-MX': {
      body: 'El cliente cambió la reserva {{1}} al {{3}} (antes: {{2}}); el horario anterior vuelve a estar libre.',
      example: ['XK7P2M', 'mar 24 de nov, 10:00 a.m.', WHEN_EXAMPLE['es-MX']],
    },
    en: {
      body: 'The customer moved booking {{1}} to {{3}} (before: {{2}}); the previous slot is free again.',
      example: ['XK7P2M', 'Tue, Nov 24, 10:00 AM', WHEN_EXAMPLE.en],
    },
  }),
  // The similar vendors are a URL button (decision 072), the vendor's profile at its list of them.
  booking_expired: translated('barrio_booking_expired', {
    'es-MX': {
      body: 'Tu solicitud {{1}} a {{2}} venció sin respuesta; no se hizo ningún cargo. Toca Ver parecidos: puedes reservar con otro proveedor en minutos.',
      example: ['XK7P2M', 'Casa Limpia'],
      buttons: [{ type: 'URL', text: 'Ver parecidos', url: '/{{1}}', example: 'vendor/casa-limpia#similar' }],
    },
    en: {
      body: 'Your request {{1}} to {{2}} expired without an answer; nothing was charged. Tap See similar: you can book another vendor in minutes.',
      example: ['XK7P2M', 'Casa Limpia'],
      buttons: [{ type: 'URL', text: 'See similar', url: '/{{1}}', example: 'vendor/casa-limpia#similar' }],
    },
  }),
  // Decision 066: the customer is asked for a review once the booking took place; the review page
  // is a URL button (decision 072).
  review_request: translated('barrio_review_request', {
    'es-MX': {
      body: '¿Cómo te fue con {{2}} en tu reserva {{1}}? Toca Calificar: tu opinión ayuda a otros clientes.',
      example: ['XK7P2M', 'Casa Limpia'],
      buttons: [{ type: 'URL', text: 'Calificar', url: '/{{1}}', example: 'review/XK7P2M?token=abc123' }],
    },
    en: {
      body: 'How was {{2}} on your booking {{1}}? Tap Rate: your opinion helps other customers.',
      example: ['XK7P2M', 'Casa Limpia'],
      buttons: [{ type: 'URL', text: 'Rate', url: '/{{1}}', example: 'review/XK7P2M?token=abc123' }],
    },
  }),
  // The vendor review queue (decision 048): what an admin decided about a vendor's profile.
  vendor_approved: translated('barrio_vendor_approved', {
    'es-MX': {
      body: '¡Listo, {{1}}! Revisamos tu perfil y ya está publicado en Barrio: los clientes pueden encontrarte y pedirte reservas. Entra a tu panel ({{2}}) para ver tus solicitudes.',
      example: ['Casa Limpia', 'https://barrio.mx/vendor/dashboard'],
    },
    en: {
      body: 'All set, {{1}}! We checked your profile and it is published on Barrio: customers can find you and request bookings. Open your dashboard ({{2}}) to see your requests.',
      example: ['Casa Limpia', 'https://barrio.mx/vendor/dashboard'],
    },
  }),
  vendor_changes_requested: translated('barrio_vendor_changes_requested', {
    'es-MX': {
      body: 'Revisamos tu perfil de {{1}} en Barrio y, antes de publicarlo, te pedimos estos cambios: {{2}} — hazlos desde tu panel ({{3}}) y lo revisaremos de nuevo.',
      example: ['Casa Limpia', 'Agrega una foto de tu trabajo', 'https://barrio.mx/vendor/dashboard'],
    },
    en: {
      body: 'We checked your {{1}} profile on Barrio and, before publishing it, ask for these changes: {{2}} — make them from your dashboard ({{3}}) and we will check it again.',
      example: ['Casa Limpia', 'Add a photo of your work', 'https://barrio.mx/vendor/dashboard'],
    },
  }),
  vendor_rejected: translated('barrio_vendor_rejected', {
    'es-MX': {
      body: 'Revisamos tu perfil de {{1}} en Barrio y no podemos publicarlo. Motivo: {{2}} — si tienes dudas, escríbenos a {{3}} y te ayudamos.',
      example: ['Casa Limpia', 'No es un servicio local', 'soporte@barrio.mx'],
    },
    en: {
      body: 'We checked your {{1}} profile on Barrio and cannot publish it. Reason: {{2}} — if you have questions, write to us at {{3}} and we will help.',
      example: ['Casa Limpia', 'Not a local service', 'soporte@barrio.mx'],
    },
  }),
  // Submitted in category AUTHENTICATION (a one-time code), not UTILITY (decision 035).
  claim_code: translated(
    'barrio_claim_code',
    {
      'es-MX': {
        body: 'Tu código para reclamar el perfil de {{1}} en Barrio es {{2}}. Caduca en 15 minutos. No lo compartas.',
        example: ['Casa Limpia', '123456'],
      },
      en: {
        body: 'Your code to claim the {{1}} profile on Barrio is {{2}}. It expires in 15 minutes. Do not share it.',
        example: ['Casa Limpia', '123456'],
      },
    },
    'AUTHENTICATION',
  ),
  // Meta's sample, in English only whoever reads it.
  test: {
    name: HELLO_WORLD.name,
    category: 'UTILITY',
    texts: { 'es-MX': HELLO_WORLD, en: HELLO_WORLD },
    sample: true,
  },
} as const satisfies Record<string, CatalogueTemplate>;

export type TemplateKey = keyof typeof templates;
export const templateKeys = Object.keys(templates) as [TemplateKey, ...TemplateKey[]];

/** A template of the catalogue as submitted in one language. */
export function templateIn(key: TemplateKey, language: Language): TemplateDefinition {
  return (templates[key] as CatalogueTemplate).texts[language];
}

/** Every template as submitted, one per name and Meta language, in the catalogue's order. */
export function templateDefinitions(): TemplateDefinition[] {
  const seen = new Set<string>();
  return templateKeys.flatMap((key) =>
    languages
      .map((language) => templateIn(key, language))
      .filter((t) => {
        const id = `${t.name}/${t.language}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      }),
  );
}

/** How many body parameters a template takes: its highest {{n}}. */
export function bodyParameterCount(body: string): number {
  return Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
}

export function template(
  key: TemplateKey,
  parameters: string[],
  buttons?: TemplateButtonParameter[],
  language: Language = defaultLanguage,
): WhatsAppTemplate {
  const { name, language: code } = templateIn(key, language);
  return { name, language: code, parameters, ...(buttons?.length ? { buttons } : {}) };
}

/** The template's body with its parameters filled in, in `language`: what the recipient reads. */
export function renderTemplate(
  key: TemplateKey,
  parameters: string[],
  language: Language = defaultLanguage,
): string {
  return templateIn(key, language).body.replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => parameters[Number(n) - 1] ?? '',
  );
}

/** A date in the vendor's time zone, in Spanish or English. */
export function formatWhen(date: Date, timezone: string, lang: Lang = 'es-MX'): string {
  return dateTimeFormat(intlLocales[lang], {
    timeZone: timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

// ── Free-form texts ──────────────────────────────────────────────────────────────────────────────

export function vendorWelcomeText(
  businessName: string,
  serviceCategory: string,
  language: Language = defaultLanguage,
): string {
  return renderTemplate('vendor_welcome', [businessName, serviceCategory], language);
}

export const TEST_NOTIFICATION_TEXT =
  'Barrio: this is a test notification from the WhatsApp testing page. / Esta es una notificación de prueba de Barrio.';

export const dayNames: Record<Lang, Record<(typeof weekdays)[number], string>> = {
  'es-MX': {
    monday: 'Lunes',
    tuesday: 'Martes',
    wednesday: 'Miércoles',
    thursday: 'Jueves',
    friday: 'Viernes',
    saturday: 'Sábado',
    sunday: 'Domingo',
  },
  en: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
};

export const replies = {
  help: (lang: Lang) =>
    inLanguage(lang, {
      'es-MX': [
        'Comandos de Barrio:',
        'REGISTRO — crea tu perfil de proveedor',
        'CONFIRMAR <código> — confirma una solicitud de reserva',
        'RECHAZAR <código> — rechaza una solicitud de reserva',
        'BLOQUEAR <código> — rechaza una solicitud y bloquea a quien la hizo',
        'DISPONIBILIDAD — tu horario semanal y tus próximos espacios libres',
        'AYUDA — esta lista',
        'En una solicitud también puedes tocar Confirmar o Rechazar, o responder «sí» o «no puedo».',
        'También en inglés: REGISTER, CONFIRM, DENY, BLOCK, AVAILABILITY, HELP.',
      ].join('\n'),
      en: [
        'Barrio commands:',
        'REGISTER — create your vendor profile',
        'CONFIRM <code> — confirm a booking request',
        'DENY <code> — decline a booking request',
        'BLOCK <code> — decline a booking request and block whoever made it',
        'AVAILABILITY — your weekly schedule and next free slots',
        'HELP — this list',
        'On a request you can also tap Confirm or Decline, or reply "yes" or "no".',
        'Also in Spanish: REGISTRO, CONFIRMAR, RECHAZAR, BLOQUEAR, DISPONIBILIDAD, AYUDA.',
      ].join('\n'),
    }),
  /** The answer to a sticker, an image, a location…: short, and at most once a day. */
  nonText: (lang: Lang) =>
    inLanguage(lang, {
      'es-MX': 'Solo puedo leer mensajes de texto. Escribe AYUDA para ver los comandos.',
      en: 'I can only read text messages. Send HELP to see the commands.',
    }),
  register: (lang: Lang, link: string) =>
    inLanguage(lang, {
      'es-MX': `Crea tu perfil de proveedor en Barrio aquí (tu número ya está incluido): ${link}`,
      en: `Create your Barrio vendor profile here (your number is already filled in): ${link}`,
    }),
  alreadyRegistered: (lang: Lang, businessName: string) =>
    inLanguage(lang, {
      'es-MX': `Este número ya está registrado como ${businessName}. Escribe AYUDA para ver los comandos.`,
      en: `This number is already registered as ${businessName}. Send HELP to see the commands.`,
    }),
  unknownSender: (link: string) =>
    `No encontramos un perfil de proveedor con este número. Escribe REGISTRO para crear uno, o entra a ${link}\nWe could not find a vendor profile for this number. Send REGISTER to create one.`,
  noPending: (lang: Lang) =>
    inLanguage(lang, {
      'es-MX': 'No tienes solicitudes de reserva pendientes.',
      en: 'You have no pending booking requests.',
    }),
  unknownCode: (lang: Lang, code: string) =>
    inLanguage(lang, {
      'es-MX': `No encontramos una reserva tuya con el código ${code}. Revisa el código e inténtalo de nuevo.`,
      en: `We could not find a booking of yours with the code ${code}. Check the code and try again.`,
    }),
  /** Several requests wait and the answer named none: the body of the "¿Cuál?" list message. */
  choose: (
    lang: Lang,
    action: 'confirm' | 'decline' | 'block',
    pending: { code: string; when: string }[],
  ) => {
    const words = {
      'es-MX': { confirm: 'CONFIRMAR', decline: 'RECHAZAR', block: 'BLOQUEAR' },
      en: { confirm: 'CONFIRM', decline: 'DENY', block: 'BLOCK' },
    } as const satisfies Record<Lang, Record<typeof action, string>>;
    const verbs = {
      'es-MX': { confirm: 'confirmar', decline: 'rechazar', block: 'rechazar y bloquear' },
      en: { confirm: 'confirm', decline: 'decline', block: 'decline and block' },
    } as const satisfies Record<Lang, Record<typeof action, string>>;
    const word = words[lang][action];
    const list = pending.map((p) => `${p.code} — ${p.when}`).join('\n');
    return inLanguage(lang, {
      'es-MX': `¿Cuál? Tienes ${pending.length} solicitudes pendientes:\n${list}\nElige la que quieres ${verbs[lang][action]} en la lista, o responde ${word} <código>.`,
      en: `Which one? You have ${pending.length} pending requests:\n${list}\nChoose the one to ${verbs[lang][action]} from the list, or reply ${word} <code>.`,
    });
  },
  /** The list message's button, which opens the rows (≤ 20 characters). */
  chooseButton: (lang: Lang) => inLanguage(lang, { 'es-MX': 'Ver solicitudes', en: 'See requests' }),
  /** A booking request's reply buttons (≤ 20 characters each). */
  buttonTitles: (lang: Lang) =>
    inLanguage(lang, {
      'es-MX': { confirm: 'Confirmar', deny: 'Rechazar' },
      en: { confirm: 'Confirm', deny: 'Decline' },
    }),
  /**
   * An answer to a booking that is no longer waiting for one — a tap on an old request, a second
   * "sí": what became of it, truthfully.
   */
  alreadyAnswered: (lang: Lang, code: string, status: AppointmentStatus) => {
    const es: Record<AppointmentStatus, string> = {
      pending_vendor: `La reserva ${code} ya no se puede responder: su plazo de respuesta terminó.`,
      awaiting_payment: `Esta reserva (${code}) ya fue confirmada; el cliente tiene el enlace de pago.`,
      confirmed: `Esta reserva (${code}) ya fue confirmada.`,
      paid: `Esta reserva (${code}) ya fue confirmada y pagada.`,
      declined: `Esta reserva (${code}) ya fue rechazada.`,
      expired: `Esta reserva (${code}) venció sin respuesta; el horario quedó libre.`,
      cancelled: `Esta reserva (${code}) fue cancelada.`,
    };
    const en: Record<AppointmentStatus, string> = {
      pending_vendor: `Booking ${code} can no longer be answered: its answer window is over.`,
      awaiting_payment: `This booking (${code}) was already confirmed; the customer has the payment link.`,
      confirmed: `This booking (${code}) was already confirmed.`,
      paid: `This booking (${code}) was already confirmed and paid.`,
      declined: `This booking (${code}) was already declined.`,
      expired: `This booking (${code}) expired without an answer; the slot is free again.`,
      cancelled: `This booking (${code}) was cancelled.`,
    };
    return inLanguage(lang, { 'es-MX': es[status], en: en[status] });
  },
  confirmed: (lang: Lang, code: string, free: boolean) =>
    inLanguage(lang, {
      'es-MX': free
        ? `Reserva ${code} confirmada exitosamente.`
        : `Reserva ${code} confirmada exitosamente. El cliente recibirá el enlace de pago.`,
      en: free
        ? `Booking ${code} confirmed.`
        : `Booking ${code} confirmed. The customer will receive the payment link.`,
    }),
  declined: (lang: Lang, code: string) =>
    inLanguage(lang, {
      'es-MX': `Reserva ${code} rechazada. Avisaremos al cliente.`,
      en: `Booking ${code} declined. We will tell the customer.`,
    }),
  blocked: (lang: Lang, code: string) =>
    inLanguage(lang, {
      'es-MX': `Reserva ${code} rechazada. Avisaremos al cliente, y ya no aceptaremos solicitudes suyas para ti.`,
      en: `Booking ${code} declined. We will tell the customer, and accept no more requests from them for you.`,
    }),
  availability: (
    lang: Lang,
    weekly: WeeklyAvailability,
    next: { service: string; slots: string[] } | undefined,
  ) => {
    const days = weekdays.map((day) => {
      const d = weekly[day];
      const hours = d.enabled
        ? d.slots.map((s) => `${s.start}–${s.end}`).join(', ')
        : inLanguage(lang, { 'es-MX': 'cerrado', en: 'closed' });
      return `${dayNames[lang][day]}: ${hours}`;
    });
    const head = inLanguage(lang, { 'es-MX': 'Tu horario semanal:', en: 'Your weekly schedule:' });
    let tail: string;
    if (!next)
      tail = inLanguage(lang, {
        'es-MX': 'Aún no tienes servicios activos.',
        en: 'You have no active services yet.',
      });
    else if (next.slots.length === 0)
      tail = inLanguage(lang, {
        'es-MX': `No hay espacios libres para ${next.service} en los próximos 7 días.`,
        en: `No free slots for ${next.service} in the next 7 days.`,
      });
    else
      tail = `${inLanguage(lang, {
        'es-MX': `Próximos espacios libres (${next.service}):`,
        en: `Next free slots (${next.service}):`,
      })}\n${next.slots.join('\n')}`;
    return [head, ...days, '', tail].join('\n');
  },
};
