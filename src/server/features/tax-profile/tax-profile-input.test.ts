import { describe, expect, it } from 'vitest';
import { taxProfileMessages } from '../../../shared/tax-profile.schemas.ts';
import { rfcCheckDigitProblem, taxProfileServerSchema } from './tax-profile-input.ts';

// The RFC's check digit by SAT's algorithm (@nodecfdi/rfc): a person's and a company's, Ñ and &.

describe("an RFC's check digit", () => {
  it.each(['PEMJ800101AB6', 'BAR200101XY7', 'ÑUÑO900515AA7', 'MAR&980712Q24', 'LOPM960229K48'])(
    '%s stands',
    (rfc) => expect(rfcCheckDigitProblem(rfc)).toBeUndefined(),
  );

  it.each(['PEMJ800101AB7', 'BAR200101XY8', 'ÑUÑO900515AA8', 'LOPM960229K40'])('%s is refused', (rfc) =>
    expect(rfcCheckDigitProblem(rfc)).toBe(taxProfileMessages.rfcCheckDigit),
  );

  it('is left to the shape check when the RFC has no RFC shape', () => {
    expect(rfcCheckDigitProblem('12')).toBeUndefined();
  });

  it('is refused on the rfc field of the whole profile', () => {
    const result = taxProfileServerSchema.safeParse({
      rfc: 'PEMJ800101AB7',
      legal_name: 'Juana Pérez',
      tax_regime: '625',
      postal_code: '03100',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rfc', taxProfileMessages.rfcCheckDigit],
    ]);
  });
});
