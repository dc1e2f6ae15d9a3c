import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_VALUES_PER_DAY,
  type ContactInput,
  type DeleteContactsResponse,
  MAX_CONTACTS_PER_CALL,
  MAX_VALUES_PER_CONTACT,
  type ProcessContactsResponse,
  type RecommendationsResponse,
} from '../../../../shared/contacts.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const contactsKeys = { recommendations: ['me', 'recommendations'] as const };

/** GET /api/me/recommendations: score desc, then newest first (product §9). */
export function useRecommendations(enabled = true) {
  return useQuery({
    queryKey: contactsKeys.recommendations,
    queryFn: ({ signal }): Promise<RecommendationsResponse> =>
      unwrap(api.me.recommendations.$get({}, { init: { signal } })),
    enabled,
  });
}

type FittedContact = { name: string | null; phones: string[]; emails: string[] };

/** Fits one contact into the API's limits: the first values of each kind, within their lengths. */
function fit(contact: ContactInput): FittedContact {
  const clip = (values: readonly string[] | undefined, max: number) =>
    (values ?? [])
      .map((v) => v.trim())
      .filter((v) => v.length > 0 && v.length <= max)
      .slice(0, MAX_VALUES_PER_CONTACT);
  return {
    name: contact.name ? contact.name.slice(0, 500) : null,
    phones: clip(contact.phones, 100),
    emails: clip(contact.emails, 320),
  };
}

/**
 * The calls of one address book: at most 5,000 contacts and CONTACT_VALUES_PER_DAY phones and
 * emails each, so that every call fits in a day's budget of new values (decision 037). When the
 * day's budget runs out, the calls before it are kept and the rest can be sent another day.
 */
function parts(contacts: readonly FittedContact[]): FittedContact[][] {
  const out: FittedContact[][] = [];
  let part: FittedContact[] = [];
  let values = 0;
  for (const contact of contacts) {
    const count = contact.phones.length + contact.emails.length;
    if (
      part.length === MAX_CONTACTS_PER_CALL ||
      (part.length > 0 && values + count > CONTACT_VALUES_PER_DAY)
    ) {
      out.push(part);
      part = [];
      values = 0;
    }
    part.push(contact);
    values += count;
  }
  if (part.length > 0) out.push(part);
  return out;
}

/**
 * POST /api/me/contacts (product §7 process-contacts), in parts (above); the counts of the calls are
 * added up. The user is the session's: no userId is sent.
 */
export async function sendContacts(contacts: readonly ContactInput[]): Promise<ProcessContactsResponse> {
  const total: ProcessContactsResponse = {
    message: '',
    contacts: 0,
    phones: 0,
    emails: 0,
    recommendations: 0,
  };
  for (const contactsPart of parts(contacts.map(fit))) {
    const part = await unwrap(api.me.contacts.$post({ json: { contacts: contactsPart } }));
    total.message = part.message;
    total.contacts += part.contacts;
    total.phones += part.phones;
    total.emails += part.emails;
    total.recommendations += part.recommendations;
  }
  return total;
}

export function useProcessContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContacts,
    // Also after an error: the parts sent before it were processed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKeys.recommendations }),
  });
}

/** DELETE /api/me/contacts: Settings → "Delete my contacts data". */
export function useDeleteContactsData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DeleteContactsResponse> => unwrap(api.me.contacts.$delete()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKeys.recommendations }),
  });
}
