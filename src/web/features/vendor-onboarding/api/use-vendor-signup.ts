import { useMutation } from '@tanstack/react-query';
import type { Language } from '../../../../shared/language.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { toSignupRequest } from '../signup-form.ts';

type SignupBody = Parameters<typeof api.vendor.signup.$post>[0]['json'];

/** POST /api/vendor/signup (ARCHITECTURE §6): account, profile and vendor profile in one request. */
export function useVendorSignup() {
  return useMutation({
    mutationFn: (body: ReturnType<typeof toSignupRequest> & { language?: Language }) =>
      // hc types the body by the validator's OUTPUT (defaults filled in, phone already E.164);
      // we send the wizard's input, which the same schema turns into that output on the server.
      unwrap(api.vendor.signup.$post({ json: body as SignupBody })),
  });
}
