import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateSchemaOf } from './update-schema.ts';

// Every contract module of src/shared, so that an update schema added to a new one is checked too.
const schemaModules = import.meta.glob<Record<string, unknown>>('./*.schemas.ts', { eager: true });

/** The request schemas of PATCH/PUT routes: `update…Schema`, `…UpdateSchema`, `…PatchSchema`. */
const updateSchemas = Object.entries(schemaModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(
      ([name, value]) => value instanceof z.ZodType && /^update\w*Schema$|(Update|Patch)Schema$/.test(name),
    )
    .map(([name, value]) => ({ name: `${file.slice(2)} ${name}`, schema: value as z.ZodType })),
);

describe('update schemas (an update changes exactly the fields it names)', () => {
  it('finds the update schema of every PATCH/PUT route', () => {
    expect(updateSchemas.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining([
        'admin.schemas.ts adminCustomerUpdateSchema',
        'admin.schemas.ts adminVendorUpdateSchema',
        'admin.schemas.ts availabilityWindowUpdateSchema',
        'profile.schemas.ts updateProfileSchema',
        'vendor-signup.schemas.ts vendorProfilePatchSchema',
        'vendor-signup.schemas.ts vendorServicePatchSchema',
      ]),
    );
  });

  it.each(updateSchemas.map((s) => [s.name, s.schema] as const))(
    '%s adds no field to an empty request',
    (_name, schema) => {
      expect(schema.parse({})).toEqual({});
      // Not even a key holding undefined: the services build their SQL `set` from the keys present.
      expect(Object.keys(schema.parse({}) as object)).toEqual([]);
    },
  );

  it('takes every kind of default off, and keeps the checks and transforms', () => {
    const create = z.object({
      plain: z.number().default(15),
      optional: z.string().optional().default(''),
      nullable: z.number().nullable().default(null),
      piped: z
        .array(z.string())
        .default([])
        .transform((a) => [...new Set(a)]),
      prefault: z.string().prefault('x'),
      wrapped: z.boolean().default(true).nullable(),
      required: z.string().min(2),
    });
    const update = updateSchemaOf(create);
    expect(create.parse({ required: 'ok' })).not.toEqual({ required: 'ok' });
    expect(update.parse({})).toEqual({});
    expect(update.parse({ piped: ['a', 'a'], nullable: null, wrapped: null })).toEqual({
      piped: ['a'],
      nullable: null,
      wrapped: null,
    });
    expect(update.safeParse({ required: 'x' }).success).toBe(false);
    expect(update.safeParse({ plain: 'fifteen' }).success).toBe(false);
  });
});
