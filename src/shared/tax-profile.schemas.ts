import { z } from 'zod';
import { taxRegimeCodes, taxRegimeOf } from './tax-regimes.ts';

// GET/PUT /api/vendor/tax-profile: the data Mexico's digital-platform regime asks Barrio to keep of
// each vendor it collects for (decision 098): RFC, name and regime as SAT has
// them, the tax postal code, and for an individual optionally the CURP. Private: its owner and the
// admins read it, nobody else.

export const taxProfileMessages = {
  rfcFormat: 'An RFC has 13 characters for a person (4 letters, 6 digits, 3 characters) or 12 for a company.',
  rfcDate: 'The six digits after the letters are a date (YYMMDD): check them.',
  rfcCheckDigit: 'This RFC is not valid: check its last character.',
  rfcGeneric: 'Use your own RFC, not a generic one.',
  legalNameRequired: 'Enter your name or company name as on your Constancia de Situación Fiscal.',
  legalNameTooLong: 'The name is too long.',
  regime: 'Choose your tax regime.',
  regimeKind: 'That regime is not for this kind of RFC (a person’s or a company’s).',
  postalCode: 'A postal code has 5 digits.',
  curpFormat: 'A CURP has 18 characters: check it.',
  curpCompany: 'A company has no CURP: leave it empty.',
} as const;

/** What the law calls a persona física (13 characters) or moral (12). */
export type TaxpayerKind = 'fisica' | 'moral';
export const taxpayerKindOf = (rfc: string): TaxpayerKind => (rfc.length === 12 ? 'moral' : 'fisica');

/** SAT's RFC shape: 3 (company) or 4 (person) letters, the date YYMMDD, a 2-character key and the check digit. */
const RFC_SHAPE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;
/** RENAPO's CURP shape; its last digit is a check digit SAT does not ask for here. */
const CURP_SHAPE =
  /^[A-Z][AEIOUX][A-Z]{2}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/;
const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'];

/**
 * Why an RFC (upper case, no spaces) is refused by its shape, date or a generic value, or undefined.
 * Its check digit is the server's to check (rfcCheckDigitProblem, with @nodecfdi/rfc, whose date
 * library would weigh on the dashboard); the form shows that refusal beside the field as well.
 */
export function rfcProblem(rfc: string): string | undefined {
  const shape = RFC_SHAPE.exec(rfc);
  if (!shape) return taxProfileMessages.rfcFormat;
  if (GENERIC_RFCS.includes(rfc)) return taxProfileMessages.rfcGeneric;
  const [, , , mm, dd] = shape;
  const month = Number(mm);
  const day = Number(dd);
  // Any year: two digits name a year in either century, and February 29 only in a leap one.
  const leapYear = new Date(Date.UTC(2000 + Number(shape[2]), 1, 29)).getUTCDate() === 29;
  const days = [31, leapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (!days || day < 1 || day > days) return taxProfileMessages.rfcDate;
  return undefined;
}

const upperNoSpaces = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const taxProfileInputSchema = z
  .object({
    rfc: z
      .string()
      .transform(upperNoSpaces)
      .superRefine((rfc, ctx) => {
        const problem = rfcProblem(rfc);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    // As SAT registers it: upper case, one space between words (CFDI 4.0 compares it so).
    legal_name: z
      .string()
      .transform((name) => name.trim().replace(/\s+/g, ' ').toUpperCase())
      .pipe(
        z.string().min(2, taxProfileMessages.legalNameRequired).max(254, taxProfileMessages.legalNameTooLong),
      ),
    tax_regime: z.enum(taxRegimeCodes, taxProfileMessages.regime),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/, taxProfileMessages.postalCode),
    curp: z
      .string()
      .transform(upperNoSpaces)
      .pipe(z.union([z.literal(''), z.string().regex(CURP_SHAPE, taxProfileMessages.curpFormat)]))
      // None: left out, empty or null (what the form's own output sends back).
      .nullish()
      .transform((curp) => curp || null),
  })
  .superRefine((input, ctx) => {
    if (rfcProblem(input.rfc)) return;
    const kind = taxpayerKindOf(input.rfc);
    const regime = taxRegimeOf(input.tax_regime);
    if (regime && !regime[kind])
      ctx.addIssue({ code: 'custom', path: ['tax_regime'], message: taxProfileMessages.regimeKind });
    if (kind === 'moral' && input.curp)
      ctx.addIssue({ code: 'custom', path: ['curp'], message: taxProfileMessages.curpCompany });
  });
export type TaxProfileInput = z.input<typeof taxProfileInputSchema>;
/** What the form hands over once checked, and what the dashboard sends. */
export type TaxProfileFields = z.output<typeof taxProfileInputSchema>;

/** The vendor's tax data as its owner reads it back. */
export interface TaxProfile {
  rfc: string;
  kind: TaxpayerKind;
  legal_name: string;
  tax_regime: string;
  postal_code: string;
  curp: string | null;
  updated_at: string;
}

export interface TaxProfileResponse {
  tax_profile: TaxProfile | null;
}
