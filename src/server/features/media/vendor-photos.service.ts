import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  type PhotoKind,
  type PhotoPatchInput,
  type PhotoReviewInput,
  type PhotoStatus,
  type PhotoUploadResponse,
  type PhotoVariant,
  PORTFOLIO_MAX_PHOTOS,
  type PublicPhoto,
  type PublicPhotos,
  type VendorPhoto,
} from '../../../shared/vendor-photos.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type StoredVariant, vendorPhotos } from '../../db/schema/media.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import type { MediaStorage } from '../../integrations/media-storage/media-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { type ProcessedPhoto, type ProcessedVariant, processPhoto } from './photo-processing.ts';

// Decision 074: a vendor's photos. The variants are written to the media storage before the row that
// names them, and a refusal comes before either: nothing is stored for a refused upload. An approved
// vendor's new photo waits for an admin (decision 055's rule for identity: photos are part of it).

/** Where a stored variant is served: its key under /media/ (content-addressed, so never stale). */
export const variantUrl = (key: string) => `/media/${key}`;
const contentTypes = { webp: 'image/webp', jpeg: 'image/jpeg' } as const;
const keyOf = (photoId: string, v: ProcessedVariant) =>
  `photos/${photoId}/${v.hash}.${v.format === 'jpeg' ? 'jpg' : 'webp'}`;
/** A cover's link-preview JPEG is stored with the variants but is no srcset candidate. */
const isPreview = (v: StoredVariant) => v.key.endsWith('.jpg');

const notFound = () => new AppError('not_found', 'No such photo.');

export interface UploadPhotoOptions {
  storage: MediaStorage;
  logger: Logger;
  vendorProfileId: string;
  kind: PhotoKind;
  serviceId?: string | undefined;
  alt?: string | undefined;
  bytes: Uint8Array;
  now: Date;
}

