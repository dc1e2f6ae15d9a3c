import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPayoutInput,
  AdminPayoutsDue,
  AdminPayoutsPaid,
  LedgerCheck,
} from '../../../../shared/payout.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

// The admin's Payouts tab (ARCHITECTURE §7.1, decision 064): the vendors due a payout or the latest
// payouts, recording a SPEI payout, and the ledger check.

const payoutsKey = (status: 'due' | 'paid') => [...adminKeys.all, 'payouts', status] as const;

export function useAdminPayoutsDue() {
  return useQuery({
    queryKey: payoutsKey('due'),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.payouts.$get({ query: { status: 'due' } }, { init: { signal } }),
      ) as Promise<AdminPayoutsDue>,
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayoutsPaid() {
  return useQuery({
    queryKey: payoutsKey('paid'),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.payouts.$get({ query: { status: 'paid' } }, { init: { signal } }),
      ) as Promise<AdminPayoutsPaid>,
    placeholderData: keepPreviousData,
  });
}

/** Records a SPEI payout of the vendor's whole available balance; every admin list is read again. */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPayoutInput) => unwrap(api.admin.payouts.$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The ledger check, run when the admin asks for it (it reads every entry): a mutation, not a query. */
export function useLedgerCheck() {
  return useMutation({
    mutationFn: (): Promise<LedgerCheck> => unwrap(api.admin.ledger.check.$get()),
  });
}
