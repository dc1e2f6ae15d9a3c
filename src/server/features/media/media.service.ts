import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { nameFromSlug, renderVendorAvatar, renderVendorCover } from './vendor-art.ts';

export type VendorImageKind = 'vendors' | 'covers';

/**
 * The SVG for a vendor's avatar or cover. The name and category come from the vendor's row; a slug
 * no vendor has (a deleted vendor, a wizard preview) still gets a picture, drawn from the slug.
 */
export async function renderVendorImage(db: Db, kind: VendorImageKind, slug: string): Promise<string> {
  const [vendor] = await db
    .select({ businessName: vendorProfiles.businessName, serviceCategory: vendorProfiles.serviceCategory })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.slug, slug))
    .limit(1);
  const art = {
    slug,
    businessName: vendor?.businessName ?? nameFromSlug(slug),
    serviceCategory: vendor?.serviceCategory ?? null,
  };
  return kind === 'vendors' ? renderVendorAvatar(art) : renderVendorCover(art);
}
