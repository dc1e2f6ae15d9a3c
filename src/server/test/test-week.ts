// The week the server's route tests live in, named once. "Now" is Sunday 2026-11-22 12:00 in Mexico
// City (UTC−6); vendors keep the default week (Mon–Fri 09:00–17:00), so the hours below are the first
// open ones after it. Starts are written as the API writes them back (`toISOString()`).

/** The origin the test apps are configured with (APP_URL) and their browsers send. */
export const APP_URL = 'http://barrio.test';

export const NOW = '2026-11-22T18:00:00Z';
export const MONDAY_9 = '2026-11-23T15:00:00.000Z';
export const MONDAY_10 = '2026-11-23T16:00:00.000Z';
export const MONDAY_11 = '2026-11-23T17:00:00.000Z';
export const TUESDAY_9 = '2026-11-24T15:00:00.000Z';
export const WEDNESDAY_9 = '2026-11-25T15:00:00.000Z';
export const WEDNESDAY_930 = '2026-11-25T15:30:00.000Z';
export const WEDNESDAY_11 = '2026-11-25T17:00:00.000Z';
export const THURSDAY_9 = '2026-11-26T15:00:00.000Z';

export const HOUR = 60 * 60_000;
