import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, UpdateProfileInput } from '../../../../shared/profile.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { meKeys } from '../../auth/api/use-me.ts';

/** PUT /api/me/profile (product §7 upsert); the answer replaces the profile in the session data. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => unwrap(api.me.profile.$put({ json: input })),
    onSuccess: (profile) => {
      queryClient.setQueryData<MeResponse | null>(meKeys.me, (me) => (me ? { ...me, profile } : me));
    },
  });
}
