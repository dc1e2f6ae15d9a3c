import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categoryKeyOf, legacyCategoryLabels } from '../../../shared/categories.ts';
import type { VendorListResponse } from '../../../shared/vendor.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searchTerms } from '../../db/schema/search.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import { syncSearchTerms } from '../../db/search-terms.ts';
import { sqlState } from '../../lib/app-error.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

// ARCHITECTURE §3.6: the search document is the database's to keep. Every change to a
// vendor, its services or the search terms is found by the next search through the API, whose answers
// are cached until a vendor changes (decision 026); category keys only are stored (decision 050).

describe(`vendor search document (${testEngine})`, () => {
  let database: Database;
  let request: (path: string) => Promise<Response>;

  const found = async (q: string) => {
    const res = await request(`/api/vendors?limit=50&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as VendorListResponse).items.map((v) => v.business_name);
  };
  /** Waits until the search answers `expected`: a cached answer goes when the change's notification arrives, after its commit. */
  const becomes = (q: string, expected: string[]) =>
    vi.waitFor(async () => expect(await found(q)).toEqual(expected), { timeout: 5_000 });

  beforeAll(async () => {
    database = await createTestDatabase();
    const { app } = createTestApp(database);
    request = async (path) => app.request(path);
  });

  afterAll(() => database.close());

  it("follows the vendor's services, name, category and colonias as they change", async () => {
    const db = database.db;
    const vendor = await insertVendor(db, {
      businessName: 'Dulces Ximena',
      serviceCategory: 'cooking',
      applicationStatus: 'approved',
      serviceAreas: ['Doctores'],
    });
    expect(await found('zanahoria')).toEqual([]);

    const service = await insertService(db, vendor.id, { name: 'Pastel de zanahoria' });
    await becomes('zanahoria', ['Dulces Ximena']);
    await becomes('pasteles zanahoria', ['Dulces Ximena']); // stemmed, every word

    await db.update(services).set({ isActive: false }).where(eq(services.id, service.id));
    await becomes('zanahoria', []);
    await db.update(services).set({ isActive: true }).where(eq(services.id, service.id));
    await becomes('zanahoria', ['Dulces Ximena']);

    await db
      .update(vendorProfiles)
      .set({ businessName: 'Repostería Ximena' })
      .where(eq(vendorProfiles.id, vendor.id));
    await becomes('reposteria', ['Repostería Ximena']);

    // The category's synonyms follow the category.
    expect(await found('niñera')).toEqual([]);
    await db
      .update(vendorProfiles)
      .set({ serviceCategory: 'childcare' })
      .where(eq(vendorProfiles.id, vendor.id));
    await becomes('niñera', ['Repostería Ximena']);

    await db
      .update(vendorProfiles)
      .set({ serviceAreas: ['Polanco'] })
      .where(eq(vendorProfiles.id, vendor.id));
    await becomes('zanahoria polanco', ['Repostería Ximena']);
    await becomes('zanahoria doctores', []);

    await db.delete(services).where(eq(services.id, service.id));
    await becomes('zanahoria', []);
  });

  it("adds new services' words to the document: the same words and weights as writing it whole", async () => {
    const db = database.db;
    const vendor = await insertVendor(db, { businessName: 'Taller Ofelia', serviceCategory: 'tailoring' });
    await db.insert(services).values([
      {
        vendorProfileId: vendor.id,
        name: 'Bastilla de pantalón',
        description: 'Con hilo del color',
        priceCents: 9_000,
        durationMinutes: 30,
      },
      {
        vendorProfileId: vendor.id,
        name: 'Cierre nuevo',
        priceCents: 12_000,
        durationMinutes: 30,
        isActive: false,
      },
    ]);
    // Each lexeme with its weights (in any order), as stored and as the whole document would be written now.
    const words = (document: ReturnType<typeof sql>) =>
      sql`array(select lexeme || ':' || (select string_agg(w::text, '' order by w) from unnest(weights) w) from unnest(${document}) order by 1)`;
    const [row] = await db
      .select({
        stored: words(sql`${vendorProfiles.searchDocument}`).mapWith(String),
        whole: words(
          sql`barrio_vendor_document(${vendorProfiles.id}, ${vendorProfiles.businessName}, ${vendorProfiles.serviceCategory}, ${vendorProfiles.bio}, ${vendorProfiles.serviceAreas}, ${vendorProfiles.languages})`,
        ).mapWith(String),
      })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendor.id));
    expect(row!.stored).toContain('bastill');
    expect(row!.stored).not.toContain('cierre');
    expect(row!.stored).toBe(row!.whole);
  });

  it("puts vendors who work at the customer's place first when a search asks for it", async () => {
    const db = database.db;
    // The same words and weights; the one at the customer's place is the older, so that without
    // the preference it would come second.
    const atHome = await insertVendor(db, {
      businessName: 'Tijeras Nómadas',
      serviceCategory: 'beauty',
      applicationStatus: 'approved',
    });
    await insertService(db, atHome.id, { name: 'Corte de cabello', location: 'customer' });
    const atTheSalon = await insertVendor(db, {
      businessName: 'Tijeras del Barrio',
      serviceCategory: 'beauty',
      applicationStatus: 'approved',
    });
    await insertService(db, atTheSalon.id, { name: 'Corte de cabello', location: 'vendor' });
    await becomes('corte de cabello tijeras', ['Tijeras del Barrio', 'Tijeras Nómadas']);
    for (const q of [
      'corte de cabello tijeras a domicilio',
      'me cortan el cabello en casa tijeras',
      'haircut tijeras at home',
    ])
      expect(await found(q), q).toEqual(['Tijeras Nómadas', 'Tijeras del Barrio']);
    // A service without a place of its own is done where its category's are: cleaning at home.
    const cleaner = await insertVendor(db, {
      businessName: 'Tijeras Limpias',
      serviceCategory: 'cleaning',
      applicationStatus: 'approved',
    });
    await insertService(db, cleaner.id, { name: 'Corte de cabello', location: null });
    await becomes('corte de cabello tijeras', ['Tijeras Limpias', 'Tijeras del Barrio', 'Tijeras Nómadas']);
    expect(await found('corte de cabello tijeras a domicilio')).toEqual([
      'Tijeras Limpias',
      'Tijeras Nómadas',
      'Tijeras del Barrio',
    ]);
  });

  it('writes the search terms once, and a changed term rewrites the documents that carry it', async () => {
    const db = database.db;
    await insertVendor(db, {
      businessName: 'Tubos Ruiz',
      serviceCategory: 'repair',
      applicationStatus: 'approved',
    });
    await becomes('fontanero', ['Tubos Ruiz']);
    expect(await syncSearchTerms(db)).toEqual({ changed: 0 });

    // A deploy that changed the repair words: the old synonym no longer finds the vendor.
    await db
      .update(searchTerms)
      .set({ words: 'reparaciones' })
      .where(sql`${searchTerms.kind} = 'category' and ${searchTerms.key} = 'repair'`);
    await becomes('fontanero', []);
    expect(await syncSearchTerms(db)).toEqual({ changed: 1 });
    await becomes('fontanero', ['Tubos Ruiz']);
  });

  it('stores category keys only (decision 050)', async () => {
    const refused = await insertVendor(database.db, { serviceCategory: 'House Cleaning' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(sqlState(refused)).toBe('23514');
  });
});

describe(`migration 0016: stored category labels become keys (${testEngine})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('maps every label stored before keys as the app does, and anything else to other', async () => {
    const migration = readFileSync(new URL('../../db/migrations/0016_search.sql', import.meta.url), 'utf8');
    const mapping = /UPDATE "vendor_profiles" SET "service_category" = CASE[\s\S]*?END;/.exec(migration)?.[0];
    expect(mapping).toBeDefined();
    const db = database.db;
    await db.execute(
      sql`create temporary table legacy (service_category text, business_name text, bio text)`,
    );
    const labels = [
      ...Object.keys(legacyCategoryLabels),
      ...Object.keys(legacyCategoryLabels).map((label) => ` ${label.toUpperCase()} `),
      'cleaning',
      'tech',
      'Algo que no es categoría',
    ];
    for (const label of labels) {
      await db.execute(sql`insert into legacy values (${label}, 'Estudio', null)`);
    }
    await db.execute(
      sql`insert into legacy values ('Beauty & Wellness', 'Spa Xochitl', 'Masajes relajantes')`,
    );
    await db.execute(
      sql.raw(mapping!.replace('UPDATE "vendor_profiles"', 'UPDATE legacy').replace(/;$/, '')),
    );
    const rows = await db.execute(sql`select service_category from legacy`);
    // Both drivers answer with the rows under `rows`.
    const stored = (rows as unknown as { rows: { service_category: string }[] }).rows;
    const expected = [
      ...labels.map((label) => {
        // "Beauty & Wellness" without words of massage or therapy is beauty; everything else as the app maps it.
        const key = categoryKeyOf(label);
        if (/beauty & wellness|belleza y bienestar/i.test(label)) return 'beauty';
        return key ?? 'other';
      }),
      'wellness',
    ];
    expect(stored.map((r) => r.service_category)).toEqual(expected);
  });
});
