import { z } from 'zod';

// The WhatsApp admin API's contract (ARCHITECTURE §6, product §2 WhatsApp testing and status pages): one
// schema per input, used by the server's validator and the testing page's forms alike.

/** product §9: the log lists the 10 latest messages. */
export const WHATSAPP_LOG_SIZE = 10;
/** product §9: realtime heartbeat 25 s; reconnect backoff 1 s, 2 s, 5 s, then 10 s. */
export const SSE_HEARTBEAT_MS = 25_000;
export const SSE_RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * Meta's documented limits of interactive messages (ARCHITECTURE §9; the fake Graph API of the tests
 * checks them): developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-reply-buttons-messages,
 * …/interactive-list-messages, …/interactive-cta-url-messages.
 */
export const INTERACTIVE_LIMITS = {
  body: 1024,
  footer: 60,
  buttons: 3,
  buttonId: 256,
  buttonTitle: 20,
  listButton: 20,
  listRows: 10,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  sectionTitle: 24,
  ctaText: 20,
} as const;
const L = INTERACTIVE_LIMITS;

/**
 * What a message may carry inside the 24-hour customer-service window besides its text: reply
 * buttons (up to three; a tap comes back with the button's id), a list of choices (a row's id comes
 * back), or one call-to-action URL button. A reply-button message cannot carry a URL button.
 */
export const interactiveSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('buttons'),
    buttons: z
      .array(z.object({ id: z.string().min(1).max(L.buttonId), title: z.string().min(1).max(L.buttonTitle) }))
      .min(1)
      .max(L.buttons),
    footer: z.string().min(1).max(L.footer).optional(),
  }),
  z.object({
    kind: z.literal('list'),
    button: z.string().min(1).max(L.listButton),
    sectionTitle: z.string().min(1).max(L.sectionTitle).optional(),
    rows: z
      .array(
        z.object({
          id: z.string().min(1).max(L.rowId),
          title: z.string().min(1).max(L.rowTitle),
          description: z.string().min(1).max(L.rowDescription).optional(),
        }),
      )
      .min(1)
      .max(L.listRows),
    footer: z.string().min(1).max(L.footer).optional(),
  }),
  z.object({
    kind: z.literal('cta_url'),
    label: z.string().min(1).max(L.ctaText),
    url: z.url(),
    footer: z.string().min(1).max(L.footer).optional(),
  }),
]);
export type Interactive = z.infer<typeof interactiveSchema>;

export const quickTexts = ['REGISTER', 'HELP', 'CONFIRM', 'DENY', 'AVAILABILITY'] as const;

export const whatsappMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(WHATSAPP_LOG_SIZE),
});

// A phone as typed, checked by the server (and normalised to E.164 there, Mexico's 521 form too).
const phone = z.string().trim().min(1, 'Enter a phone number.').max(40, 'The phone number is too long.');

export const simulateMessageSchema = z.object({
  phone,
  text: z.string().trim().min(1, 'Enter a message.').max(4096, 'The message is too long.'),
  /** A tap instead of typed words: the id of the reply button or list row (its title is `text`). */
  replyId: z.string().trim().min(1).max(INTERACTIVE_LIMITS.buttonId).optional(),
});
export type SimulateMessageInput = z.infer<typeof simulateMessageSchema>;

/** send-whatsapp-notification {appointmentId, type: booking_request} or test-whatsapp-notification {test: true}. */
export const notifySchema = z.union([
  z.object({
    appointmentId: z.uuid('Choose a pending appointment.'),
    type: z.literal('booking_request').optional(),
  }),
  z.object({ test: z.literal(true), phone: phone.optional() }),
]);
export type NotifyInput = z.infer<typeof notifySchema>;

export const messageStatuses = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'logged',
  'received',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** One row of the message log (product §3 messages, ARCHITECTURE §3). */
export interface WhatsAppMessage {
  id: string;
  channel: 'whatsapp';
  direction: 'in' | 'out';
  body: string;
  phone: string | null;
  status: MessageStatus;
  error: string | null;
  external_id: string | null;
  vendor_profile_id: string | null;
  vendor_name: string | null;
  appointment_id: string | null;
  /** An outgoing message's buttons, list or URL button, as sent. */
  interactive: Interactive | null;
  created_at: string;
}

export interface PendingAppointment {
  id: string;
  code: string;
  vendor_name: string;
  service_name: string | null;
  start_time: string;
  vendor_has_phone: boolean;
}

export interface WhatsAppStatus {
  transport: 'cloud' | 'log';
  hasAccessToken: boolean;
  hasPhoneNumberId: boolean;
  hasAppSecret: boolean;
  hasVerifyToken: boolean;
  webhookUrl: string;
  verifyToken: string | null;
  counts: {
    totalMessages: number;
    last24Hours: number;
    vendorsWithPhone: number;
    pendingVendorBookings: number;
  };
}

/** `logged`: the check passed, and with the log transport messages are stored, not sent. */
export type SelfTestOutcome = 'passed' | 'logged' | 'failed' | 'skipped';
/** What a check found, for the status page to say in the reader's language. */
export type SelfTestReason =
  | 'webhook_secrets_missing'
  | 'webhook_handshake_failed'
  | 'webhook_delivery_refused'
  | 'webhook_ok'
  | 'notifications_overdue'
  | 'notifications_failed'
  | 'notifications_logged'
  | 'notifications_delivered'
  | 'credentials_connected'
  | 'credentials_refused'
  | 'credentials_unreachable'
  | 'credentials_log_transport';
export interface SelfTestCheck {
  name: 'webhook' | 'notification' | 'credentials';
  outcome: SelfTestOutcome;
  reason: SelfTestReason;
  /** The reason's particulars: a count, the settings missing, the provider's own answer. */
  params: Record<string, string | number>;
  /** In English, for logs and API clients; the page says `reason` in its own words. */
  message: string;
}
export interface SelfTestResult {
  ok: boolean;
  checks: SelfTestCheck[];
}
