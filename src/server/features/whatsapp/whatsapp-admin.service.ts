import { and, asc, count, desc, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type {
  NotifyInput,
  PendingAppointment,
  SelfTestCheck,
  SelfTestResult,
  SimulateMessageInput,
  WhatsAppMessage,
  WhatsAppStatus,
} from '../../../shared/whatsapp.schemas.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import type { WhatsAppTransport } from '../../integrations/whatsapp/whatsapp-transport.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CheckoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { vendorRequestResendText } from '../booking-lifecycle/booking-notifications.ts';
import { answerable, isAnswerable } from '../booking-lifecycle/booking-status.ts';
import { getBookingView, selectBookingViews } from '../booking-lifecycle/booking-view.ts';
import { processInbound, storeInbound } from './whatsapp-inbound.service.ts';
import { enqueueWhatsApp } from './whatsapp-outbound.service.ts';
import { normalizeWhatsAppPhone } from './whatsapp-phone.ts';
import {
  hasValidSignature,
  parseDelivery,
  signPayload,
  verifySubscription,
  webhookPayloadSchema,
} from './whatsapp-webhook.service.ts';

// The WhatsApp testing and status pages' server side (product §2, ARCHITECTURE §6): admin only.

const DAY_MS = 24 * 60 * 60_000;
const STUCK_MS = 10 * 60_000;

const messageColumns = {
  id: messages.id,
  channel: messages.channel,
  direction: messages.direction,
  body: messages.body,
  phone: messages.phone,
  status: messages.status,
  error: messages.error,
  externalId: messages.externalId,
  vendorProfileId: messages.vendorProfileId,
  vendorName: vendorProfiles.businessName,
  appointmentId: messages.appointmentId,
  interactive: messages.interactive,
  createdAt: messages.createdAt,
};

function selectMessages(db: Db) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(vendorProfiles, eq(vendorProfiles.id, messages.vendorProfileId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toMessage(row: MessageRow): WhatsAppMessage {
  return {
    id: row.id,
    channel: row.channel,
    direction: row.direction,
    body: row.body,
    phone: row.phone,
    status: row.status,
    error: row.error,
    external_id: row.externalId,
    vendor_profile_id: row.vendorProfileId,
    vendor_name: row.vendorName,
    appointment_id: row.appointmentId,
    interactive: row.interactive,
    created_at: row.createdAt.toISOString(),
  };
}

/** product §7 messages: channel whatsapp, newest first. */
export async function listMessages(db: Db, limit: number): Promise<WhatsAppMessage[]> {
  const rows = await selectMessages(db)
    .where(eq(messages.channel, 'whatsapp'))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map(toMessage);
}

export async function getMessage(db: Db, id: string): Promise<WhatsAppMessage | undefined> {
  const [row] = await selectMessages(db).where(eq(messages.id, id)).limit(1);
  return row && toMessage(row);
}

/** The testing page's "send a booking notification" list: requests still awaiting the vendor. */
export async function listPendingAppointments(db: Db, now: Date): Promise<PendingAppointment[]> {
  const rows = await selectBookingViews(db, answerable(now), {
    orderBy: asc(appointments.startTz),
    limit: 50,
  });
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    vendor_name: r.vendorName,
    service_name: r.serviceName,
    start_time: r.startTz.toISOString(),
    vendor_has_phone: Boolean(r.vendorPhone),
  }));
}

function requirePhone(input: string): string {
  const phone = normalizeWhatsAppPhone(input);
  if (!phone)
    throw new AppError('validation_failed', 'Enter a valid phone number with its country code.').because(
      'whatsapp_phone_invalid',
    );
  return phone;
}

/** A simulated incoming vendor message: stored and answered by the same code as the webhook's. */
export async function simulateIncoming({
  db,
  input,
  now,
  appUrl,
  checkout,
}: {
  db: Db;
  input: SimulateMessageInput;
  now: Date;
  appUrl: string;
  checkout: CheckoutDeps;
}) {
  const phone = requirePhone(input.phone);
  const [stored] = await storeInbound(db, [{ externalId: null, phone, body: input.text, receivedAt: now }]);
  // A tap on a button or list row of the log (decision 069): its title as the words, its id as the tap.
  const result = await processInbound({
    db,
    messageId: stored!.id,
    replyId: input.replyId,
    now,
    appUrl,
    checkout,
  });
  return { messageId: stored!.id, phone, command: result.command, reply: result.reply };
}

