import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Validates one part of the request with a shared zod schema (STYLE §3) and types `c.req.valid()`.
 * Bad input becomes a 400 in the one error shape, with the field issues as details.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, async (value): Promise<z.output<Schema>> => {
    if (containsNul(value))
      throw new AppError('validation_failed', `Invalid ${target}: text may not contain the NUL character.`);
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const first = details[0];
      throw new AppError(
        'validation_failed',
        first
          ? `Invalid ${target}${first.path ? ` (${first.path})` : ''}: ${first.message}`
          : `Invalid ${target}`,
        details,
      );
    }
    return result.data;
  });
}

/**
 * PostgreSQL text cannot hold U+0000: a query with one fails in the database as a 500 (found by
 * src/server/security/fuzz.test.ts on GET /api/vendors/%00). Refused here, once for every route.
 * Deeper than any of our schemas reads, nothing is looked at: no schema would accept it anyway.
 */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  return Object.values(value).some((item) => containsNul(item, depth + 1));
}