export async function uploadPhoto(
  db: Db,
  { storage, logger, vendorProfileId, kind, serviceId, alt, bytes, now }: UploadPhotoOptions,
): Promise<PhotoUploadResponse> {
  // The cheap refusals first, then the costly one (decoding); the rows are checked again under the lock.
  if (serviceId) await assertOwnService(db, vendorProfileId, serviceId);
  if (kind === 'portfolio') await assertPortfolioRoom(db, vendorProfileId);
  const processed = await processPhoto(bytes, kind);

  const id = randomUUID();
  const variants = await putVariants(storage, id, processed);
  let replaced: string[];
  let status: PhotoStatus;
  try {
    ({ replaced, status } = await db.transaction(async (tx) => {
      const approvedVendor = await lockVendor(tx, vendorProfileId);
      if (kind === 'portfolio') await assertPortfolioRoom(tx, vendorProfileId);
      const status: PhotoStatus = approvedVendor ? 'pending' : 'approved';
      // One profile photo and one cover: a new one replaces the one waiting (an approved vendor's
      // public one stays until the new one is approved), or the one there (a vendor under review).
      const replaced =
        kind === 'portfolio'
          ? []
          : await tx
              .delete(vendorPhotos)
              .where(
                and(
                  eq(vendorPhotos.vendorProfileId, vendorProfileId),
                  eq(vendorPhotos.kind, kind),
                  approvedVendor ? eq(vendorPhotos.status, 'pending') : undefined,
                ),
              )
              .returning({ variants: vendorPhotos.variants });
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${vendorPhotos.position}) + 1, 0)::int` })
        .from(vendorPhotos)
        .where(and(eq(vendorPhotos.vendorProfileId, vendorProfileId), eq(vendorPhotos.kind, kind)))) as [
        { next: number },
      ];
      await tx.insert(vendorPhotos).values({
        id,
        vendorProfileId,
        kind,
        status,
        serviceId: serviceId ?? null,
        alt: alt || null,
        position: next,
        width: processed.width,
        height: processed.height,
        variants,
        createdAt: now,
        updatedAt: now,
      });
      return { replaced: replaced.flatMap((row) => row.variants.map((v) => v.key)), status };
    }));
  } catch (err) {
    await storage.delete(variants.map((v) => v.key)).catch(() => undefined);
    throw err;
  }
  await forget(storage, logger, replaced);
  return {
    id,
    status,
    urls: Object.fromEntries(
      variants.filter((v) => !isPreview(v)).map((v) => [`${v.width}w`, variantUrl(v.key)]),
    ),
  };
}

/**
 * Puts a processed photo's variants (and a cover's preview) into the media storage under their
 * content-addressed keys; what the photo's row names. Before the row, always (decision 075).
 */
export async function putVariants(
  storage: MediaStorage,
  photoId: string,
  processed: ProcessedPhoto,
): Promise<StoredVariant[]> {
  const made = [...processed.variants, ...(processed.preview ? [processed.preview] : [])];
  const variants = made.map((v) => ({ key: keyOf(photoId, v), width: v.width, height: v.height }));
  await Promise.all(
    made.map((v, i) =>
      storage.put(variants[i]!.key, { bytes: v.bytes, contentType: contentTypes[v.format] }),
    ),
  );
  return variants;
}

/** Locks the vendor's row for this transaction (a vendor's photo changes take turns); whether it is approved. */
async function lockVendor(tx: Tx, vendorProfileId: string): Promise<boolean> {
  const [vendor] = await tx
    .select({ status: vendorProfiles.applicationStatus })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId))
    .for('update');
  if (!vendor) throw notFound();
  return vendor.status === 'approved';
}

async function assertOwnService(db: Db | Tx, vendorProfileId: string, serviceId: string) {
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.vendorProfileId, vendorProfileId)));
  // Another vendor's service is as unknown as a missing one (ARCHITECTURE §10).
  if (!service)
    throw new AppError('not_found', 'No such service of yours.', { field: 'service_id' }).because(
      'photo_service_unknown',
    );
}

/** A vendor's portfolio photos that count (a removed one keeps its row only for the reason). */
const portfolioOf = (vendorProfileId: string) =>
  and(
    eq(vendorPhotos.vendorProfileId, vendorProfileId),
    eq(vendorPhotos.kind, 'portfolio'),
    ne(vendorPhotos.status, 'removed'),
  );

async function assertPortfolioRoom(db: Db | Tx, vendorProfileId: string) {
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(vendorPhotos)
    .where(portfolioOf(vendorProfileId))) as [{ count: number }];
  if (count >= PORTFOLIO_MAX_PHOTOS)
    throw new AppError(
      'conflict',
      `At most ${PORTFOLIO_MAX_PHOTOS} portfolio photos: delete one first.`,
    ).because('portfolio_full', { max: String(PORTFOLIO_MAX_PHOTOS) });
}

/** After the commit that let go of them: a failure leaves an unreachable object, logged, never an error. */
async function forget(storage: MediaStorage, logger: Logger, keys: string[]) {
  if (keys.length === 0) return;
  await storage.delete(keys).catch((err: unknown) => logger.warn({ err, keys }, 'media objects not deleted'));
}

const photoColumns = {
  id: vendorPhotos.id,
  vendorProfileId: vendorPhotos.vendorProfileId,
  kind: vendorPhotos.kind,
  status: vendorPhotos.status,
  serviceId: vendorPhotos.serviceId,
  alt: vendorPhotos.alt,
  position: vendorPhotos.position,
  width: vendorPhotos.width,
  height: vendorPhotos.height,
  variants: vendorPhotos.variants,
  removalReason: vendorPhotos.removalReason,
  createdAt: vendorPhotos.createdAt,
};
interface PhotoRow {
  id: string;
  vendorProfileId: string;
  kind: PhotoKind;
  status: PhotoStatus;
  serviceId: string | null;
  alt: string | null;
  position: number;
  width: number;
  height: number;
  variants: StoredVariant[];
  removalReason: string | null;
  createdAt: Date;
}

const srcsetOf = (variants: StoredVariant[]): PhotoVariant[] =>
  variants
    .filter((v) => !isPreview(v))
    .sort((a, b) => a.width - b.width)
    .map((v) => ({ url: variantUrl(v.key), width: v.width, height: v.height }));

function previewOf(variants: StoredVariant[]): PhotoVariant | null {
  const preview = variants.find(isPreview);
  return preview ? { url: variantUrl(preview.key), width: preview.width, height: preview.height } : null;
}

function toVendorPhoto(row: PhotoRow): VendorPhoto {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    service_id: row.serviceId,
    alt: row.alt,
    position: row.position,
    variants: srcsetOf(row.variants),
    removal_reason: row.removalReason,
    created_at: row.createdAt.toISOString(),
  };
}

const byKindAndPosition = [asc(vendorPhotos.kind), asc(vendorPhotos.position), asc(vendorPhotos.createdAt)];

/** The vendor's own photos, every status (a removed one with its reason). */
export async function listOwnPhotos(db: Db, vendorProfileId: string): Promise<VendorPhoto[]> {
  const rows = await db
    .select(photoColumns)
    .from(vendorPhotos)
    .where(eq(vendorPhotos.vendorProfileId, vendorProfileId))
    .orderBy(...byKindAndPosition);
  return rows.map(toVendorPhoto);
}

/** PATCH: the alt text and the service, exactly the fields named; published at once (descriptive). */
export async function updatePhoto(
  db: Db,
  {
    vendorProfileId,
    id,
    input,
    now,
  }: { vendorProfileId: string; id: string; input: PhotoPatchInput; now: Date },
): Promise<VendorPhoto> {
  if (input.service_id) await assertOwnService(db, vendorProfileId, input.service_id);
  const set: Partial<typeof vendorPhotos.$inferInsert> = { updatedAt: now };
  if (input.alt !== undefined) set.alt = input.alt || null;
  if (input.service_id !== undefined) set.serviceId = input.service_id;
  const [row] = await db
    .update(vendorPhotos)
    .set(set)
    .where(and(eq(vendorPhotos.id, id), eq(vendorPhotos.vendorProfileId, vendorProfileId)))
    .returning(photoColumns);
  if (!row) throw notFound();
  return toVendorPhoto(row);
}

export async function deletePhoto(
  db: Db,
  {
    storage,
    logger,
    vendorProfileId,
    id,
  }: { storage: MediaStorage; logger: Logger; vendorProfileId: string; id: string },
): Promise<{ id: string }> {
  const [row] = await db
    .delete(vendorPhotos)
    .where(and(eq(vendorPhotos.id, id), eq(vendorPhotos.vendorProfileId, vendorProfileId)))
    .returning({ variants: vendorPhotos.variants });
  if (!row) throw notFound();
  await forget(
    storage,
    logger,
    row.variants.map((v) => v.key),
  );
  return { id };
}

/** PUT order: every portfolio photo of the vendor (not removed), each once, in the new order. */
export async function reorderPhotos(
  db: Db,
  { vendorProfileId, ids, now }: { vendorProfileId: string; ids: string[]; now: Date },
): Promise<VendorPhoto[]> {
  await db.transaction(async (tx) => {
    await lockVendor(tx, vendorProfileId);
    const current = await tx
      .select({ id: vendorPhotos.id })
      .from(vendorPhotos)
      .where(portfolioOf(vendorProfileId));
    const known = new Set(current.map((row) => row.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw new AppError('validation_failed', 'Name every portfolio photo once, in the new order.', {
        issues: [{ path: 'ids', message: 'Name every portfolio photo once, in the new order.' }],
      }).because('photo_order_incomplete');
    if (ids.length === 0) return;
    // One statement: position = the id's index in the list.
    await tx
      .update(vendorPhotos)
      .set({
        position: sql`array_position(${sql.param(ids)}::uuid[], ${vendorPhotos.id}) - 1`,
        updatedAt: now,
      })
      .where(and(eq(vendorPhotos.vendorProfileId, vendorProfileId), inArray(vendorPhotos.id, ids)));
  });
  return listOwnPhotos(db, vendorProfileId);
}

/** The photos waiting for an admin, oldest first, with their vendor's name. */
export async function listPendingPhotos(db: Db) {
  const rows = await db
    .select({ ...photoColumns, businessName: vendorProfiles.businessName, slug: vendorProfiles.slug })
    .from(vendorPhotos)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, vendorPhotos.vendorProfileId))
    .where(eq(vendorPhotos.status, 'pending'))
    .orderBy(asc(vendorPhotos.createdAt))
    .limit(100);
  return {
    items: rows.map((row) => ({
      ...toVendorPhoto(row),
      vendor: { id: row.vendorProfileId, business_name: row.businessName, slug: row.slug },
    })),
  };
}

/**
 * An admin approves a pending photo (a new profile photo or cover replaces the public one) or
 * removes a pending or approved one with the reason the vendor reads by mail. One conditional
 * UPDATE on the status read: a photo another admin decided first is 409.
 */
export async function reviewPhoto(
  db: Db,
  {
    storage,
    logger,
    id,
    input,
    now,
    appUrl,
  }: {
    storage: MediaStorage;
    logger: Logger;
    id: string;
    input: PhotoReviewInput;
    now: Date;
    appUrl: string;
  },
): Promise<VendorPhoto> {
  const { photo, dropped } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ vendorProfileId: vendorPhotos.vendorProfileId, variants: vendorPhotos.variants })
      .from(vendorPhotos)
      .where(eq(vendorPhotos.id, id));
    if (!current) throw notFound();
    await lockVendor(tx, current.vendorProfileId);
    const approve = input.decision === 'approve';
    const [photo] = await tx
      .update(vendorPhotos)
      .set(
        approve
          ? { status: 'approved', reviewedAt: now, updatedAt: now }
          : {
              status: 'removed',
              removalReason: input.message ?? null,
              variants: [],
              reviewedAt: now,
              updatedAt: now,
            },
      )
      .where(
        and(
          eq(vendorPhotos.id, id),
          approve
            ? eq(vendorPhotos.status, 'pending')
            : inArray(vendorPhotos.status, ['pending', 'approved']),
        ),
      )
      .returning(photoColumns);
    if (!photo)
      throw new AppError('conflict', 'This photo was decided already. Reload.').because(
        'photo_decided_by_other',
      );
    let dropped: string[] = [];
    if (approve && photo.kind !== 'portfolio') {
      const old = await tx
        .delete(vendorPhotos)
        .where(
          and(
            eq(vendorPhotos.vendorProfileId, photo.vendorProfileId),
            eq(vendorPhotos.kind, photo.kind),
            eq(vendorPhotos.status, 'approved'),
            ne(vendorPhotos.id, id),
          ),
        )
        .returning({ variants: vendorPhotos.variants });
      dropped = old.flatMap((row) => row.variants.map((v) => v.key));
    }
    if (!approve) {
      dropped = current.variants.map((v) => v.key);
      const [vendor] = await tx
        .select({ email: vendorProfiles.businessEmail, businessName: vendorProfiles.businessName })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.id, photo.vendorProfileId));
      if (vendor?.email)
        await enqueueMail(
          tx,
          photoRemovedMail(vendor.email, {
            businessName: vendor.businessName,
            kind: photo.kind,
            message: input.message ?? '',
            dashboardUrl: `${appUrl}/vendor/dashboard`,
          }),
        );
    }
    return { photo, dropped };
  });
  await forget(storage, logger, dropped);
  return toVendorPhoto(photo);
}

const kindNames: Record<PhotoKind, string> = {
  profile: 'tu foto de perfil',
  cover: 'tu portada',
  portfolio: 'una foto de tu portafolio',
};

/** In Spanish, like every message to vendors (ARCHITECTURE §8). */
function photoRemovedMail(
  to: string,
  facts: { businessName: string; kind: PhotoKind; message: string; dashboardUrl: string },
) {
  return {
    to,
    subject: `Quitamos una foto de ${facts.businessName} en Barrio`,
    text: [
      'Hola:',
      '',
      `Revisamos ${kindNames[facts.kind]} y no podemos mostrarla en Barrio, por esta razón:`,
      '',
      facts.message,
      '',
      `Puedes subir otra desde tu panel: ${facts.dashboardUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** A public photo as `publicPhotosJson` reads it. */
export interface PublicPhotoRow {
  id: string;
  kind: PhotoKind;
  alt: string | null;
  service_id: string | null;
  width: number;
  height: number;
  variants: StoredVariant[];
}

/**
 * The approved photos of the vendor `vendorId` names, as one JSON array (null when none), in the
 * order of the vendor's index: a column of the statement that reads the vendor, so that a page of
 * vendors costs no statement of its own (decision 080). `kinds`: which photos (a card needs the
 * profile photo and the cover only).
 */
export function publicPhotosJson(vendorId: SQL, kinds: readonly PhotoKind[]) {
  return sql<
    PublicPhotoRow[] | null
  >`(select json_agg(json_build_object('id', ${vendorPhotos.id}, 'kind', ${vendorPhotos.kind}, 'alt', ${vendorPhotos.alt}, 'service_id', ${vendorPhotos.serviceId}, 'width', ${vendorPhotos.width}, 'height', ${vendorPhotos.height}, 'variants', ${vendorPhotos.variants}) order by ${vendorPhotos.kind}, ${vendorPhotos.position}, ${vendorPhotos.createdAt})
    from ${vendorPhotos}
    where ${vendorPhotos.vendorProfileId} = ${vendorId} and ${vendorPhotos.status} = 'approved'
      and ${vendorPhotos.kind} in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}))`;
}

/** A vendor's public photos from `publicPhotosJson`'s rows (the initials art stays the fallback). */
export function publicPhotosFrom(rows: PublicPhotoRow[] | null): PublicPhotos {
  const photos: PublicPhotos = { profile: null, cover: null, portfolio: [] };
  for (const row of rows ?? []) {
    const photo: PublicPhoto = {
      id: row.id,
      alt: row.alt,
      service_id: row.service_id,
      width: row.width,
      height: row.height,
      variants: srcsetOf(row.variants),
      preview: previewOf(row.variants),
    };
    if (row.kind === 'portfolio') photos.portfolio.push(photo);
    else photos[row.kind] = photo;
  }
  return photos;
}

/**
 * A variant as served at /media/photos/…: its key, and whether the public may see it (an approved
 * photo's). Undefined when no photo of that id names that key.
 */
export async function photoVariantOf(
  db: Db,
  { photoId, key }: { photoId: string; key: string },
): Promise<{ vendorProfileId: string; approved: boolean } | undefined> {
  const [row] = await db
    .select({
      vendorProfileId: vendorPhotos.vendorProfileId,
      status: vendorPhotos.status,
      variants: vendorPhotos.variants,
    })
    .from(vendorPhotos)
    .where(eq(vendorPhotos.id, photoId));
  if (!row?.variants.some((v) => v.key === key)) return undefined;
  return { vendorProfileId: row.vendorProfileId, approved: row.status === 'approved' };
}
