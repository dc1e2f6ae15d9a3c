import { z } from 'zod';

// An update (PATCH/PUT) changes exactly the fields a request names. zod 4 runs a field's
// `.default()` even inside `.partial()`, so a create schema made partial wrote its defaults (the
// wizard's scheduling values, an empty bio, no languages…) over every field the request left out.
// Every update schema is therefore made here, from its create schema's fields with the defaults
// taken off; update-schema.test.ts checks that no exported update schema adds a key of its own.

/** A field's schema without the `.default()`/`.prefault()` that would fill it in when absent. */
type WithoutDefault<T> =
  T extends z.ZodDefault<infer Inner>
    ? WithoutDefault<Inner>
    : T extends z.ZodPrefault<infer Inner>
      ? WithoutDefault<Inner>
      : T extends z.ZodOptional<infer Inner>
        ? z.ZodOptional<WithoutDefault<Inner> & z.ZodType>
        : T extends z.ZodNullable<infer Inner>
          ? z.ZodNullable<WithoutDefault<Inner> & z.ZodType>
          : T extends z.ZodPipe<infer In, infer Out>
            ? z.ZodPipe<WithoutDefault<In> & z.ZodType, Out>
            : T;

export type UpdateShape<Shape extends z.ZodRawShape> = {
  -readonly [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]> & z.ZodType>;
};

function withoutDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return withoutDefault(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodOptional) {
    const inner = schema.unwrap() as z.ZodType;
    const stripped = withoutDefault(inner);
    return stripped === inner ? schema : stripped.optional();
  }
  if (schema instanceof z.ZodNullable) {
    const inner = schema.unwrap() as z.ZodType;
    const stripped = withoutDefault(inner);
    return stripped === inner ? schema : stripped.nullable();
  }
  // `.default([]).transform(…)` is a pipe whose input holds the default.
  if (schema instanceof z.ZodPipe) {
    const input = schema.in as z.ZodType;
    const stripped = withoutDefault(input);
    return stripped === input ? schema : schema.clone({ ...schema.def, in: stripped });
  }
  return schema;
}

/**
 * The update schema of a create schema: every field optional and without its default, so that a
 * field the request leaves out is left out of the parsed value too (and so of the SQL `set`).
 * A nullable field sent as null still clears. Object-level checks and strictness are the caller's.
 */
export function updateSchemaOf<Shape extends z.ZodRawShape>(
  create: z.ZodObject<Shape>,
): z.ZodObject<UpdateShape<Shape>> {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]),
  );
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<Shape>>;
}
