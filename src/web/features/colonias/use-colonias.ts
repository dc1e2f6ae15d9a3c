import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColoniaSearchResponse } from '../../../shared/colonias.ts';
import { foldText } from '../../../shared/fold-text.ts';
import { api, unwrap } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Shorter than a search box's: a colonia is picked while typing its first letters. */
const COLONIA_DEBOUNCE_MS = 250;

/**
 * GET /api/colonias?q=: the city's colonias for a name, a postal code or an alcaldía (decision 073:
 * the catalogue stays on the server), once the typing settles; two letters at least.
 */
export function useColonias(text: string, enabled = true) {
  const q = useDebouncedValue(text.trim(), COLONIA_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['colonias', foldText(q)],
    queryFn: ({ signal }): Promise<ColoniaSearchResponse> =>
      unwrap(api.colonias.$get({ query: { q } }, { init: { signal } })),
    enabled: enabled && q.length >= 2,
    placeholderData: keepPreviousData,
    // The catalogue changes only with a deploy.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
