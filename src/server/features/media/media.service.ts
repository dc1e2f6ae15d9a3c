import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { publiclyListed } from '../vendors/vendors.service.ts';
import { svgToPng } from './rasterize.ts';
import {
  nameFromSlug,
  renderVendorAvatar,
  renderVendorCover,
  renderVendorPreview,
  type VendorArt,
} from './vendor-art.ts';

export type VendorImageKind = 'vendors' | 'covers';

/**
 * The SVG for a vendor's avatar or cover. The name and category come from the vendor's row; a slug
 * no vendor has (a deleted vendor, a wizard preview) still gets a picture, drawn from the slug.
 */
export async function renderVendorImage(db: Db, kind: VendorImageKind, slug: string): Promise<string> {
  const art = await vendorArt(db, slug);
  return kind === 'vendors' ? renderVendorAvatar(art) : renderVendorCover(art);
}

/** The picture a shared profile link shows in a chat or a feed, 1200×630, as PNG. */
export const previewSize = { width: 1200, height: 630 } as const;

const previewCache = new Map<string, Uint8Array>();
const previewCacheSize = 200;

/**
 * Undefined for a slug that names no public vendor: rasterizing is the costly part of
 * the media routes, so a made-up slug must not buy a fresh PNG per request.
 */
export async function renderVendorPreviewPng(db: Db, slug: string): Promise<Uint8Array | undefined> {
  const [vendor] = await db
    .select({ businessName: vendorProfiles.businessName, serviceCategory: vendorProfiles.serviceCategory })
    .from(vendorProfiles)
    .where(and(eq(vendorProfiles.slug, slug), publiclyListed))
    .limit(1);
  if (!vendor) return undefined;
  const svg = renderVendorPreview({ slug, ...vendor });
  // The same SVG always gives the same PNG: the most shared profiles are drawn once.
  const cached = previewCache.get(svg);
  if (cached) return cached;
  const png = await svgToPng(svg);
  if (previewCache.size >= previewCacheSize) previewCache.delete(previewCache.keys().next().value!);
  previewCache.set(svg, png);
  return png;
}

async function vendorArt(db: Db, slug: string): Promise<VendorArt> {
  const [vendor] = await db
    .select({ businessName: vendorProfiles.businessName, serviceCategory: vendorProfiles.serviceCategory })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.slug, slug))
    .limit(1);
  return {
    slug,
    businessName: vendor?.businessName ?? nameFromSlug(slug),
    serviceCategory: vendor?.serviceCategory ?? null,
  };
}
