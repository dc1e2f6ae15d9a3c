import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { type Interactive, messageStatuses } from '../../../shared/whatsapp.schemas.ts';
import { appointments } from './bookings.ts';
import { createdAt, id } from './columns.ts';
import { vendorProfiles } from './vendors.ts';

// product §3 messages, plus external_id (the WhatsApp message id), phone, status, appointment, error.
export const messages = pgTable(
  'messages',
  {
    id: id(),
    channel: text('channel', { enum: ['whatsapp'] })
      .notNull()
      .default('whatsapp'),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    body: text('body').notNull(),
    vendorProfileId: uuid('vendor_profile_id').references(() => vendorProfiles.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    externalId: text('external_id').unique(),
    phone: text('phone'),
    status: text('status', { enum: messageStatuses }).notNull(),
    error: text('error'),
    /** An outgoing message's buttons, list or URL button as sent (the testing page shows them). */
    interactive: jsonb('interactive').$type<Interactive>(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_channel_created_idx').on(t.channel, t.createdAt.desc().nullsFirst())],
);

// Durable side effects (ARCHITECTURE §3): written in the same transaction as the change that causes them.
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind', { enum: ['whatsapp', 'mail'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

// Makes webhook handling idempotent (ARCHITECTURE §3): each provider event is applied once.
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider', { enum: ['stripe', 'whatsapp', 'sandbox'] }).notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('webhook_events_provider_event_unique').on(t.provider, t.eventId)],
);

// When a phone last got the short answer to a message that is not text (a sticker, an image, a
// location): at most one a day, decided by a conditional upsert so that every instance agrees.
export const whatsappNonTextAnswers = pgTable('whatsapp_non_text_answers', {
  phone: text('phone').primaryKey(),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
});

/**
 * What Barrio keeps of a phone that writes to it as a customer (decision 070): when it opted out of
 * WhatsApp (BAJA / STOP; cleared by ALTA or a booking with the consent ticked), and when it last got
 * the automatic answer to a reply (at most once in 24 hours). Both decided by conditional upserts,
 * so that every instance agrees.
 */
export const whatsappPhones = pgTable('whatsapp_phones', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
  autoAnsweredAt: timestamp('auto_answered_at', { withTimezone: true }),
});
