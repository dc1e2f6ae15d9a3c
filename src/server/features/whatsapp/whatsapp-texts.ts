import type { AppointmentStatus } from '../../../shared/constants.ts';
import { dateTimeFormat } from '../../../shared/date-format.ts';
import { inLanguage, intlLocales, type Language } from '../../../shared/language.ts';
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

// ── Templates (decisions 018, 069) ──────────────────────────────────────────────────────────────
// Outside the 24-hour customer-service window Meta accepts only approved templates. This is the
// catalogue: every template's name, language, category, body, an example of its parameters (Meta asks
// for one) and its buttons — what `npm run whatsapp:templates` prints for WhatsApp Manager, what the
// fake Graph API of the tests accepts, and what `renderTemplate` fills in for our own log. The Meta
// sample template `hello_world` (en_US) serves the test notification and is not submitted.

export const TEMPLATE_LANGUAGE = 'es_MX';

/**
 * A template's button as submitted. A quick reply's tap comes back with the payload the message
 * gave it; a URL button's `url` is relative to APP_URL unless it is a whole `https://` address (the
 * maps link), its one `{{1}}` at the end the suffix the message gives (Meta allows a variable only
 * there).
 */
export type TemplateButtonDefinition =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example: string };

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

const WHEN_EXAMPLE = 'mié 25 de nov, 11:30 a.m.';
const BOOKING_PAGE_EXAMPLE = 'booking/XK7P2M?token=abc123';

/** The customer's booking page (decision 044), its path after APP_URL the suffix. */
const VIEW_BOOKING = {
  type: 'URL',
  text: 'Ver reserva',
  url: '/{{1}}',
  example: BOOKING_PAGE_EXAMPLE,
} as const satisfies TemplateButtonDefinition;

/** Google Maps' search for the vendor's address (the suffix: the address, URL-encoded). */
export const DIRECTIONS_URL = 'https://www.google.com/maps/search/?api=1&query=';
const DIRECTIONS = {
  type: 'URL',
  text: 'Cómo llegar',
  url: `${DIRECTIONS_URL}{{1}}`,
  example: 'Calle%20Durango%20120%2C%20Roma%20Norte',
} as const satisfies TemplateButtonDefinition;

