import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type VendorListResponse,
  type VendorSuggestions,
  vendorListQuerySchema,
} from '../../../shared/vendor.schemas.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { listPublicVendors, vendorListFilter } from './vendors.service.ts';

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

/**
 * Sentences, as people write to a friend or type into a phone: filler words never count, everyday
 * words and diminutives are the words vendors write, and when no vendor has every word the ones
 * with the most of them answer (vendor-search.ts).
 */
const sentences: Query[] = [
  { q: 'busco a alguien que pinte mi cuarto', first: 'Reparaciones del Hogar Martínez' },
  { q: 'necesito quien pasee a mi perrita', first: 'Paseos Felices Condesa', not: cleaners },
  { q: 'quiero arreglar mi compu', first: 'Soporte Técnico Byte', total: 1 },
  { q: 'alguien para cuidar a mi bebe en la noche', finds: childcare, total: 2 },
  { q: 'me pueden cortar el pelo en casa', first: 'Estética Luz', not: repair },
  { q: 'quien instale el wifi', first: 'Hogar Conectado Redes y Wi-Fi', total: 1 },
  { q: 'necesito un plomero urgente', finds: repair, first: 'Don Beto Plomería y Electricidad', total: 4 },
  { q: 'se me rompió la tubería y hay una fuga', first: 'Don Beto Plomería y Electricidad' },
  { q: 'busco quien me arregle la llave del baño', finds: ['Cerrajería La Llave de Oro'], not: cleaners },
  { q: 'quiero que limpien mi depa', finds: ['Brillo Total Limpieza', 'Casa Impecable CDMX'], not: repair },
  { q: 'necesito alguien que limpie mi casa el sábado', finds: ['Brillo Total Limpieza'], not: repair },
  { q: 'busco una señora de limpieza', finds: cleaners, not: repair },
  { q: 'quien me ayude con la mudanza', first: 'Mudanzas Ligeras El Güero', not: cleaners },
  { q: 'necesito un flete para mover mis muebles', first: 'Mudanzas Ligeras El Güero' },
  { q: 'busco chofer para el aeropuerto', first: 'Chofer Privado Arturo', total: 1 },
  { q: 'quiero clases de inglés para mi hijo', first: 'English Club Roma' },
  { q: 'busco maestra de matemáticas para mi peque', first: 'Regularización Santa Mari' },
  { q: 'necesito regularización para mis chamacos', first: 'Regularización Santa Mari' },
  { q: 'quiero aprender a tocar piano', first: 'Clases de Piano Katya' },
  { q: 'busco clases de mandarín', first: 'Clases de Mandarín Laoshi Wei', total: 1 },
  { q: 'quien me haga las uñas', first: 'Uñas Kawaii by Mariko', not: repair },
  { q: 'quiero hacerme manicure', finds: ['Uñas Kawaii by Mariko', 'Estética Luz'], not: dogs },
  { q: 'busco barbero cerca', first: 'Barbería El Bigote de Don Chucho', not: repair },
  { q: 'necesito que me maquillen para una boda', first: 'Maquillaje y Peinado Fernanda Ruiz' },
  { q: 'me urge un cerrajero', first: 'Cerrajería La Llave de Oro', not: cleaners },
  { q: 'se me quedaron las llaves adentro', first: 'Cerrajería La Llave de Oro' },
  { q: 'busco un electricista para cambiar un foco', first: 'Don Beto Plomería y Electricidad' },
  {
    q: 'quiero un carpintero que haga un librero',
    finds: ['Reparaciones del Hogar Martínez'],
    not: cleaners,
  },
  { q: 'necesito quien arregle mi celular', first: 'Soporte Técnico Byte', not: cleaners },
  { q: 'se descompuso mi laptop', finds: ['Soporte Técnico Byte'], not: cleaners },
  { q: 'quiero que me configuren el internet', first: 'Hogar Conectado Redes y Wi-Fi' },
  { q: 'busco a alguien que pasee a mis lomitos', first: 'Paseos Felices Condesa', not: cleaners },
  { q: 'necesito guardería para mi perro', first: 'Guardería Canina Huellitas', total: 1 },
  { q: 'quien cuide a mis michis mientras viajo', first: 'Gatos en Casa', total: 1 },
  { q: 'quiero un entrenador personal', finds: trainers, first: 'Entrena con Diego', not: dogs },
  { q: 'necesito clases de yoga', first: 'Yoga Amatl', total: 1 },
  { q: 'busco pilates a domicilio', first: 'Pilates a Domicilio Valeria', total: 1 },
  { q: 'quiero un masaje relajante', first: 'Masaje Terapéutico Ixchel', not: cleaners },
  { q: 'busco un chef para una cena en casa', first: 'Sabores de Oaxaca Chef a Domicilio' },
  { q: 'quiero comida casera para la semana', finds: ['Cocina de la Abuela Chela'], not: cleaners },
  { q: 'necesito pastel para cumpleaños', first: 'Repostería Dulce Ribera', total: 1 },
  { q: 'busco fotógrafo para mi boda', first: 'Fotografía de Eventos Coyoacán', total: 1 },
  { q: 'quiero una sesión de fotos familiar', first: 'Luz de Barrio Fotografía' },
  { q: 'necesito un jardinero para podar', finds: gardeners, not: cleaners },
  { q: 'quien me ayude con mis plantas', first: 'Doctor de Plantas Mateo' },
  { q: 'quiero un huerto en mi azotea', first: 'Huerto Urbano en tu Azotea', total: 1 },
  { q: 'busco costurera para arreglar un vestido', finds: ['Costura y Arreglos Doña Lupe'], not: repair },
  { q: 'necesito un sastre para un traje', first: 'Sastrería Hermanos Ávila', total: 1 },
  { q: 'quiero que me planchen la ropa', first: 'La Burbuja Lavandería a Domicilio' },
  { q: 'busco lavandería a domicilio', first: 'La Burbuja Lavandería a Domicilio', total: 1 },
  { q: 'necesito niñera para el fin de semana', finds: childcare, total: 2 },
  { q: 'busco nana bilingüe', first: 'Cuidado Infantil Bilingüe Polanco' },
  { q: 'necesito limpieza profunda después de la obra', first: 'Limpieza Post-Obra Hernández' },
  { q: 'busco quien me corte el cabello', first: 'Estética Luz', not: repair },
  // English.
  { q: 'someone to walk my dog', first: 'Paseos Felices Condesa', not: cleaners },
  { q: 'I need a plumber', finds: repair, total: 4 },
  { q: 'looking for someone to clean my apartment', finds: ['Brillo Total Limpieza'], not: repair },
  { q: 'can someone fix my laptop', first: 'Soporte Técnico Byte', not: cleaners },
  { q: 'I want english classes', first: 'English Club Roma' },
  { q: 'need a nanny for tonight', finds: childcare, total: 2 },
  { q: 'looking for a personal trainer', finds: trainers, first: 'Entrena con Diego' },
  { q: 'who can cut my hair at home', first: 'Estética Luz', not: repair },
  // Only filler: nothing is asked for, nothing is found.
  { q: 'busco a alguien que me ayude', total: 0 },
  { q: 'zzqx nothing like this', total: 0 },
];

