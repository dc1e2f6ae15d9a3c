import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/app-error.ts';

const mutations = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

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
  const hasBody =
    contentType !== undefined ||
    Number(c.req.header('content-length') ?? 0) > 0 ||
    c.req.header('transfer-encoding') !== undefined;
  if (hasBody && !jsonMediaType.test(mediaType))
    throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
  await next();
});
