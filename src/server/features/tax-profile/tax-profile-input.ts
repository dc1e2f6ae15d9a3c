import { Rfc } from '@nodecfdi/rfc';
import {
  rfcProblem,
  taxProfileInputSchema,
  taxProfileMessages,
} from '../../../shared/tax-profile.schemas.ts';

// The tax profile as the server accepts it (decision 098): the shared schema, and the RFC's check
// digit by SAT's algorithm as @nodecfdi/rfc computes it.

/** Whether an RFC that has the right shape ends in the wrong check digit. */
export function rfcCheckDigitProblem(rfc: string): string | undefined {
  if (rfcProblem(rfc)) return undefined;
  const parsed = Rfc.parseOrNull(rfc);
  return parsed?.doesCheckSumMatch() ? undefined : taxProfileMessages.rfcCheckDigit;
}

export const taxProfileServerSchema = taxProfileInputSchema.superRefine((input, ctx) => {
  const problem = rfcCheckDigitProblem(input.rfc);
  if (problem) ctx.addIssue({ code: 'custom', path: ['rfc'], message: problem });
});
