import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): emails compare the way people type them. */
export const citext = customType<{ data: string }>({
  dataType: () => 'citext',
});

/** A text-search document (ARCHITECTURE §3.6): written by the database's triggers, never by the app. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
