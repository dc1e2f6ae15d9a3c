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
