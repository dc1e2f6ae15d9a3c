import { describe, expect, it } from 'vitest';
import { heicDeclaring, heicPhoto } from '../../test/test-images.ts';
import { createHeicDecoder, HeicDecodeError, type HeicDecoder, heicLimits } from './heic-decoder.ts';
import { processPhoto } from './photo-processing.ts';

// Decision 082: the HEIC decoder's worker and its bounds. The bounds are driven by a stand-in worker
// that answers only when the test opens its gate (a shared word), so nothing here waits on a clock.

/** A worker that waits until the first 32-bit word of its bytes (shared with the test) is not 0. */
const gatedWorker = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort, workerData } from 'node:worker_threads';
    const gate = new Int32Array(workerData.bytes.buffer, 0, 1);
    // A pending wait does not keep a thread's event loop alive; an interval does.
    const alive = setInterval(() => {}, 60_000);
    const { async, value } = Atomics.waitAsync(gate, 0, 0);
    if (async) await value;
    clearInterval(alive);
    parentPort.postMessage({ width: 1, height: 1, data: new Uint8Array([1, 2, 3, 255]) });
  `)}`,
);

function gate() {
  const bytes = new Uint8Array(new SharedArrayBuffer(4));
  const word = new Int32Array(bytes.buffer);
  return {
    bytes,
    open() {
      Atomics.store(word, 0, 1);
      Atomics.notify(word, 0);
    },
  };
}

const refusalOf = (pending: Promise<unknown>) =>
  pending.then(
    () => 'decoded',
    (error: unknown) => (error instanceof HeicDecodeError ? error.refusal : error),
  );

describe('HEIC decoder', () => {
  const decoder = createHeicDecoder();

  it('decodes the primary image in a worker, turned by its irot, as RGBA rows', async () => {
    const { width, height, data } = await decoder.decode(heicPhoto());
    // Stored 64×32 with the left half red; a quarter turn right puts red on top.
    expect([width, height, data.length]).toEqual([32, 64, 32 * 64 * 4]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4)];
    const [top, bottom] = [pixel(16, 8), pixel(16, 56)];
    expect([top[0]! > 150, top[2]! < 100, top[3]]).toEqual([true, true, 255]);
    expect([bottom[0]! < 100, bottom[2]! > 150, bottom[3]]).toEqual([true, true, 255]);
    expect(decoder.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses more pixels than allowed from the header, before decoding', async () => {
    // The real photo, 2,048 pixels, under a limit one pixel smaller: its header says so.
    const strict = createHeicDecoder({ ...heicLimits, maxPixels: 32 * 64 - 1 });
    const refused = await strict.decode(heicPhoto()).catch((error: HeicDecodeError) => error);
    expect(refused).toMatchObject({ refusal: 'too_many_pixels', message: '32×64' });
    // A bomb: 64 million pixels declared over 64×32 of data.
    expect(await refusalOf(decoder.decode(heicDeclaring(8000, 8000)))).toBe('too_many_pixels');
  });

  it('refuses what libheif cannot read as corrupt', async () => {
    const photo = heicPhoto();
    expect(await refusalOf(decoder.decode(photo.subarray(0, 700)))).toBe('corrupt');
    expect(await refusalOf(decoder.decode(photo.subarray(0, 1400)))).toBe('corrupt');
    expect(await refusalOf(decoder.decode(new TextEncoder().encode('not a heic at all')))).toBe('corrupt');
  });

  it('runs at most `workers` decodes, queues `queue` more and refuses the next one at once', async () => {
    const bounded = createHeicDecoder({ ...heicLimits, workers: 1, queue: 1 }, gatedWorker);
    const { bytes, open } = gate();
    const first = bounded.decode(bytes);
    const second = bounded.decode(bytes);
    expect(bounded.load).toEqual({ running: 1, waiting: 1 });
    expect(await refusalOf(bounded.decode(bytes))).toBe('busy');
    open();
    expect((await first).data).toEqual(new Uint8Array([1, 2, 3, 255]));
    expect((await second).width).toBe(1);
    expect(bounded.load).toEqual({ running: 0, waiting: 0 });
  });

  it('ends a worker that does not answer in time, and frees its place', async () => {
    const hasty = createHeicDecoder({ ...heicLimits, workers: 1, queue: 1, timeoutMs: 50 }, gatedWorker);
    const { bytes } = gate();
    const first = refusalOf(hasty.decode(bytes));
    const second = refusalOf(hasty.decode(bytes));
    expect(await first).toBe('timeout');
    expect(await second).toBe('timeout');
    expect(hasty.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a worker that dies for a corrupt image', async () => {
    const crashing = new URL(`data:text/javascript,${encodeURIComponent("throw new Error('abort')")}`);
    const decoderThatDies = createHeicDecoder(heicLimits, crashing);
    expect(await refusalOf(decoderThatDies.decode(heicPhoto()))).toBe('corrupt');
    expect(decoderThatDies.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('a HEIC upload when the decoder cannot take it', () => {
  const refusing = (refusal: HeicDecodeError['refusal']): HeicDecoder => ({
    decode: () => Promise.reject(new HeicDecodeError(refusal, 'stand-in')),
    load: { running: 1, waiting: 4 },
  });

  it.each([
    ['busy', 503, 'photo_busy'],
    ['timeout', 503, 'photo_busy'],
    ['too_many_pixels', 422, 'photo_too_many_pixels'],
    ['corrupt', 422, 'photo_corrupt'],
  ] as const)('%s is %i %s', async (refusal, status, reason) => {
    const error = await processPhoto(heicPhoto(), 'portfolio', { heic: refusing(refusal) }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status, reason });
  });
});
