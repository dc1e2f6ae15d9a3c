import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError, type ErrorReason } from './app-error.ts';

/** Every API body but the few named in app.ts; the largest form of ours is a few KB. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

const inWords = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * One body limit for every request it is mounted on, larger for the routes in `larger`
 * ("METHOD /path", exact). Hono's bodyLimit refuses a Content-Length over the limit at once and
 * counts the bytes of a body without one (chunked) while reading it, so neither gets round it;
 * it answers 413 in the error shape.
 */
export function limitRequestBodies({
  defaultBytes,
  larger,
}: {
  defaultBytes: number;
  /** The bytes, or the bytes and the reason a refusal names (the web's words for it). */
  larger: Record<string, number | { bytes: number; reason: ErrorReason }>;
}) {
  const limiter = (maxSize: number, reason?: ErrorReason) =>
    bodyLimit({
      maxSize,
      onError: () => {
        const error = new AppError(
          'payload_too_large',
          `The request body is too large (at most ${inWords(maxSize)}).`,
        );
        throw reason ? error.because(reason) : error;
      },
    });
  const byRoute = new Map(
    Object.entries(larger).map(([route, limit]) => [
      route,
      typeof limit === 'number' ? limiter(limit) : limiter(limit.bytes, limit.reason),
    ]),
  );
  const fallback = limiter(defaultBytes);
  return createMiddleware<AppEnv>((c, next) =>
    (byRoute.get(`${c.req.method} ${c.req.path}`) ?? fallback)(c, next),
  );
}
