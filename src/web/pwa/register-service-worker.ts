/**
 * Registers the service worker (src/web/pwa/service-worker.js, emitted as /sw.js by the build) in
 * production builds only: in development it would serve stale modules over Vite's hot reload.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so that installing (which downloads the whole shell) does not
  // compete with the first screen; in a task of its own, apart from the app's start.
  const register = () =>
    setTimeout(() => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
      });
    }, 0);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
