import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { PhotoKind } from '../../../shared/vendor-photos.ts';
import type { Tx } from '../../db/client.ts';
import { vendorPhotos } from '../../db/schema/media.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import type { MediaStorage } from '../../integrations/media-storage/media-storage.ts';
import { type ArtName, art, svgOf } from './demo-photo-art.ts';
import { processPhoto } from './photo-processing.ts';
import { putVariants } from './vendor-photos.service.ts';

// The demo's photos (decision 074): a few named vendors get a cover, a profile photo and a portfolio,
// approved, so that a fresh `npm start` shows every place a photo appears. They are illustrations
// drawn in demo-photo-art.ts, not photographs, and their alt texts say so. Each is rendered to a PNG
// and goes through the upload's own pipeline (processPhoto, then the media storage), so what the
// pages show is exactly what a vendor's upload makes. Same drawings, same bytes, same URLs' hashes.

interface DemoPortfolioPhoto {
  art: ArtName;
  /** The vendor's description of the picture, in Spanish as the vendor writes it. */
  alt: string;
  /** The name of the vendor's service it shows, if any (demo-vendors.ts). */
  service?: string;
}

interface DemoPhotoSet {
  businessName: string;
  cover: ArtName;
  profile: ArtName;
  portfolio: DemoPortfolioPhoto[];
}

export const demoPhotoSets: DemoPhotoSet[] = [
  {
    businessName: 'Casa Impecable CDMX',
    cover: 'cleaningCover',
    profile: 'cleaningProfile',
    portfolio: [
      {
        art: 'cleaningBedroom',
        alt: 'Ilustración: recámara lista para huéspedes, con la cama tendida y la ventana limpia',
        service: 'Airbnb turnover',
      },
      {
        art: 'cleaningKitchen',
        alt: 'Ilustración: cocina con la barra despejada y los gabinetes limpios',
        service: 'Limpieza semanal de departamento',
      },
      { art: 'cleaningBathroom', alt: 'Ilustración: baño con azulejos relucientes y la tina limpia' },
      {
        art: 'cleaningLivingRoom',
        alt: 'Ilustración: sala ordenada con los cojines acomodados y dos plantas',
        service: 'Limpieza semanal de departamento',
      },
    ],
  },
  {
    businessName: 'Entrena con Diego',
    cover: 'fitnessCover',
    profile: 'fitnessProfile',
    portfolio: [
      {
        art: 'fitnessGym',
        alt: 'Ilustración: tapete, mancuernas y pesas rusas listas para una sesión',
        service: 'Entrenamiento personal 1:1',
      },
      {
        art: 'fitnessPark',
        alt: 'Ilustración: tapete de yoga en el pasto de un parque al amanecer',
        service: 'Yoga y movilidad en el parque',
      },
      {
        art: 'fitnessAssessment',
        alt: 'Ilustración: gráfica de avance y cronómetro de una evaluación',
        service: 'Evaluación física inicial',
      },
    ],
  },
  {
    businessName: 'Jardines Verticales Xochi',
    cover: 'plantsCover',
    profile: 'plantsProfile',
    portfolio: [
      {
        art: 'plantsWall',
        alt: 'Ilustración: muro verde tupido sobre una pared de terraza',
        service: 'Mantenimiento de muro verde',
      },
      {
        art: 'plantsPlan',
        alt: 'Ilustración: plano de un jardín con las plantas marcadas',
        service: 'Visita de diseño',
      },
      { art: 'plantsPots', alt: 'Ilustración: tres macetas con plantas sobre un piso de barro' },
      { art: 'plantsWatering', alt: 'Ilustración: regadera junto a una planta recién trasplantada' },
      { art: 'plantsHanging', alt: 'Ilustración: tres macetas colgantes con enredaderas' },
    ],
  },
  {
    businessName: 'Repostería Dulce Ribera',
    cover: 'bakingCover',
    profile: 'bakingProfile',
    portfolio: [
      {
        art: 'bakingCake',
        alt: 'Ilustración: pastel de dos pisos con crema y una cereza',
        service: 'Degustación para pastel de evento',
      },
      { art: 'bakingCupcakes', alt: 'Ilustración: tres cupcakes con betún de colores' },
      { art: 'bakingCookies', alt: 'Ilustración: galletas con chispas de chocolate en un plato' },
      {
        art: 'bakingClass',
        alt: 'Ilustración: masa, rodillo y huevos sobre la mesa de trabajo',
        service: 'Clase de repostería básica',
      },
    ],
  },
];

/** A drawing as a vendor's phone would send it: a PNG of the canvas's size. */
export async function renderDemoPicture(kind: PhotoKind, name: ArtName): Promise<Uint8Array> {
  const png = await sharp(Buffer.from(svgOf(kind, art[name])))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/**
 * Gives the demo vendors of demoPhotoSets their photos, approved, in the seed's transaction (a
 * vendor the seed did not make, with a small SEED_VENDORS, is skipped). The variants are put into
 * `storage` first, as an upload puts them; on the database storage they are in the same transaction.
 */
export async function seedDemoPhotos(tx: Tx, { storage, now }: { storage: MediaStorage; now: Date }) {
  const vendors = await tx
    .select({ id: vendorProfiles.id, businessName: vendorProfiles.businessName })
    .from(vendorProfiles)
    .where(
      inArray(
        vendorProfiles.businessName,
        demoPhotoSets.map((set) => set.businessName),
      ),
    );
  const idOf = new Map(vendors.map((v) => [v.businessName, v.id]));
  const sets = demoPhotoSets.flatMap((set) => {
    const vendorProfileId = idOf.get(set.businessName);
    return vendorProfileId ? [{ ...set, vendorProfileId }] : [];
  });
  if (sets.length === 0) return;
  const own = await tx
    .select({ id: services.id, name: services.name, vendorProfileId: services.vendorProfileId })
    .from(services)
    .where(
      and(
        inArray(
          services.vendorProfileId,
          sets.map((set) => set.vendorProfileId),
        ),
        eq(services.isActive, true),
      ),
    );
  const serviceId = (vendorProfileId: string, name: string | undefined) =>
    name ? own.find((s) => s.vendorProfileId === vendorProfileId && s.name === name)?.id : undefined;

  const planned = sets.flatMap((set) => [
    { vendorProfileId: set.vendorProfileId, kind: 'cover' as const, art: set.cover, position: 0 },
    { vendorProfileId: set.vendorProfileId, kind: 'profile' as const, art: set.profile, position: 0 },
    ...set.portfolio.map((photo, position) => ({
      vendorProfileId: set.vendorProfileId,
      kind: 'portfolio' as const,
      art: photo.art,
      position,
      alt: photo.alt,
      serviceId: serviceId(set.vendorProfileId, photo.service),
    })),
  ]);
  // Rendered and processed side by side: sharp works on its own threads.
  const rows = await Promise.all(
    planned.map(async (photo) => {
      const processed = await processPhoto(await renderDemoPicture(photo.kind, photo.art), photo.kind);
      const id = randomUUID();
      return {
        id,
        vendorProfileId: photo.vendorProfileId,
        kind: photo.kind,
        status: 'approved' as const,
        serviceId: ('serviceId' in photo ? photo.serviceId : undefined) ?? null,
        alt: ('alt' in photo ? photo.alt : undefined) ?? null,
        position: photo.position,
        width: processed.width,
        height: processed.height,
        variants: await putVariants(storage, id, processed),
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await tx.insert(vendorPhotos).values(rows);
}
