import { type ReactNode, Suspense } from 'react';

// Taking over the markup the server drew (decision 029) runs every component of the first screen
// at once: one long task, however the screen is cut. A part wrapped in <InTurn> is left out of it:
// Preact keeps a part that suspends while it takes over as it was drawn, on screen, and takes it
// over when the part's promise settles. takeOverInTurns settles them one per task, in the order of
// the page, after the rest (decision 030). Drawn any other way (a fresh draw, the server's render,
// React in development, which hydrates concurrently), a part is drawn at once, as without it.

let takingOver = false;
/** While one part is taken over: it may draw; the parts inside it wait for turns of their own. */
let passes = 0;
const waiting: (() => void)[] = [];

/**
 * A part of a screen taken over in a task of its own. Its children must draw one element: that is
 * the markup Preact keeps while the part waits. `fallback` is shown, as by any Suspense boundary,
 * while something inside that is drawn afresh waits (a screen's module, for the layout's outlet).
 */
export function InTurn({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

function Turn({ children }: { children: ReactNode }) {
  if (takingOver) {
    // The part whose turn it is draws first in its task (its boundary draws it again).
    if (passes > 0) passes--;
    else throw new Promise<void>((resolve) => waiting.push(resolve));
  }
  return children;
}

/**
 * Runs `takeOver` (a synchronous hydrateRoot) without the <InTurn> parts, then takes them over one per
 * task. Resolves once the last part has been taken over.
 */
export function takeOverInTurns(takeOver: () => void): Promise<void> {
  takingOver = true;
  passes = 0;
  try {
    takeOver();
  } catch (error) {
    takingOver = false;
    throw error;
  }
  // A part is taken over in the microtasks of the task that settles it; parts inside it (a screen's
  // cards) wait for turns of their own, after the others.
  return new Promise((done) => {
    const next = () => {
      const settle = waiting.shift();
      if (!settle) {
        takingOver = false;
        passes = 0;
        return done(); // the last part was drawn in the previous task's microtasks
      }
      takingOver = true;
      passes = 1;
      settle();
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  });
}
