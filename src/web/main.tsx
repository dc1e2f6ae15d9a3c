import './styles.css';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

// The entry. The page shows as it came: a public page rendered by the server (decision 042), or
// the header index.html paints. The app (app/start.tsx) starts once the page has loaded, so that on
// a phone's connection its scripts and their running never compete with the page's photos; index.html
// preloads its modules meanwhile, at low priority (scripts/vite-plugins.ts `preloadAppShell`).
const start = () => {
  import('./app/start.tsx').catch((error: unknown) => {
    // As when a page's own script fails to load: the page stays as it is, and the error is reported.
    console.error(error);
  });
};
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });

registerServiceWorker();
