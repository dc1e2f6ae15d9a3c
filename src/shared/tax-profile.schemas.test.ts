import { describe, expect, it } from 'vitest';
import { rfcProblem, taxProfileInputSchema, taxProfileMessages } from './tax-profile.schemas.ts';

// Decision 098: the RFC's shape and date (its check digit: tax-profile-input.test.ts), the regime
// against the kind of taxpayer, and the CURP of a person only.

const person = {
  rfc: 'PEMJ800101AB6',
  legal_name: 'Juana Pérez Martínez',
  tax_regime: '625',
  postal_code: '03100',
};

describe('an RFC', () => {
  it.each([
    'PEMJ800101AB6', // a person
    'BAR200101XY7', // a company: three letters
    'ÑUÑO900515AA7',
    'MAR&980712Q24',
    'LOPM960229K48', // 29 February of a leap year
  ])('%s stands', (rfc) => expect(rfcProblem(rfc)).toBeUndefined());

  it.each([
    ['GOMA850229H74', taxProfileMessages.rfcDate], // 1985 was not a leap year
    ['PEMJ801301AB6', taxProfileMessages.rfcDate],
    ['PEMJ800100AB6', taxProfileMessages.rfcDate],
    ['PEMJ80010AB6', taxProfileMessages.rfcFormat],
    ['PE1J800101AB6', taxProfileMessages.rfcFormat],
    ['PEMJ800101AB', taxProfileMessages.rfcFormat],
    ['XAXX010101000', taxProfileMessages.rfcGeneric],
    ['XEXX010101000', taxProfileMessages.rfcGeneric],
  ])('%s is refused: %s', (rfc, message) => expect(rfcProblem(rfc)).toBe(message));
});

describe('the tax profile as sent', () => {
  it('is read as SAT writes it: upper case, no spaces, one space between words', () => {
    expect(
      taxProfileInputSchema.parse({
        ...person,
        rfc: ' pemj-800101 ab6 ',
        legal_name: '  Juana   Pérez Martínez ',
        curp: 'pemj800101mdfrrn09',
      }),
    ).toEqual({
      rfc: 'PEMJ800101AB6',
      legal_name: 'JUANA PÉREZ MARTÍNEZ',
      tax_regime: '625',
      postal_code: '03100',
      curp: 'PEMJ800101MDFRRN09',
    });
    expect(taxProfileInputSchema.parse({ ...person, curp: '' }).curp).toBeNull();
    expect(taxProfileInputSchema.parse(person).curp).toBeNull();
    expect(taxProfileInputSchema.parse({ ...person, curp: null }).curp).toBeNull();
  });

  it('refuses a regime of the other kind of taxpayer, and a CURP for a company', () => {
    const issues = (input: object) =>
      taxProfileInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...person, tax_regime: '601' })).toEqual([['tax_regime', taxProfileMessages.regimeKind]]);
    expect(issues({ ...person, rfc: 'BAR200101XY7', tax_regime: '625' })).toEqual([
      ['tax_regime', taxProfileMessages.regimeKind],
    ]);
    expect(issues({ ...person, rfc: 'BAR200101XY7', tax_regime: '626', curp: 'PEMJ800101MDFRRN09' })).toEqual(
      [['curp', taxProfileMessages.curpCompany]],
    );
    // RESICO is open to both.
    expect(issues({ ...person, rfc: 'BAR200101XY7', tax_regime: '626' })).toBeUndefined();
    expect(issues({ ...person, tax_regime: '605' })).toEqual([['tax_regime', taxProfileMessages.regime]]);
    expect(issues({ ...person, postal_code: '3100' })).toEqual([
      ['postal_code', taxProfileMessages.postalCode],
    ]);
    expect(issues({ ...person, curp: 'PEMJ800101' })).toEqual([['curp', taxProfileMessages.curpFormat]]);
    expect(issues({ ...person, legal_name: ' ' })).toEqual([
      ['legal_name', taxProfileMessages.legalNameRequired],
    ]);
  });
});
