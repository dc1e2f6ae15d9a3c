import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxProfileFields, TaxProfileResponse } from '../../../../shared/tax-profile.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

// The dashboard's Tax details (decision 098): GET and PUT /api/vendor/tax-profile. Under the
// `vendor-account` key, so that signing out drops them with the rest of the vendor's data.

export const taxProfileKey = ['vendor-account', 'tax-profile'] as const;

export function useTaxProfile() {
  return useQuery({
    queryKey: taxProfileKey,
    queryFn: ({ signal }): Promise<TaxProfileResponse> =>
      unwrap(api.vendor['tax-profile'].$get({}, { init: { signal } })),
  });
}

/** Saves the whole record; the answer is what the server kept (upper case, as SAT writes it). */
export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxProfileFields) => unwrap(api.vendor['tax-profile'].$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(taxProfileKey, saved),
  });
}
