import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContactInput,
  type DeleteContactsResponse,
  MAX_CONTACTS_PER_CALL,
  MAX_VALUES_PER_CONTACT,
  type ProcessContactsResponse,
  type RecommendationsResponse,
} from '../../../../shared/contacts.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const contactsKeys = { recommendations: ['me', 'recommendations'] as const };

/** GET /api/me/recommendations: score desc, then newest first (spec §9). */
export function useRecommendations(enabled = true) {
  return useQuery({
    queryKey: contactsKeys.recommendations,
    queryFn: ({ signal }): Promise<RecommendationsResponse> =>
      unwrap(api.me.recommendations.$get({}, { init: { signal } })),
    enabled,
  });
}

/** Fits one contact into the API's limits: the first values of each kind, within their lengths. */
function fit(contact: ContactInput): { name: string | null; phones: string[]; emails: string[] } {
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
 * POST /api/me/contacts (spec §7 process-contacts), 5,000 contacts per call; the counts of the
 * calls are added up. The user is the session's: no userId is sent.
 */
export async function sendContacts(contacts: readonly ContactInput[]): Promise<ProcessContactsResponse> {
  const total: ProcessContactsResponse = {
    message: '',
    contacts: 0,
    phones: 0,
    emails: 0,
    recommendations: 0,
  };
  const fitted = contacts.map(fit);
  for (let i = 0; i < fitted.length; i += MAX_CONTACTS_PER_CALL) {
    const part = await unwrap(
      api.me.contacts.$post({ json: { contacts: fitted.slice(i, i + MAX_CONTACTS_PER_CALL) } }),
    );
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKeys.recommendations }),
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
