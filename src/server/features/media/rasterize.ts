import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

// SVG → PNG for the pictures that leave the browser: chat apps and social networks show no SVG in
// link previews (WhatsApp least of all). resvg as WebAssembly: no native binary to install, and
// our art has no text, so no fonts are needed (decision 021).

let ready: Promise<void> | undefined;

function init(): Promise<void> {
  ready ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
    await initWasm(await readFile(wasmPath));
  })().catch((err) => {
    ready = undefined; // a later request tries again
    throw err;
  });
  return ready;
}

/** The SVG drawn at its own width and height, as PNG bytes. */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  await init();
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } });
  const image = resvg.render();
  try {
    return image.asPng();
  } finally {
    image.free();
    resvg.free();
  }
}