export interface NotifyResult {
  queued: true;
  to: string;
  transport: 'cloud' | 'log';
  hasAccessToken: boolean;
  hasPhoneNumberId: boolean;
}

/** send-whatsapp-notification / test-whatsapp-notification (product §7), through the outbox. */
export async function sendNotification({
  db,
  input,
  adminUserId,
  config,
  now,
}: {
  db: Db;
  input: NotifyInput;
  adminUserId: string;
  config: Pick<Config, 'whatsapp'>;
  now: Date;
}): Promise<NotifyResult> {
  const flags = {
    transport: config.whatsapp.token && config.whatsapp.phoneNumberId ? ('cloud' as const) : ('log' as const),
    hasAccessToken: Boolean(config.whatsapp.token),
    hasPhoneNumberId: Boolean(config.whatsapp.phoneNumberId),
  };
  if ('test' in input) {
    let target = input.phone;
    if (!target) {
      const [profile] = await db
        .select({ phone: profiles.phone })
        .from(profiles)
        .where(eq(profiles.userId, adminUserId))
        .limit(1);
      target = profile?.phone ?? undefined;
    }
    if (!target)
      throw new AppError(
        'validation_failed',
        'Enter the phone number to send the test notification to, or add a phone to your profile.',
      ).because('whatsapp_phone_missing');
    const to = requirePhone(target);
    await enqueueWhatsApp(db, { type: 'test', to });
    return { queued: true, to, ...flags };
  }

  const booking = await getBookingView(db, input.appointmentId);
  if (!booking) throw new AppError('not_found', 'Appointment not found.').because('booking_not_found');
  if (!isAnswerable(booking, now))
    throw new AppError('conflict', 'Only a booking awaiting the vendor’s answer can be notified.').because(
      'whatsapp_not_pending',
    );
  if (!booking.vendorPhone)
    throw new AppError('bad_request', 'This vendor has no WhatsApp number.').because(
      'whatsapp_vendor_no_phone',
    );

  // The request's own text carries the confirm links (their token is stored only hashed): resend it
  // as queued at booking time; without it, the same request built again, with the WhatsApp commands
  // instead of the links.
  const [original] = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'whatsapp'),
        sql`${outbox.payload}->>'type' = 'booking_request'`,
        sql`${outbox.payload}->>'appointmentId' = ${booking.id}`,
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const text =
    typeof original?.payload.text === 'string' ? original.payload.text : vendorRequestResendText(booking);
  await enqueueWhatsApp(db, {
    type: 'booking_request',
    to: booking.vendorPhone,
    appointmentId: booking.id,
    vendorProfileId: booking.vendorProfileId,
    text,
  });
  return { queued: true, to: booking.vendorPhone, ...flags };
}

/** The status page (product §2): flags (never secret values), the webhook URL, the four counters. */
export async function getStatus({
  db,
  config,
  now,
}: {
  db: Db;
  config: Pick<Config, 'whatsapp' | 'appUrl'>;
  now: Date;
}): Promise<WhatsAppStatus> {
  const { token, phoneNumberId, appSecret, verifyToken } = config.whatsapp;
  const [[total], [recent], [vendors], [pending]] = await Promise.all([
    db.select({ n: count() }).from(messages).where(eq(messages.channel, 'whatsapp')),
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.channel, 'whatsapp'), gt(messages.createdAt, new Date(now.getTime() - DAY_MS)))),
    db
      .select({ n: count() })
      .from(vendorProfiles)
      .where(and(isNotNull(vendorProfiles.businessPhone), ne(vendorProfiles.businessPhone, ''))),
    db.select({ n: count() }).from(appointments).where(eq(appointments.status, 'pending_vendor')),
  ]);
  return {
    transport: token && phoneNumberId ? 'cloud' : 'log',
    hasAccessToken: Boolean(token),
    hasPhoneNumberId: Boolean(phoneNumberId),
    hasAppSecret: Boolean(appSecret),
    hasVerifyToken: Boolean(verifyToken),
    webhookUrl: `${config.appUrl}/api/webhooks/whatsapp`,
    verifyToken: verifyToken ?? null,
    counts: {
      totalMessages: total?.n ?? 0,
      last24Hours: recent?.n ?? 0,
      vendorsWithPhone: vendors?.n ?? 0,
      pendingVendorBookings: pending?.n ?? 0,
    },
  };
}