/** Wednesday 2 December 2026, 09:00 in Mexico City. */
const NOW = '2026-12-02T15:00:00Z';

describe(`vendor search: what people type (${testEngine})`, () => {
  let database: Database;
  let request: (path: string) => Promise<Response>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 60, now: new Date('2026-11-26T18:00:00Z') });
    // Time words prefer the vendors open then (decision 085): the clock is fixed.
    const { app } = createTestApp(database, { clock: fixedClock(NOW) });
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

  it('has at least 60 sentences', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(60);
  });

  it.each([...queries, ...sentences])('$q', async ({ q, finds = [], first, not = [], total }) => {
    const res = await request(`/api/vendors?limit=50&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as VendorListResponse;
    const names = body.items.map((v) => v.business_name);
    for (const name of finds) expect(names, `"${q}" finds ${name}`).toContain(name);
    for (const name of not) expect(names, `"${q}" does not find ${name}`).not.toContain(name);
    if (first) expect(names[0], `"${q}" ranks ${first} first`).toBe(first);
    if (total !== undefined) expect(body.total, `"${q}" finds ${total}: ${names.join(', ')}`).toBe(total);
  });

  // Decision 089: a level is looked for among the newest vendors, then counted through the
  // indexes. Walking none of them, only the count decides; walking all 60, the walk decides
  // wherever a level has a match: the two agree on every sentence, within a colonia too.
  it('finds the same level of a sentence whether walked or counted', async () => {
    const levels = { walked: [] as number[], counted: [] as number[] };
    for (const { q } of sentences)
      for (const colonia of [undefined, 'Roma Norte', 'Coyoacán']) {
        const query = { q, ...(colonia ? { colonia } : {}) };
        levels.walked.push((await vendorListFilter(database.db, query, 1000)).level ?? 0);
        levels.counted.push((await vendorListFilter(database.db, query, 0)).level ?? 0);
      }
    expect(levels.counted).toEqual(levels.walked);
    // Some sentences have every word in one vendor, others only some: both paths were asked.
    expect(new Set(levels.walked).size).toBeGreaterThan(2);
  });

  async function names(path: string, clock = request) {
    const res = await clock(`/api/vendors?limit=50&${path}`);
    expect(res.status, path).toBe(200);
    return ((await res.json()) as VendorListResponse).items.map((v) => v.business_name);
  }

  it.each([
    { q: 'limpieza hoy', days: ['2026-12-02'] },
    { q: 'limpieza fin de semana', days: ['2026-12-05', '2026-12-06'] },
    { q: 'cleaning this weekend', days: ['2026-12-05', '2026-12-06'] },
    { q: 'clases el fin de semana', days: ['2026-12-05', '2026-12-06'] },
    { q: 'need a nanny for tonight', days: ['2026-12-02'] },
    // On a Friday, tomorrow is Saturday; on a Saturday, urgent is today or Sunday.
    { q: 'limpieza mañana', days: ['2026-12-05'], now: '2026-12-04T15:00:00Z' },
    { q: 'clases mañana', days: ['2026-12-05'], now: '2026-12-04T15:00:00Z' },
    { q: 'clases urgente', days: ['2026-12-05', '2026-12-06'], now: '2026-12-05T15:00:00Z' },
    { q: 'plomero urgente', days: ['2026-12-05', '2026-12-06'], now: '2026-12-05T15:00:00Z' },
    { q: 'limpieza hoy', days: ['2026-12-05'], now: '2026-12-05T15:00:00Z' },
    // On a Saturday, the weekend is that Saturday and Sunday; on a Sunday, that Sunday.
    { q: 'limpieza fin de semana', days: ['2026-12-05', '2026-12-06'], now: '2026-12-05T15:00:00Z' },
    { q: 'clases fin de semana', days: ['2026-12-06'], now: '2026-12-06T15:00:00Z' },
    { q: 'belleza fin de semana', days: ['2026-12-06'], now: '2026-12-06T15:00:00Z' },
  ])('"$q" lists the vendors open then first, the others after in their order', async ({ q, days, now }) => {
    const text = `q=${encodeURIComponent(q)}`;
    const at = now ? createTestApp(database, { clock: fixedClock(now) }).app : undefined;
    const ask = at ? async (path: string) => at.request(path) : request;
    // The search's own order: the service without the clock.
    const query = vendorListQuerySchema.parse({ q, limit: '50' });
    const ranked = (await listPublicVendors(database.db, query)).items.map((v) => v.business_name);
    const open = new Set(
      (await Promise.all(days.map((day) => names(`available_on=${day}&${text}`, ask)))).flat(),
    );
    const preferred = [
      ...ranked.filter((name) => open.has(name)),
      ...ranked.filter((name) => !open.has(name)),
    ];
    // Something moved: the test says something.
    expect(open.size).toBeGreaterThan(0);
    expect(open.size).toBeLessThan(ranked.length);
    expect(await names(text, ask)).toEqual(preferred);
  });

  it('moves the vendors that are not open then after the others', async () => {
    // Open today: all the cleaners but three; on the weekend: all but EcoLimpio.
    expect((await names('q=limpieza%20hoy')).slice(-3)).toEqual([
      'Limpiezas Doña Mago',
      'Limpieza Post-Obra Hernández',
      'Jardinería y Poda Santa María',
    ]);
    expect((await names('q=limpieza%20fin%20de%20semana')).at(-1)).toBe('EcoLimpio Coyoacán');
    // Without a time word, the clock changes nothing.
    const query = vendorListQuerySchema.parse({ q: 'limpieza', limit: '50' });
    expect(await names('q=limpieza')).toEqual(
      (await listPublicVendors(database.db, query)).items.map((v) => v.business_name),
    );
  });
});
