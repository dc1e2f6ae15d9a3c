import './styles.css';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

// The entry only waits for the page's first paint (the header in index.html), then runs the app
// (app/start.tsx). Its modules are fetched meanwhile: index.html preloads them (vite-plugins.ts
// `appShell`). So the header shows as soon as the page arrives, whether or not the scripts have
// arrived too, and running the app's modules never delays it (decision 027). A hidden page has no
// frames to wait for.
const afterPaint = (run: () => void) =>
  document.visibilityState === 'visible'
    ? requestAnimationFrame(() => setTimeout(run, 0))
    : setTimeout(run, 0);

afterPaint(() => {
  import('./app/start.tsx').catch((error: unknown) => {
    // As when a page's own script fails to load: the header stays, and the error is reported.
    console.error(error);
  });
});

registerServiceWorker();
