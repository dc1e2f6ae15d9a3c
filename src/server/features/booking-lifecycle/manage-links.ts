import { createHmac, timingSafeEqual } from 'node:crypto';

// The customer's booking page link (decision 044): `/booking/{code}?token=…`. The token is
// the booking's id and an HMAC of it under the server's secret, so every mail about the booking can
// carry it without the token being stored anywhere; it opens the page until 30 days after the
// appointment (checked by the page's API against the booking's end).

const PURPOSE = 'barrio:booking-manage:v1\0';
/** 192 bits of the HMAC-SHA256: beyond guessing, and a shorter link. */
const MAC_BYTES = 24;
const ID_BYTES = 16;
/** The page opens until this long after the appointment's end. */
export const MANAGE_LINK_DAYS_AFTER = 30;

const idBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const mac = (secret: string, id: Buffer) =>
  createHmac('sha256', secret).update(PURPOSE).update(id).digest().subarray(0, MAC_BYTES);

/** The token of a booking's page: its id and the id's HMAC, base64url (54 characters). */
export function manageToken(secret: string, appointmentId: string): string {
  const id = idBytes(appointmentId);
  return Buffer.concat([id, mac(secret, id)]).toString('base64url');
}

/** The booking id a token opens, or undefined when it was not made with this secret. */
export function appointmentIdOfManageToken(secret: string, token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // One spelling per token: the last character's spare bits must be zero, as we write them.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(secret, id))) return undefined;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a booking's page still opens at `now`: until 30 days after its end. */
export function manageLinkOpen(end: Date, now: Date): boolean {
  return now.getTime() <= end.getTime() + MANAGE_LINK_DAYS_AFTER * 24 * 60 * 60_000;
}

/** The path of a booking's page, as the web app routes it. */
export function managePath(secret: string, booking: { id: string; code: string }): string {
  return `/booking/${booking.code}?token=${manageToken(secret, booking.id)}`;
}

/** The full address of a booking's page, for mails and WhatsApp messages. */
export type ManageLink = (booking: { id: string; code: string }) => string;

export function manageLinkOf({ appUrl, secret }: { appUrl: string; secret: string }): ManageLink {
  return (booking) => `${appUrl}${managePath(secret, booking)}`;
}

/**
 * The path of a booking's review page (decision 066): the page's own token, so that the customer
 * holds one credential per booking, opening both pages until 30 days after the appointment.
 */
export function reviewPath(secret: string, booking: { id: string; code: string }): string {
  return `/review/${booking.code}?token=${manageToken(secret, booking.id)}`;
}

/** The review page's full address, from the booking page's (whose token it carries). */
export function reviewUrlOf(manageUrl: string): string {
  return manageUrl.replace(/\/booking\/(?=[^/?]+\?token=)/, '/review/');
}

/**
 * The booking form for the same service at the time a vendor offered with a decline (decision
 * 096): the vendor's profile with the service and the time chosen, the form in view.
 */
export function offeredBookingPath(booking: { vendorSlug: string; serviceId: string }, start: Date): string {
  const query = new URLSearchParams({
    tab: 'services',
    service: booking.serviceId,
    start: start.toISOString(),
  });
  return `/public/vendor/${encodeURIComponent(booking.vendorSlug)}?${query.toString()}#book`;
}

/** A page of the site the booking page's address is on (mails carry full addresses). */
export function siteUrlOf(manageUrl: string, path: string): string {
  return `${manageUrl.replace(/\/booking\/.*$/, '')}${path}`;
}
