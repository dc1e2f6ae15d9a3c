import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorListResponse, VendorSuggestions } from '../../../shared/vendor.schemas.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

// What people in Mexico City type, against the demo directory (the 60 named vendors), through
// GET /api/vendors. Each query names vendors it must find (`finds`), the one it must rank first
// (`first`, when it matters), and vendors it must not return (`not`). Spanish, English, accents, typos,
// colonias, synonyms and several words at once (ARCHITECTURE §3.6).

interface Query {
  q: string;
  finds?: string[];
  first?: string;
  not?: string[];
  /** Exactly this many vendors, when the whole answer is known. */
  total?: number;
}

const repair = [
  'Don Beto Plomería y Electricidad',
  'Carpintería Fina Juárez',
  'Reparaciones del Hogar Martínez',
  'Cerrajería La Llave de Oro',
];
const cleaners = [
  'Brillo Total Limpieza',
  'Casa Impecable CDMX',
  'EcoLimpio Coyoacán',
  'La Burbuja Lavandería a Domicilio',
  'Limpiezas Doña Mago',
  'Limpieza Post-Obra Hernández',
];
const dogs = ['Paseos Felices Condesa', 'Guardería Canina Huellitas', 'Adiestramiento Canino K9 Coyoacán'];
const beauty = [
  'Uñas Kawaii by Mariko',
  'Estética Luz',
  'Maquillaje y Peinado Fernanda Ruiz',
  'Barbería El Bigote de Don Chucho',
  'Cejas y Pestañas Studio Alma',
];
const tutors = [
  'Matemáticas con la Profe Itzel',
  'English Club Roma',
  'Clases de Mandarín Laoshi Wei',
  'Deutsch mit Jonas',
  'Regularización Santa Mari',
];
const childcare = ['Nanas de Confianza Roma', 'Cuidado Infantil Bilingüe Polanco'];
const movers = ['Mudanzas Ligeras El Güero', 'Chofer Privado Arturo', 'Bici Mensajería Centro'];
const tech = ['Soporte Técnico Byte', 'Hogar Conectado Redes y Wi-Fi', 'Cel Fix Juárez'];
const tailors = ['Costura y Arreglos Doña Lupe', 'Sastrería Hermanos Ávila', 'Atelier Renata'];
const gardeners = [
  'Jardinería y Poda Santa María',
  'Jardines Verticales Xochi',
  'Huerto Urbano en tu Azotea',
  'Doctor de Plantas Mateo',
];
const cooks = [
  'Sabores de Oaxaca Chef a Domicilio',
  'Cocina de la Abuela Chela',
  'Fit Kitchen Meal Prep',
  'Repostería Dulce Ribera',
];
const trainers = [
  'Entrena con Diego',
  'Corre CDMX Running Coach',
  'Pilates a Domicilio Valeria',
  'Box Funcional Doctores',
];
/** Demo vendors not approved (submitted or pending): never found (decision 048). */
const unlisted = [
  'Orden y Brillo',
  'Tapicería Limpia Express',
  'Capoeira e Calistenia Alameda',
  'Estética Canina Pelusa',
  'Tareas y Juegos Coyoacán',
];
const photographers = ['Luz de Barrio Fotografía', 'Fotografía de Eventos Coyoacán'];

