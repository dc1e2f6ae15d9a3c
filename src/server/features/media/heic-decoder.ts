import { Worker } from 'node:worker_threads';
import { PHOTO_MAX_PIXELS } from '../../../shared/vendor-photos.ts';

// Decision 082: a phone's HEIC (HEVC in HEIF) is decoded by libheif and libde265 built to WebAssembly
// (libheif-js), which sharp's libvips cannot do. A decode takes seconds of one core, so it never runs on
// the thread that answers requests: each one gets a worker thread of its own, ended when it answers (its
// WebAssembly memory, grown for that photo, goes with it), at most `workers` at once, a few more waiting,
// and a time limit. The worker checks the pixel count from the header before it decodes a pixel.

export interface HeicLimits {
  /** Decodes at once, each in a worker thread of its own. */
  workers: number;
  /** Decodes waiting for a worker; one more is refused at once ('busy'). */
  queue: number;
  /** From a worker's start to its answer; then it is ended ('timeout'). */
  timeoutMs: number;
  /** The most pixels a HEIC may declare, and libheif's own limit on every image it allocates. */
  maxPixels: number;
}

/**
 * One worker: the machine has two cores, and the other one answers requests and runs sharp. Four
 * waiting: the dashboard sends a vendor's photos one after another, so that is four vendors' uploads
 * at once, the last one waiting about four decodes. 30 s: a 12 MP photo takes 2–5 s here and a 48 MP
 * one 5–7 s, on a busy machine (decision 082).
 */
export const heicLimits: HeicLimits = {
  workers: 1,
  queue: 4,
  timeoutMs: 30_000,
  maxPixels: PHOTO_MAX_PIXELS,
};

/** Why a HEIC was not decoded: no worker free and the queue full, too slow, too big, or unreadable. */
export type HeicRefusal = 'busy' | 'timeout' | 'too_many_pixels' | 'corrupt';

export class HeicDecodeError extends Error {
  readonly refusal: HeicRefusal;
  constructor(refusal: HeicRefusal, message: string) {
    super(message);
    this.name = 'HeicDecodeError';
    this.refusal = refusal;
  }
}

/** The primary image, oriented by the file's `irot`/`imir`, as 8-bit RGBA rows without padding. */
export interface DecodedHeic {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface HeicDecoder {
  decode(bytes: Uint8Array): Promise<DecodedHeic>;
  /** Decodes running and waiting, now. */
  readonly load: { running: number; waiting: number };
}

const workerScript = new URL('./heic-decode-worker.mjs', import.meta.url);

type WorkerAnswer = DecodedHeic | { refused: 'too_many_pixels' | 'corrupt'; message: string };

/** `script` is the worker's module: the one beside this file, or a test's stand-in. */
export function createHeicDecoder(limits: HeicLimits = heicLimits, script: URL = workerScript): HeicDecoder {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function slot(): Promise<void> {
    if (running < limits.workers) {
      running++;
      return;
    }
    if (waiting.length >= limits.queue)
      throw new HeicDecodeError('busy', `${running} HEIC decodes running and ${waiting.length} waiting`);
    // The slot is handed over as it is freed (release), so `running` already counts this decode.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  function run(bytes: Uint8Array): Promise<DecodedHeic> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(script, { workerData: { bytes, maxPixels: limits.maxPixels } });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
        // Its memory (WebAssembly's grows and never shrinks) goes with it; nothing waits on the promise.
        void worker.terminate();
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(
              new HeicDecodeError('timeout', `no answer from the HEIC decoder in ${limits.timeoutMs} ms`),
            ),
          ),
        limits.timeoutMs,
      );
      worker.once('message', (answer: WorkerAnswer) =>
        settle(() =>
          'refused' in answer
            ? reject(new HeicDecodeError(answer.refused, answer.message))
            : resolve({ width: answer.width, height: answer.height, data: answer.data }),
        ),
      );
      // A fault inside libheif (an abort, its memory exhausted) ends the worker, not the server.
      worker.once('error', (error) => settle(() => reject(new HeicDecodeError('corrupt', error.message))));
      worker.once('exit', (code) =>
        settle(() => reject(new HeicDecodeError('corrupt', `the HEIC decoder stopped (${code})`))),
      );
    });
  }

  return {
    async decode(bytes) {
      await slot();
      try {
        return await run(bytes);
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
