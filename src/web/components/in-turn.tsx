import { type ReactNode, Suspense } from 'react';

// Taking over the markup the server drew (decision 029) runs every component of the first screen
// at once: one long task, however the screen is cut. A part wrapped in <InTurn> is left out of it:
// Preact keeps a part that suspends while it takes over as it was drawn, on screen, and takes it
// over when the part's promise settles. takeOverInTurns settles them one per task, in the order of
// the page, after the rest (decision 030). Drawn any other way (a fresh draw, the server's render,
// React in development, which hydrates concurrently), a part is drawn at once, as without it.

let takingOver = false;
const waiting: (() => void)[] = [];

/**
 * A part of a screen taken over in a task of its own. Its children must draw one element: that is
 * the markup Preact keeps while the part waits.
 */
export function InTurn({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

function Turn({ children }: { children: ReactNode }) {
  if (takingOver) throw new Promise<void>((resolve) => waiting.push(resolve));
  return children;
}

/**
 * Runs `takeOver` (a synchronous hydrateRoot) without the <InTurn> parts, then takes them over one per
 * task. Resolves once the last part has been taken over.
 */
export function takeOverInTurns(takeOver: () => void): Promise<void> {
  takingOver = true;
  try {
    takeOver();
  } finally {
    takingOver = false;
  }
  return new Promise((done) => {
    const next = () => {
      const settle = waiting.shift();
      if (!settle) return done(); // the last part was drawn in the previous task's microtasks
      settle();
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  });
}
