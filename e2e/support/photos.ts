import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

// Photos in journeys: a real image made here, picked in the file chooser as a person does, and the
// check that an image on screen was really served.

/** A small real JPEG, drawn here: sharp reads it on the server as it would a phone's photo. */
export function jpeg(width: number, height: number, background: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Picks `name` in the file chooser that pressing `button` opens, as a person does. */
export async function upload(page: Page, button: Locator, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer });
}

/** Every image in `scope` was read: its bytes arrived and decoded (a private URL answered). */
export async function expectImagesLoaded(scope: Locator) {
  await expect
    .poll(() =>
      scope
        .locator('img')
        .evaluateAll((images) =>
          images.every(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
    )
    .toBe(true);
}

/** The images in `scope` served from an approved photo's public URLs (src or srcset). */
export const publicPhotos = (scope: Page | Locator) =>
  scope.locator('img[src*="/media/photos/"], img[srcset*="/media/photos/"]');
