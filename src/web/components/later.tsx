import { isValidElement, type ReactNode, useEffect, useState } from 'react';
import { drawingWholeScreen, InTurn } from './in-turn.tsx';

/**
 * Draws its children one task after it first appears. What lies below the first screen (the rest of
 * a list, a form further down, related vendors) is then drawn in a task of its own, after what is
 * on screen: the page answers a tap in between, instead of drawing everything in one long task
 * (decision 025). Once shown, the children update as usual. `now` draws them at once instead: for a
 * list whose first items are on screen and the rest are not (decision 027); when the app takes over
 * the server's markup, each of those is taken over in a task of its own (<InTurn>, decision 030), so
 * `children` must then draw one element.
 *
 * The server draws the whole screen, and the app takes that over as it was drawn: then the children
 * are drawn at once too, one element in a turn of its own (decision 031).
 */
export function Later({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const [whole] = useState(drawingWholeScreen);
  const [ready, setReady] = useState(now || whole);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, [ready]);
  if (!ready) return null;
  return (now || whole) && isValidElement(children) ? <InTurn>{children}</InTurn> : children;
}
