import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import type { VendorSuggestions } from '../../../../shared/vendor.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/**
 * GET /api/vendors/suggest: what the search box offers for the text typed, asked once the
 * typing has settled (product §9's debounce) and only for text the search accepts.
 */
export function useVendorSuggestions(text: string, enabled: boolean) {
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['vendors', 'suggest', q.toLowerCase()],
    queryFn: ({ signal }): Promise<VendorSuggestions> =>
      unwrap(api.vendors.suggest.$get({ query: { q } }, { init: { signal } })),
    enabled: enabled && q.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
