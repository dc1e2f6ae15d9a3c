import type { ContactInput } from '../../../shared/contacts.ts';
import { parseVCards } from '../../../shared/contacts-vcard.ts';

// Where contacts come from on the web (product §4, §9): the Contact Picker API where the
// browser has it; otherwise the spec's web fallback of 2 sample contacts (labelled as samples) and
// a vCard file, the real way in everywhere.

/** product §4 contacts permission. */
export type ContactsPermission = 'unknown' | 'granted' | 'denied';

const storageKey = 'barrio.contactsPermission';

export function storedPermission(): ContactsPermission {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return value === 'granted' || value === 'denied' ? value : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function storePermission(permission: ContactsPermission) {
  try {
    if (permission === 'unknown') globalThis.localStorage?.removeItem(storageKey);
    else globalThis.localStorage?.setItem(storageKey, permission);
  } catch {
    // storage can be blocked; the state still holds for this visit
  }
}

interface PickedContact {
  name?: string[];
  tel?: string[];
  email?: string[];
}

interface ContactsManager {
  select(properties: string[], options?: { multiple?: boolean }): Promise<PickedContact[]>;
}

function contactsManager(): ContactsManager | undefined {
  const nav = globalThis.navigator as (Navigator & { contacts?: ContactsManager }) | undefined;
  return nav?.contacts && typeof nav.contacts.select === 'function' ? nav.contacts : undefined;
}

/** Whether the Contact Picker API is there (Chrome on Android, Safari behind a flag). */
export function hasContactPicker(): boolean {
  return contactsManager() !== undefined && globalThis.isSecureContext !== false;
}

/** Thrown when the browser or the person refuses access to the contacts. */
export class ContactsPermissionError extends Error {
  constructor(cause: unknown) {
    super('Contact permission denied', { cause });
    this.name = 'ContactsPermissionError';
  }
}

/** Opens the Contact Picker: the person chooses which contacts to share. */
export async function pickContacts(): Promise<ContactInput[]> {
  const manager = contactsManager();
  if (!manager) throw new ContactsPermissionError(new Error('Contact Picker API missing'));
  let picked: PickedContact[];
  try {
    picked = await manager.select(['name', 'tel', 'email'], { multiple: true });
  } catch (err) {
    throw new ContactsPermissionError(err);
  }
  return picked
    .map((c) => ({ name: c.name?.[0] ?? null, phones: c.tel ?? [], emails: c.email ?? [] }))
    .filter((c) => c.phones.length > 0 || c.emails.length > 0);
}

/**
 * product §9: on web, contact access falls back to 2 sample contacts. They are made up, shown as
 * samples, and use numbers and addresses reserved for fiction (555-01xx, example.com), so they
 * can never match a real person.
 */
export const sampleContacts: readonly ContactInput[] = [
  { name: 'Ana Ejemplo', phones: ['+1 202 555 0143'], emails: ['ana.ejemplo@example.com'] },
  { name: 'Luis Muestra', phones: ['+1 202 555 0178'], emails: ['luis.muestra@example.com'] },
];

/** The contacts of a .vcf file (the parser ships only in this lazily loaded chunk). */
export async function readVcfFile(file: Blob): Promise<ContactInput[]> {
  return parseVCards(await file.text());
}
