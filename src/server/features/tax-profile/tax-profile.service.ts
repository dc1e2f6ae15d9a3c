import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type TaxProfile,
  type TaxProfileResponse,
  taxpayerKindOf,
} from '../../../shared/tax-profile.schemas.ts';
import type { Db } from '../../db/client.ts';
import { vendorTaxProfiles } from '../../db/schema/ledger.ts';
import type { taxProfileServerSchema } from './tax-profile-input.ts';

// A vendor's tax data (decision 098): one row per vendor, written whole by its owner.

type TaxProfileRow = typeof vendorTaxProfiles.$inferSelect;

function toTaxProfile(row: TaxProfileRow): TaxProfile {
  return {
    rfc: row.rfc,
    kind: taxpayerKindOf(row.rfc),
    legal_name: row.legalName,
    tax_regime: row.taxRegime,
    postal_code: row.postalCode,
    curp: row.curp,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The vendor's tax data, or null while it has given none. */
export async function getTaxProfile(db: Db, vendorProfileId: string): Promise<TaxProfileResponse> {
  const [row] = await db
    .select()
    .from(vendorTaxProfiles)
    .where(eq(vendorTaxProfiles.vendorProfileId, vendorProfileId));
  return { tax_profile: row ? toTaxProfile(row) : null };
}

/**
 * PUT: the whole record, as the form shows it (a CURP left out is no CURP). One statement, so that
 * two saves at once leave one of them whole, never a mix.
 */
export async function saveTaxProfile(
  db: Db,
  {
    vendorProfileId,
    input,
    now,
  }: { vendorProfileId: string; input: z.output<typeof taxProfileServerSchema>; now: Date },
): Promise<TaxProfileResponse> {
  const fields = {
    rfc: input.rfc,
    legalName: input.legal_name,
    taxRegime: input.tax_regime,
    postalCode: input.postal_code,
    curp: input.curp,
    updatedAt: now,
  };
  const [row] = await db
    .insert(vendorTaxProfiles)
    .values({ vendorProfileId, ...fields, createdAt: now })
    .onConflictDoUpdate({
      target: vendorTaxProfiles.vendorProfileId,
      set: { ...fields, createdAt: sql`${vendorTaxProfiles.createdAt}` },
    })
    .returning();
  return { tax_profile: toTaxProfile(row!) };
}