const queries: Query[] = [
  // Trades, as people call them (synonyms of the category).
  { q: 'plomero', finds: repair, first: 'Don Beto Plomería y Electricidad', not: cleaners, total: 4 },
  { q: 'plomeros', finds: repair, not: ['Atelier Renata'] },
  { q: 'fontanero', finds: repair, total: 4 },
  { q: 'plomería', finds: repair, first: 'Don Beto Plomería y Electricidad' },
  { q: 'electricista', finds: repair, first: 'Don Beto Plomería y Electricidad' },
  { q: 'cerrajero', finds: repair, first: 'Cerrajería La Llave de Oro' },
  { q: 'carpintero', finds: ['Carpintería Fina Juárez'], first: 'Carpintería Fina Juárez' },
  { q: 'handyman', finds: repair, total: 4 },
  { q: 'plumber', finds: repair, total: 4 },
  // Typos.
  { q: 'plomro', finds: repair, not: cleaners, total: 4 },
  { q: 'electrisista', finds: repair, total: 4 },
  { q: 'limpeza', finds: cleaners, not: repair },
  { q: 'mascotass', finds: dogs },
  { q: 'jardinro', finds: gardeners },
  // Cleaning: every cleaner, as the Cleaning chip has them.
  { q: 'limpieza', finds: cleaners, not: repair },
  { q: 'Limpieza del Hogar', finds: cleaners },
  { q: 'cleaning', finds: cleaners, not: [...dogs, ...unlisted], total: 6 },
  { q: 'house cleaning', finds: cleaners, total: 6 },
  {
    q: 'lavandería',
    finds: ['La Burbuja Lavandería a Domicilio'],
    first: 'La Burbuja Lavandería a Domicilio',
  },
  // Pets.
  { q: 'perro', finds: dogs, not: cleaners },
  { q: 'perros', finds: dogs, not: cleaners },
  { q: 'mascota', finds: [...dogs, 'Gatos en Casa'] },
  { q: 'paseador de perros', finds: dogs, not: cleaners },
  { q: 'dog walker', finds: dogs },
  { q: 'gato', finds: ['Gatos en Casa'], first: 'Gatos en Casa' },
  // Beauty: "uñas" with and without its tilde.
  { q: 'uñas', finds: beauty, first: 'Uñas Kawaii by Mariko', not: repair },
  { q: 'unas', finds: beauty, first: 'Uñas Kawaii by Mariko' },
  { q: 'manicure', finds: beauty, not: dogs },
  { q: 'barbero', finds: beauty, first: 'Barbería El Bigote de Don Chucho' },
  { q: 'maquillaje', finds: beauty, first: 'Maquillaje y Peinado Fernanda Ruiz' },
  // Lessons.
  { q: 'clases', finds: ['Clases de Piano Katya', 'Clases de Mandarín Laoshi Wei', ...tutors] },
  { q: 'maestro', finds: tutors },
  { q: 'tutor', finds: tutors, not: cleaners, total: 5 },
  { q: 'regularización', finds: tutors, first: 'Regularización Santa Mari' },
  { q: 'regularizacion', finds: tutors, first: 'Regularización Santa Mari' },
  { q: 'matemáticas', finds: ['Matemáticas con la Profe Itzel'], first: 'Matemáticas con la Profe Itzel' },
  { q: 'piano', finds: ['Clases de Piano Katya'], total: 1 },
  { q: 'clases de inglés', finds: ['English Club Roma'], first: 'English Club Roma' },
  { q: 'mandarín', finds: ['Clases de Mandarín Laoshi Wei'], first: 'Clases de Mandarín Laoshi Wei' },
  // A language spoken: the name in either language.
  {
    q: 'inglés',
    finds: ['English Club Roma', 'Cuidado Infantil Bilingüe Polanco'],
    first: 'English Club Roma',
  },
  { q: 'ingles', finds: ['English Club Roma'], first: 'English Club Roma' },
  { q: 'japonés', finds: ['Uñas Kawaii by Mariko'] },
  { q: 'francés', finds: ['Atelier Renata'] },
  // Childcare, moving, tech, tailoring, plants, cooking, photography, fitness, wellness.
  { q: 'niñera', finds: childcare, not: [...dogs, ...unlisted], total: 2 },
  { q: 'ninera', finds: childcare, total: 2 },
  { q: 'nanny', finds: childcare, total: 2 },
  { q: 'mudanza', finds: ['Mudanzas Ligeras El Güero'], first: 'Mudanzas Ligeras El Güero' },
  { q: 'flete', finds: movers, total: 3 },
  { q: 'compu', finds: tech, total: 3 },
  { q: 'laptop', finds: tech, not: cleaners },
  { q: 'wifi', finds: ['Hogar Conectado Redes y Wi-Fi'] },
  { q: 'costurera', finds: tailors, total: 3 },
  { q: 'arreglos de ropa', finds: tailors, total: 3 },
  { q: 'sastre', finds: tailors, first: 'Sastrería Hermanos Ávila' },
  { q: 'jardinero', finds: gardeners, not: cleaners },
  { q: 'plantas', finds: gardeners, first: 'Doctor de Plantas Mateo' },
  { q: 'chef', finds: cooks, first: 'Sabores de Oaxaca Chef a Domicilio' },
  { q: 'fotógrafo', finds: photographers, total: 2 },
  { q: 'fotografo', finds: photographers, total: 2 },
  { q: 'entrenador personal', finds: trainers, not: cleaners },
  { q: 'gym', finds: trainers },
  { q: 'pilates', finds: ['Pilates a Domicilio Valeria'], first: 'Pilates a Domicilio Valeria' },
  { q: 'masaje', finds: ['Masaje Terapéutico Ixchel'], first: 'Masaje Terapéutico Ixchel', not: cleaners },
  { q: 'massage', finds: ['Masaje Terapéutico Ixchel'] },
  { q: 'yoga', finds: ['Yoga Amatl', 'Entrena con Diego'], not: cleaners },
  // Colonias, with or without accents, alone and with a service: every word must match.
  {
    q: 'Coyoacán',
    finds: ['EcoLimpio Coyoacán', 'Yoga Amatl', 'Adiestramiento Canino K9 Coyoacán'],
    not: unlisted,
  },
  { q: 'Coyoacan', finds: ['EcoLimpio Coyoacán', 'Yoga Amatl'] },
  { q: 'coyoacan', finds: ['Adiestramiento Canino K9 Coyoacán'] },
  { q: 'Roma Norte', finds: ['Nanas de Confianza Roma', 'Brillo Total Limpieza', 'English Club Roma'] },
  { q: 'yoga condesa', finds: ['Entrena con Diego'], not: ['Yoga Amatl'] },
  { q: 'yoga coyoacán', finds: ['Yoga Amatl'], not: ['Entrena con Diego'], total: 1 },
  { q: 'limpieza condesa', finds: ['Brillo Total Limpieza'], not: ['EcoLimpio Coyoacán', ...unlisted] },
  { q: 'perro condesa', finds: ['Paseos Felices Condesa'], not: ['Adiestramiento Canino K9 Coyoacán'] },
  { q: 'jardinero polanco', finds: ['Jardines Verticales Xochi'], not: ['Doctor de Plantas Mateo'] },
  {
    q: 'plomero roma',
    finds: ['Cerrajería La Llave de Oro'],
    not: [...cleaners, 'Reparaciones del Hogar Martínez'],
  },
  // Names, and product §5's contains rule, which still holds.
  {
    q: 'Doña Lupe',
    finds: ['Costura y Arreglos Doña Lupe'],
    first: 'Costura y Arreglos Doña Lupe',
    total: 1,
  },
  { q: 'dona lupe', finds: ['Costura y Arreglos Doña Lupe'], first: 'Costura y Arreglos Doña Lupe' },
  { q: 'Kawaii', finds: ['Uñas Kawaii by Mariko'], total: 1 },
  { q: 'brill', finds: ['Brillo Total Limpieza'], not: unlisted },
  { q: 'mpieza', finds: ['Brillo Total Limpieza', 'Limpiezas Doña Mago'] },
  { q: 'hogar', finds: [...cleaners, ...repair] },
  { q: 'Personal Training', finds: trainers },
  { q: 'Lawn Care', finds: gardeners },
  // Not approved: not public, whatever is typed (decision 048).
  { q: 'Orden y Brillo', not: unlisted },
  { q: 'Estética Canina Pelusa', not: unlisted },
  // Nothing there.
  { q: 'submarinismo', total: 0 },
  { q: 'xyzzy', total: 0 },
];

