import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** One issue of a refused input: the field, as a dotted path ('' for the input as a whole). */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** The part of the request a validator reads and the schema it reads it with. */
export interface ValidatedPart {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}

/**
 * Every middleware made by validate(), with what it validates. The route list of the tests
 * (test/api-routes.ts) reads it, so that the fuzzer knows each route's query and path parameters
 * from the schemas the route itself mounts: a new route is fuzzed field by field the day it exists.
 */
const validatedParts = new WeakMap<object, ValidatedPart>();

/** What a route handler validates, when it is a validator made by validate(). */
export function validatedPartOf(handler: unknown): ValidatedPart | undefined {
  return typeof handler === 'function' ? validatedParts.get(handler) : undefined;
}

/**
 * Validates one part of the request with a shared zod schema and types `c.req.valid()`.
 * Bad input becomes a 400 in the one error shape, with the field issues as details: a malformed
 * query, path parameter or body names the field it is in.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = validator(target, async (value): Promise<z.output<Schema>> => {
    const nul = pathOfNul(value);
    if (nul !== undefined)
      throw refusal(target, [{ path: nul, message: 'Text may not contain the NUL character.' }]);
    const result = await schema.safeParseAsync(value);
    if (!result.success)
      throw refusal(
        target,
        result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    return result.data;
  });
  validatedParts.set(middleware, { target, schema });
  return middleware;
}

function refusal(target: keyof ValidationTargets, details: ValidationIssue[]): AppError {
  const first = details[0];
  return new AppError(
    'validation_failed',
    first
      ? `Invalid ${target}${first.path ? ` (${first.path})` : ''}: ${first.message}`
      : `Invalid ${target}`,
    details,
  );
}

/**
 * PostgreSQL text cannot hold U+0000: a query with one fails in the database as a 500 (found by
 * src/server/security/fuzz.test.ts on GET /api/vendors/%00). Refused here, once for every route,
 * naming the field it is in. Deeper than any of our schemas reads, nothing is looked at: no schema
 * would accept it anyway.
 */
function pathOfNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object' || path.length > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
