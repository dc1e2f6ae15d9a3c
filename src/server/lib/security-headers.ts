import { secureHeaders } from 'hono/secure-headers';

/**
 * ARCHITECTURE §10: security headers with an explicit CSP. Everything the app loads is its own:
 * no external scripts, fonts or images (the demo images are made locally too).
 * Styles allow inline attributes because the toast and dialog libraries position elements with them.
 */
export function securityHeaders({ production }: { production: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(production ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