describe(`vendor search: what people type (${testEngine})`, () => {
  let database: Database;
  let request: (path: string) => Promise<Response>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 60, now: new Date('2026-11-26T18:00:00Z') });
    const { app } = createTestApp(database);
    request = async (path) => app.request(path);
  });

  afterAll(() => database.close());

  it('has at least 60 queries', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
  });

  // What the search box suggests as the text is typed.
  const suggest = async (q: string) => {
    const res = await request(`/api/vendors/suggest?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as VendorSuggestions;
  };

  it('suggests categories by the words people use, colonias and vendors, as the search finds them', async () => {
    expect(await suggest('plom')).toMatchObject({ categories: ['repair'], colonias: [] });
    expect((await suggest('plomero')).vendors.map((v) => v.business_name)).toContain(
      'Don Beto Plomería y Electricidad',
    );
    expect(await suggest('roma')).toMatchObject({ colonias: ['Roma Norte', 'Roma Sur'] });
    // product §3's Coyoacán first, then the city's colonias of that name (decision 073).
    expect((await suggest('coyoa')).colonias).toEqual(['Coyoacán', 'Villa Coyoacán', 'Floresta Coyoacán']);
    expect((await suggest('niñe')).categories).toEqual(['childcare']);
    expect((await suggest('uñas')).categories).toEqual(['beauty']);
    const kawaii = await suggest('kawaii');
    expect(kawaii.vendors).toEqual([
      { slug: expect.any(String), business_name: 'Uñas Kawaii by Mariko', service_category: 'beauty' },
    ]);
    expect(await suggest('xyzzy')).toEqual({ categories: [], colonias: [], vendors: [] });
    // Never a vendor that is not public (decision 048), and at most five.
    expect((await suggest('Orden y Brillo')).vendors.map((v) => v.business_name)).not.toContain(
      'Orden y Brillo',
    );
    expect((await suggest('limpieza')).vendors.length).toBeLessThanOrEqual(5);
  });

  it.each(['limpieza', 'Coyoacan', 'plomero', 'yoga'])(
    'suggests for "%s" the vendors the search ranks first, in its order',
    async (q) => {
      const res = await request(`/api/vendors?limit=5&q=${encodeURIComponent(q)}`);
      const ranked = ((await res.json()) as VendorListResponse).items.map((v) => v.business_name);
      expect(ranked.length).toBeGreaterThan(0);
      expect((await suggest(q)).vendors.map((v) => v.business_name)).toEqual(ranked);
    },
  );

  it('refuses text shorter than a search', async () => {
    expect((await request('/api/vendors/suggest?q=pl')).status).toBe(400);
    expect((await request('/api/vendors/suggest')).status).toBe(400);
  });

  it.each(queries)('$q', async ({ q, finds = [], first, not = [], total }) => {
    const res = await request(`/api/vendors?limit=50&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as VendorListResponse;
    const names = body.items.map((v) => v.business_name);
    for (const name of finds) expect(names, `"${q}" finds ${name}`).toContain(name);
    for (const name of not) expect(names, `"${q}" does not find ${name}`).not.toContain(name);
    if (first) expect(names[0], `"${q}" ranks ${first} first`).toBe(first);
    if (total !== undefined) expect(body.total, `"${q}" finds ${total}: ${names.join(', ')}`).toBe(total);
  });
});