/**
 * The status page's test (product §2): three checks. Webhook — the verify token answers Meta's
 * handshake and a delivery signed with the app secret passes our signature check and parses.
 * Notification — the outbox delivers WhatsApp items (none stuck past its retry time, none failed
 * in 24 h). Credentials — the transport reaches the Graph API with its token.
 */
export async function runSelfTest({
  db,
  config,
  transport,
  now,
}: {
  db: Db;
  config: Pick<Config, 'whatsapp'>;
  transport: WhatsAppTransport;
  now: Date;
}): Promise<SelfTestResult> {
  // With the log transport nothing reaches a phone, so the test says logged, not sent.
  const logged = !(config.whatsapp.token && config.whatsapp.phoneNumberId);
  const checks: SelfTestCheck[] = [webhookCheck(config, now), await notificationCheck(db, now, logged)];
  const credentials = await transport.checkCredentials();
  checks.push({ name: 'credentials', ...credentials });
  return { ok: checks.every((c) => c.outcome !== 'failed'), checks };
}

function webhookCheck(config: Pick<Config, 'whatsapp'>, now: Date): SelfTestCheck {
  const { appSecret, verifyToken } = config.whatsapp;
  const missing = [!verifyToken && 'WHATSAPP_VERIFY_TOKEN', !appSecret && 'WHATSAPP_APP_SECRET'].filter(
    Boolean,
  );
  if (missing.length)
    return {
      name: 'webhook',
      outcome: 'failed',
      reason: 'webhook_secrets_missing',
      params: { missing: missing.join(', ') },
      message: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: Meta's webhook calls would be refused.`,
    };
  const challenge = `barrio-${now.getTime()}`;
  if (verifySubscription({ mode: 'subscribe', token: verifyToken, challenge }, verifyToken) !== challenge)
    return {
      name: 'webhook',
      outcome: 'failed',
      reason: 'webhook_handshake_failed',
      params: {},
      message: 'The verification handshake failed.',
    };
  const body = Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                messages: [
                  { from: '525500000000', id: 'wamid.selftest', type: 'text', text: { body: 'HELP' } },
                ],
              },
            },
          ],
        },
      ],
    }),
  );
  const signed = hasValidSignature(body, signPayload(body, appSecret!), appSecret);
  const parsed = webhookPayloadSchema.safeParse(JSON.parse(body.toString()));
  if (!signed || !parsed.success || parseDelivery(parsed.data, now).inbound.length !== 1)
    return {
      name: 'webhook',
      outcome: 'failed',
      reason: 'webhook_delivery_refused',
      params: {},
      message: 'A signed sample delivery was not accepted.',
    };
  return {
    name: 'webhook',
    outcome: 'passed',
    reason: 'webhook_ok',
    params: {},
    message: 'The verify token answers the handshake and signed deliveries are accepted.',
  };
}

async function notificationCheck(db: Db, now: Date, logged: boolean): Promise<SelfTestCheck> {
  const [[stuck], [failed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'whatsapp'),
          eq(outbox.status, 'pending'),
          lte(outbox.nextAttemptAt, new Date(now.getTime() - STUCK_MS)),
        ),
      ),
    db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'whatsapp'),
          eq(outbox.status, 'failed'),
          gt(outbox.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
  ]);
  if ((stuck?.n ?? 0) > 0)
    return {
      name: 'notification',
      outcome: 'failed',
      reason: 'notifications_overdue',
      params: { count: stuck!.n },
      message: `${stuck!.n} WhatsApp notification(s) are overdue in the outbox: is the dispatcher running?`,
    };
  if ((failed?.n ?? 0) > 0)
    return {
      name: 'notification',
      outcome: 'failed',
      reason: 'notifications_failed',
      params: { count: failed!.n },
      message: `${failed!.n} WhatsApp notification(s) failed in the last 24 hours (see the outbox's last_error).`,
    };
  return logged
    ? {
        name: 'notification',
        outcome: 'logged',
        reason: 'notifications_logged',
        params: {},
        message:
          'WhatsApp notifications are processed and logged (log transport): stored in the message log, not sent.',
      }
    : {
        name: 'notification',
        outcome: 'passed',
        reason: 'notifications_delivered',
        params: {},
        message: 'WhatsApp notifications are being delivered.',
      };
}
