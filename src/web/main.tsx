import './styles.css';
import { SSR_ATTRIBUTE } from '../shared/ssr.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

// The entry. The page shows as it came: a public page rendered by the server (decision 042), or
// the header index.html paints. The app (app/start.tsx) starts at once, without waiting for the
// page's photos: on a phone's connection the `load` event comes seconds later, and a tap meanwhile
// would wait for it (bench:web's first interaction). index.html preloads its modules at low
// priority, so that they never hold up the page's first photo.

/**
 * Event replay (decision 042). On a page the server rendered, a button pressed before the app has
 * hydrated it (a chip, a tab, Load More) has no handler yet: it is pressed again once the app has.
 * A field changed meanwhile (a search box) tells the app again, with the same `input` and `change`
 * events, so that what the page shows is what the app holds. Links and the search form work
 * without the app.
 */
const replay = document.getElementById('root')?.hasAttribute(SSR_ATTRIBUTE) ?? false;
let pressed: HTMLButtonElement | undefined;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const changed = new Map<Field, Set<string>>();

function hold(event: Event) {
  const target = event.target;
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  ) {
    if (event.type !== 'click') changed.set(target, (changed.get(target) ?? new Set()).add(event.type));
    return;
  }
  const button = event.type === 'click' && target instanceof Element ? target.closest('button') : null;
  if (!button) return;
  pressed = button;
  event.preventDefault();
  event.stopImmediatePropagation();
}
const held = ['click', 'input', 'change'] as const;
if (replay) for (const type of held) window.addEventListener(type, hold, true);

import('./app/start.tsx')
  .then(({ started }) => started)
  .then(() => {
    if (!replay) return;
    for (const type of held) window.removeEventListener(type, hold, true);
    for (const [field, types] of changed)
      if (field.isConnected)
        for (const type of types) field.dispatchEvent(new Event(type, { bubbles: true }));
    if (pressed?.isConnected) pressed.click();
  })
  .catch((error: unknown) => {
    // As when a page's own script fails to load: the page stays as it is, and the error is reported.
    console.error(error);
  });

registerServiceWorker();
