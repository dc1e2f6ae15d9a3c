import { createHash } from 'node:crypto';
import type { RenderScreen } from '../../lib/web-app.ts';

// A drawn screen depends on its address and its answers only: the render reads no clock and no
// session (it draws for a visitor), and the build is the same until the server restarts. The public
// lists' answers stay the same until a vendor changes (decision 026), so the most visited pages are
// drawn once instead of on every visit (12–16 ms of the server's time each, bench:web).

type Drawn = Awaited<ReturnType<RenderScreen>>;

/** About 50 KB of markup each: a few megabytes at most. */
export const MAX_DRAWN_SCREENS = 100;

/** By render (one per build the server serves), the latest drawn screens, least recently used first. */
const drawnByRender = new WeakMap<RenderScreen, Map<string, Promise<Drawn>>>();

/**
 * `renderScreen(url, bodies)`, or the markup it gave before for the same address and the same answers
 * (`answers`, the JSON the page carries, is what `bodies` was parsed from). Two visits at once share
 * one render; a render that fails is not kept.
 */
export function drawScreen(
  renderScreen: RenderScreen,
  url: string,
  answers: readonly (readonly [key: string, json: string])[],
  bodies: Map<string, unknown>,
): Promise<Drawn> {
  let screens = drawnByRender.get(renderScreen);
  if (!screens) {
    screens = new Map();
    drawnByRender.set(renderScreen, screens);
  }
  const hash = createHash('sha256').update(url);
  for (const [key, json] of answers) hash.update(`\0${key}\0${json}`);
  const id = hash.digest('base64');

  const known = screens.get(id);
  if (known) {
    screens.delete(id);
    screens.set(id, known);
    return known;
  }
  const drawn = renderScreen(url, bodies);
  if (screens.size >= MAX_DRAWN_SCREENS) screens.delete(screens.keys().next().value!);
  screens.set(id, drawn);
  drawn.catch(() => {
    if (screens.get(id) === drawn) screens.delete(id);
  });
  return drawn;
}
