import { CARD_TAGS } from '../../../shared/constants.ts';
import { formatDuration, hourlyRateText, priceText } from '../../../shared/money.ts';
import type { PublicVendor } from '../../../shared/vendor.schemas.ts';

export type BrowsePrice = { kind: 'amount'; text: string } | { kind: 'contact' };

/**
 * product §9 "Browse price": the first service's price (services come in the order the vendor created
 * them), else 'Contact for pricing'. It reads as everywhere else: "$450 MXN · 3 h", "Gratis ·
 * 45 min"; a vendor who prices by the hour shows the first service's rate, "$150 MXN/hr".
 */
export function browsePrice(
  vendor: Pick<PublicVendor, 'services' | 'pricing_type'>,
  language: string,
): BrowsePrice {
  const first = vendor.services[0];
  if (!first) return { kind: 'contact' };
  const text =
    vendor.pricing_type === 'hourly' && first.price_cents > 0
      ? hourlyRateText(first.price_cents, first.duration_minutes, language)
      : `${priceText(first.price_cents, language)} · ${formatDuration(first.duration_minutes)}`;
  return { kind: 'amount', text };
}

/**
 * Up to `max` tags for a card (product §9: 3 on a vendor card, 2 on compact cards). What the vendor
 * offers says most, so the names of its services come first, then its certifications; repeats (in
 * any letter case) are dropped.
 */
export function cardTags(
  vendor: Pick<PublicVendor, 'services' | 'certifications'>,
  max: number = CARD_TAGS,
): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const candidate of [...vendor.services.map((s) => s.name), ...vendor.certifications]) {
    const tag = candidate.trim();
    const key = tag.toLocaleLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === max) break;
  }
  return tags;
}

/** The neighbourhood shown on a card: the first of the vendor's service areas, if any. */
export function primaryArea(vendor: Pick<PublicVendor, 'service_areas'>): string | undefined {
  return vendor.service_areas[0];
}