export const templates = {
  booking_request: {
    name: 'barrio_booking_request',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    // A date ({{3}}, "11:30 a.m.") never ends a sentence here, so no "a.m.." (Meta allows no
    // parameter at the very end of a body either).
    body: 'Nueva solicitud de reserva {{1}} de {{4}}: {{2}}, el {{3}}; toca Confirmar o Rechazar, o responde CONFIRMAR {{1}} o RECHAZAR {{1}}.',
    example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE, 'Ana López'],
    // Decision 069: the two answers as quick replies (their payloads carry the action and the code),
    // the request's page as a URL button.
    buttons: [
      { type: 'QUICK_REPLY', text: 'Confirmar' },
      { type: 'QUICK_REPLY', text: 'Rechazar' },
      { type: 'URL', text: 'Ver detalles', url: '/{{1}}', example: 'vendor-confirm?token=abc123' },
    ],
  },
  vendor_welcome: {
    name: 'barrio_vendor_welcome',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: '¡Hola {{1}}! Tu perfil de {{2}} en Barrio está creado. Te avisaremos aquí de cada solicitud de reserva. Escribe AYUDA para ver los comandos.',
    example: ['Casa Limpia', 'Limpieza'],
  },
  // Decision 070: the customer's messages carry URL buttons instead of raw links. Pagar opens the
  // booking page, whose first screen is Pay now (the checkout's own address is not under APP_URL).
  payment_link: {
    name: 'barrio_payment_link',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    // Meta refuses a body that starts or ends with a parameter.
    body: 'Tu reserva {{1}} con {{2}} está confirmada. Para asegurarla, paga antes del {{3}} con el botón Pagar.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [{ type: 'URL', text: 'Pagar', url: '/{{1}}', example: BOOKING_PAGE_EXAMPLE }],
  },
  customer_request_received: {
    name: 'barrio_customer_request_received',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recibimos tu solicitud de reserva {{1}} con {{2}} para el {{3}}; te avisaremos aquí cuando responda.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING],
  },
  customer_paid: {
    name: 'barrio_customer_paid',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recibimos tu pago de la reserva {{1}} con {{2}}. Tu cita es el {{3}}, ¡gracias!',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING],
  },
  // The same, for a service done at the vendor's place: with the way there. A template's dynamic
  // button cannot be left out, hence a template of its own.
  customer_paid_at_place: {
    name: 'barrio_customer_paid_at_place',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recibimos tu pago de la reserva {{1}} con {{2}}. Tu cita es el {{3}} en su local, ¡gracias!',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING, DIRECTIONS],
  },
  customer_reminder: {
    name: 'barrio_customer_reminder',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recordatorio: el {{3}} es tu reserva {{1}} con {{2}}.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING],
  },
  customer_reminder_at_place: {
    name: 'barrio_customer_reminder_at_place',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recordatorio: el {{3}} es tu reserva {{1}} con {{2}}, en su local.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING, DIRECTIONS],
  },
  customer_rescheduled: {
    name: 'barrio_customer_rescheduled',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Tu reserva {{1}} con {{2}} ahora es el {{3}}; el horario anterior quedó libre.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING],
  },
  customer_cancelled_by_barrio: {
    name: 'barrio_customer_cancelled_by_barrio',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Barrio canceló tu reserva {{1}} con {{2}} ({{3}}). Si estaba pagada, te reembolsamos el importe completo.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
    buttons: [VIEW_BOOKING],
  },
  payment_received: {
    name: 'barrio_payment_received',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recibimos tu pago de la reserva {{1}} con {{2}}. ¡Gracias!',
    example: ['XK7P2M', 'Casa Limpia'],
  },
  // Decision 046: what happens to a booking after it is made.
  booking_reminder: {
    name: 'barrio_booking_reminder',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Recordatorio: el {{3}} es la reserva {{1}} con {{2}}.',
    example: ['XK7P2M', 'Casa Limpia', WHEN_EXAMPLE],
  },
  booking_cancelled: {
    name: 'barrio_booking_cancelled',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'El cliente canceló la reserva {{1}} ({{2}}, {{3}}). El horario vuelve a estar libre.',
    example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE],
  },
  // Decision 049: an administrator cancelled; sent to the vendor and the customer.
  booking_cancelled_by_barrio: {
    name: 'barrio_booking_cancelled_by_barrio',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Barrio canceló la reserva {{1}} ({{2}}, {{3}}). El horario queda libre y, si estaba pagada, se reembolsa completa.',
    example: ['XK7P2M', 'Limpieza profunda', WHEN_EXAMPLE],
  },
  booking_rescheduled: {
    name: 'barrio_booking_rescheduled',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'El cliente cambió la reserva {{1}} al {{3}} (antes: {{2}}); el horario anterior vuelve a estar libre.',
    example: ['XK7P2M', 'mar 24 de nov, 10:00 a.m.', WHEN_EXAMPLE],
  },
  booking_expired: {
    name: 'barrio_booking_expired',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Tu solicitud {{1}} a {{2}} venció sin respuesta; no se hizo ningún cargo. Proveedores parecidos: {{3}} — puedes reservar con otro en minutos.',
    example: ['XK7P2M', 'Casa Limpia', 'https://barrio.mx/vendors?category=limpieza'],
  },
  // Decision 066: the customer is asked for a review once the booking took place.
  review_request: {
    name: 'barrio_review_request',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: '¿Cómo te fue con {{2}} en tu reserva {{1}}? Califica el servicio aquí: {{3}} — tu opinión ayuda a otros clientes.',
    example: ['XK7P2M', 'Casa Limpia', 'https://barrio.mx/review/XK7P2M?token=abc123'],
  },
  // The vendor review queue (decision 048): what an admin decided about a vendor's profile.
  vendor_approved: {
    name: 'barrio_vendor_approved',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: '¡Listo, {{1}}! Revisamos tu perfil y ya está publicado en Barrio: los clientes pueden encontrarte y pedirte reservas. Entra a tu panel ({{2}}) para ver tus solicitudes.',
    example: ['Casa Limpia', 'https://barrio.mx/vendor/dashboard'],
  },
  vendor_changes_requested: {
    name: 'barrio_vendor_changes_requested',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Revisamos tu perfil de {{1}} en Barrio y, antes de publicarlo, te pedimos estos cambios: {{2}} — hazlos desde tu panel ({{3}}) y lo revisaremos de nuevo.',
    example: ['Casa Limpia', 'Agrega una foto de tu trabajo', 'https://barrio.mx/vendor/dashboard'],
  },
  vendor_rejected: {
    name: 'barrio_vendor_rejected',
    language: TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    body: 'Revisamos tu perfil de {{1}} en Barrio y no podemos publicarlo. Motivo: {{2}} — si tienes dudas, escríbenos a {{3}} y te ayudamos.',
    example: ['Casa Limpia', 'No es un servicio local', 'soporte@barrio.mx'],
  },
  // Submitted in category AUTHENTICATION (a one-time code), not UTILITY (decision 035).
  claim_code: {
    name: 'barrio_claim_code',
    language: TEMPLATE_LANGUAGE,
    category: 'AUTHENTICATION',
    body: 'Tu código para reclamar el perfil de {{1}} en Barrio es {{2}}. Caduca en 15 minutos. No lo compartas.',
    example: ['Casa Limpia', '123456'],
  },
  test: {
    name: 'hello_world',
    language: 'en_US',
    category: 'UTILITY',
    body: 'Hello World',
    example: [],
    sample: true,
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateKey = keyof typeof templates;
export const templateKeys = Object.keys(templates) as [TemplateKey, ...TemplateKey[]];

/** How many body parameters a template takes: its highest {{n}}. */
export function bodyParameterCount(body: string): number {
  return Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
}

export function template(
  key: TemplateKey,
  parameters: string[],
  buttons?: TemplateButtonParameter[],
): WhatsAppTemplate {
  const { name, language } = templates[key];
  return { name, language, parameters, ...(buttons?.length ? { buttons } : {}) };
}

/** The template's body with its parameters filled in: what the recipient reads. */
export function renderTemplate(key: TemplateKey, parameters: string[]): string {
  return templates[key].body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? '');
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

export function vendorWelcomeText(businessName: string, serviceCategory: string): string {
  return renderTemplate('vendor_welcome', [businessName, serviceCategory]);
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
