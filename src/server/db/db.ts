import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as auth from './schema/auth.ts';
import * as bookings from './schema/bookings.ts';
import * as calendarFeeds from './schema/calendar-feeds.ts';
import * as contacts from './schema/contacts.ts';
import * as ledger from './schema/ledger.ts';
import * as mail from './schema/mail.ts';
import * as media from './schema/media.ts';
import * as messaging from './schema/messaging.ts';
import * as search from './schema/search.ts';
import * as vendors from './schema/vendors.ts';

// The schema and the type every query is written against, apart from the client that opens a
// database, so that the steps the client runs after migrating (db/search-terms.ts,
// db/phone-repair.ts) can name the type without importing the client.

export const schema = {
  ...auth,
  ...vendors,
  ...bookings,
  ...messaging,
  ...contacts,
  ...mail,
  ...search,
  ...ledger,
  ...media,
  ...calendarFeeds,
};
export type Schema = typeof schema;

/** Both drivers' databases share this type; services take it and never know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
