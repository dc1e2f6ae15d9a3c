import { parentPort, workerData } from 'node:worker_threads';
import libheif from 'libheif-js/wasm-bundle.js';

// Decision 082: one HEIC decoded off the main thread, by libheif and libde265 built to WebAssembly,
// then this worker is ended (heic-decoder.ts). Plain JavaScript: a worker thread starts without the
// TypeScript loader of tsx or Vitest.
//
// In: workerData { bytes: Uint8Array, maxPixels: number }.
// Out: one message, { width, height, data } (RGBA, the buffer transferred), or { refused, message }
// with refused = 'too_many_pixels' | 'corrupt'.

const { bytes, maxPixels } = workerData;

function refuse(refused, message) {
  parentPort.postMessage({ refused, message });
}

const isOk = (error) => !error || error.code === libheif.heif_error_code.heif_error_Ok;
const isSecurityLimit = (error) =>
  error?.subcode === libheif.heif_suberror_code.heif_suberror_Security_limit_exceeded;

async function decode() {
  await libheif.ready;
  const context = libheif.heif_context_alloc();
  // libheif's own limit on every image it allocates, grids and tiles included: a tile or a grid that
  // claims more than the header's size cannot make it decode more pixels than we allow. The setter is
  // the C function, which takes the context's address; without one, decode nothing.
  const address = context?.$$?.ptr;
  if (typeof address !== 'number' || address === 0) throw new Error('libheif context without an address');
  libheif._heif_context_set_maximum_image_size_limit(address, Math.floor(Math.sqrt(maxPixels)));
  let handle;
  let image;
  try {
    const read = libheif.heif_context_read_from_memory(context, bytes);
    if (!isOk(read)) return refuse('corrupt', read.message);
    handle = libheif.heif_js_context_get_primary_image_handle(context);
    if (!handle || handle.code) return refuse('corrupt', handle?.message ?? 'no primary image');
    const width = libheif.heif_image_handle_get_width(handle);
    const height = libheif.heif_image_handle_get_height(handle);
    if (!(width > 0 && height > 0)) return refuse('corrupt', 'no size');
    // From the header (the `ispe` of the primary image), before a pixel is decoded.
    if (width * height > maxPixels) return refuse('too_many_pixels', `${width}×${height}`);

    // The `irot`, `imir` and `clap` of the file are applied; its EXIF orientation is not (HEIF's
    // rule: the properties turn the image, the EXIF only describes it) and the EXIF stays here.
    image = await libheif.heif_js_decode_image2(
      handle,
      libheif.heif_colorspace.heif_colorspace_RGB,
      libheif.heif_chroma.heif_chroma_interleaved_RGBA,
    );
    if (!image || image.code)
      return refuse(isSecurityLimit(image) ? 'too_many_pixels' : 'corrupt', image?.message ?? 'no image');
    const plane = image.channels.find(
      (channel) => channel.id === libheif.heif_channel.heif_channel_interleaved,
    );
    if (!plane || plane.width !== width || plane.height !== height)
      return refuse('corrupt', 'decoded size differs from the header');
    const rowBytes = width * 4;
    const data = new Uint8Array(rowBytes * height);
    for (let y = 0; y < height; y++)
      data.set(plane.data.subarray(y * plane.stride, y * plane.stride + rowBytes), y * rowBytes);
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    if (image?.image) libheif.heif_image_release(image.image);
    if (handle && !handle.code) libheif.heif_image_handle_release(handle);
    libheif.heif_context_free(context);
  }
}

decode().catch((error) => refuse('corrupt', String(error?.message ?? error)));
