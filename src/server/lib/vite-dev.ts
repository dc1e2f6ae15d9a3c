import { createServer, type RequestListener } from 'node:http';
import type { ViteDevServer } from 'vite';

/**
 * `npm run dev` (WEB_DEV=on, scripts/dev.ts): Vite's dev server in middleware mode, in front of the
 * app on one HTTP server: Vite answers the web app's modules, styles and public files, the app the
 * rest (the API, and the pages, rendered as in production: lib/web-app.ts `mountDevWebApp`). Its
 * hot-reload socket shares the port, so the CSP's `connect-src 'self'` lets it through. Pass
 * `createServer` to @hono/node-server's `serve`.
 */
export async function startViteDev(): Promise<{ vite: ViteDevServer; createServer: typeof createServer }> {
  const server = createServer();
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: { server } },
    appType: 'custom',
  });
  const withVite = ((_options: unknown, listener: RequestListener) =>
    server.on('request', (req, res) =>
      vite.middlewares(req, res, () => listener(req, res)),
    )) as typeof createServer;
  return { vite, createServer: withVite };
}
