import { type ReactElement, type ReactNode, Suspense } from 'react';

// Taking over the markup the server drew (decision 029) runs every component of the first screen
// at once: one long task, however the screen is cut. A part wrapped in <InTurn> is left out of it:
// Preact keeps a part that suspends while it takes over as it was drawn, on screen, and takes it
// over when the part's promise settles. takeOverInTurns settles them one per task, in the order of
// the page, after the rest (decision 030). Drawn any other way (a fresh draw, the server's render),
// a part is drawn at once, as without it.

let takingOver = false;
/** Whether the server is drawing a page (render-first-screen.tsx): it draws the whole screen. */
let drawingOnServer = false;
const waiting: (() => void)[] = [];
/**
 * The parts whose turn has come, by the element they draw: the same element is drawn again when the
 * part's boundary takes it over (twice under React's StrictMode), while a part inside it is a new
 * element and waits for a turn of its own.
 */
const released = new WeakSet<ReactElement>();

/**
 * A part of a screen taken over in a task of its own. Its children must draw one element: that is
 * the markup Preact keeps while the part waits. `fallback` is shown, as by any Suspense boundary,
 * while something inside that is drawn afresh waits (a screen's module, for the layout's outlet).
 */
export function InTurn({ children, fallback = null }: { children: ReactElement; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

function Turn({ children }: { children: ReactElement }) {
  if (takingOver && !released.has(children))
    throw new Promise<void>((resolve) =>
      waiting.push(() => {
        released.add(children);
        resolve();
      }),
    );
  return children;
}

/**
 * Draws the whole screen at once, what lies below the first screen included (components/later.tsx):
 * the server's render of a page (`draw` must be synchronous), which the visitor may read without
 * any script (decision 031).
 */
export function drawWholeOnServer<T>(draw: () => T): T {
  drawingOnServer = true;
  try {
    return draw();
  } finally {
    drawingOnServer = false;
  }
}

/**
 * Whether the screen is drawn whole now: on the server, or while the app takes over what the server
 * drew, which must then be drawn as the server did.
 */
export function drawingWholeScreen(): boolean {
  return drawingOnServer || takingOver;
}

/**
 * Runs `takeOver` (a synchronous hydrateRoot) without the <InTurn> parts, then takes them over one per
 * task. Resolves once the last part has been taken over.
 */
export function takeOverInTurns(takeOver: () => void): Promise<void> {
  takingOver = true;
  try {
    takeOver();
  } catch (error) {
    takingOver = false;
    throw error;
  }
  // Preact takes a part over in the microtasks of the task that settles it; parts inside it (a
  // screen's cards) wait for turns of their own, after the others. A part drawn afresh meanwhile (a
  // tap that changed the screen) waits for a turn too.
  return new Promise((done) => {
    const next = () => {
      const settle = waiting.shift();
      if (!settle) {
        takingOver = false;
        return done(); // the last part was drawn in the previous task's microtasks
      }
      settle();
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  });
}
