import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminKeys } from './admin-keys.ts';

/** The first page of a list as the admin's GET asks for it: from the start, `limit` rows. */
export interface FirstPage {
  offset: '0';
  limit: string;
}

/**
 * An admin list: its first `limit` rows and the number of all of them. "Load more" raises the
 * limit, so the list stays one request however far the admin has read; the rows shown stay while
 * the longer list loads.
 */
export function useAdminList<Data>(
  queryKey: QueryKey,
  limit: number,
  get: (page: FirstPage, signal: AbortSignal) => Promise<Data>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => get({ offset: '0', limit: String(limit) }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * An admin change: once it succeeds every admin query is refreshed (the cards and lists agree), and
 * with `publicLists` the public vendor lists this browser read too.
 */
export function useAdminMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  { publicLists = false }: { publicLists?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        publicLists ? queryClient.invalidateQueries({ queryKey: ['vendors'] }) : undefined,
      ]),
  });
}
