import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/app-error.ts';

const mutations = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/**
 * The routes that take a file ("METHOD /path", exact): a multipart form, which a cross-site form
 * can send too, so each checks our Origin (requireSameOrigin) before requireMultipart (decision 074).
 */
export const multipartRoutes: ReadonlySet<string> = new Set(['POST /api/vendor/photos']);

/** A multipartRoutes route's own check of its body's type, after its guards and Origin check. */
export const requireMultipart = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'multipart/form-data')
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
  await next();
});

/**
 * ARCHITECTURE §10: mutations need JSON bodies. A cross-site HTML form or a no-cors fetch can send
 * text/plain, urlencoded or multipart bodies without a CORS preflight — but never
 * application/json. Hono's json validator reads such a body as `{}` instead of refusing it, so a
 * route whose fields are all optional would act on it; this refuses it first, for every route at
 * once (decision 022). A mutation without a body (DELETE, a vendor's confirm) sends no
 * Content-Type and passes. Webhooks are exempt: their providers choose the body, and the
 * signature over its raw bytes is the credential.
 */
export const requireJsonBodies = createMiddleware<AppEnv>(async (c, next) => {
  if (!mutations.has(c.req.method) || c.req.path.startsWith('/api/webhooks/')) return next();
  const contentType = c.req.header('content-type');
  const mediaType = contentType?.split(';')[0]?.trim() ?? '';
  // Their route checks the Origin, then takes multipart/form-data only (requireMultipart).
  if (multipartRoutes.has(`${c.req.method} ${c.req.path}`)) return next();
  const hasBody =
    contentType !== undefined ||
    Number(c.req.header('content-length') ?? 0) > 0 ||
    c.req.header('transfer-encoding') !== undefined;
  if (hasBody && !jsonMediaType.test(mediaType))
    throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
  await next();
});
