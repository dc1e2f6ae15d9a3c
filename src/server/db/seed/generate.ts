import {
  languages as allLanguages,
  neighborhoods,
  type VendorCategoryKey,
} from '../../../shared/categories.ts';
import type { ApplicationStatus, PricingType } from '../../../shared/constants.ts';
import { slugify } from '../../../shared/slug.ts';
import type { DemoService, DemoVendor, DemoVendorOrigin, Language, Neighborhood } from './demo-vendors.ts';
import type { ScheduleName } from './schedules.ts';

// Vendors beyond the named ones (ARCHITECTURE §13: `SEED_VENDORS=100000`), for load tests and for a
// directory that feels full. Deterministic: vendor N is the same on every machine and every run,
// whatever the batch it is made in, because its random numbers come from its own index.

/** mulberry32: a tiny, fast, seedable PRNG (Math.random cannot be seeded). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < count && copy.length > 0)
      out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, chance, sample };
}

type ServiceTemplate = readonly [
  name: string,
  description: string,
  minPesos: number,
  maxPesos: number,
  minutes: readonly number[],
];

interface Family {
  /** The stored service_category: a key of the one taxonomy (decision 050). */
  category: VendorCategoryKey;
  heads: readonly string[];
  openings: readonly string[];
  services: readonly ServiceTemplate[];
  schedules: readonly ScheduleName[];
  certifications: readonly string[];
}

const families: readonly Family[] = [
  {
    category: 'cleaning',
    heads: ['Limpieza', 'Limpiezas', 'Brillo', 'Casa Limpia', 'Hogar Reluciente', 'Aseo Integral'],
    openings: [
      'Limpieza de casas y departamentos con personal de confianza.',
      'Limpieza profunda, planchado y orden para tu hogar.',
      'Dejamos tu casa impecable para que tú descanses.',
    ],
    services: [
      ['Limpieza general', 'Departamento de hasta 80 m².', 350, 600, [120, 180, 240]],
      ['Limpieza profunda', 'Cocina, baños y ventanas.', 550, 1200, [180, 240]],
      ['Planchado por hora', 'Ropa de cama y camisas.', 150, 250, [60]],
      ['Limpieza de fin de mudanza', 'Deja tu depa listo para entregar.', 800, 1600, [240]],
    ],
    schedules: ['office', 'officeSaturday', 'early'],
    certifications: ['Manejo seguro de productos de limpieza', 'Primeros auxilios (Cruz Roja Mexicana)'],
  },
  {
    category: 'fitness',
    heads: ['Entrenamiento', 'Fitness', 'Funcional', 'Entrena', 'Movimiento', 'Box'],
    openings: [
      'Entrenamiento personal a domicilio o en el parque.',
      'Fuerza, cardio y movilidad con un plan a tu medida.',
      'Clases en grupos pequeños para todos los niveles.',
    ],
    services: [
      ['Entrenamiento personal', 'Sesión individual.', 300, 700, [45, 60]],
      ['Clase en pareja', 'Dos personas, mismo horario.', 450, 900, [60]],
      ['Evaluación física', 'Medición y plan de cuatro semanas.', 250, 500, [45, 60]],
    ],
    schedules: ['athletes', 'early', 'evenings'],
    certifications: [
      'NASM Certified Personal Trainer',
      'Licenciatura en Ciencias del Deporte',
      'ACE Personal Trainer',
    ],
  },
  {
    category: 'wellness',
    heads: ['Yoga', 'Masajes', 'Bienestar', 'Spa a Domicilio', 'Respira', 'Calma'],
    openings: [
      'Masajes y terapias de relajación en la comodidad de tu casa.',
      'Yoga y meditación para bajar el ritmo.',
      'Un momento de calma en medio de la ciudad.',
    ],
    services: [
      ['Masaje de relajación', 'Cuerpo completo.', 600, 1100, [60, 90]],
      ['Clase privada de yoga', 'Todos los niveles.', 350, 650, [60, 75]],
      ['Sesión de meditación', 'Guiada, presencial o en línea.', 250, 450, [45]],
    ],
    schedules: ['evenings', 'early', 'office'],
    certifications: ['Yoga Alliance RYT 200', 'Técnica en masoterapia'],
  },
  {
    category: 'beauty',
    heads: ['Estética', 'Salón', 'Barbería', 'Uñas', 'Belleza', 'Studio'],
    openings: [
      'Corte, color y peinado para toda la familia.',
      'Uñas, cejas y pestañas con productos de calidad.',
      'Barbería clásica y cortes modernos.',
    ],
    services: [
      ['Corte de cabello', 'Lavado y secado incluidos.', 150, 400, [30, 45, 60]],
      ['Tinte', 'Con tratamiento.', 600, 1200, [120, 150]],
      ['Manicure con gelish', 'Diseño sencillo.', 250, 450, [60, 90]],
      ['Maquillaje social', 'Para eventos.', 700, 1500, [60]],
    ],
    schedules: ['salon', 'officeSaturday'],
    certifications: ['Colorimetría profesional', 'Maquillaje profesional'],
  },
  {
    category: 'tutoring',
    heads: ['Tutorías', 'Clases', 'Regularización', 'Aprende', 'Profe', 'Academia'],
    openings: [
      'Regularización y apoyo con tareas para primaria, secundaria y prepa.',
      'Clases de idiomas para niños y adultos.',
      'Preparación para exámenes de admisión.',
    ],
    services: [
      ['Clase particular', 'Una materia por sesión.', 250, 500, [60]],
      ['Clase de inglés', 'Conversación y gramática.', 300, 550, [60, 90]],
      ['Preparación de examen', 'Simulacro incluido.', 450, 800, [90, 120]],
    ],
    schedules: ['afterSchool', 'evenings', 'split'],
    certifications: ['Cambridge CELTA', 'Licenciatura en Pedagogía'],
  },
  {
    category: 'repair',
    heads: ['Reparaciones', 'Plomería', 'Electricidad', 'Mantenimiento', 'Todo Arreglo', 'Maestro'],
    openings: [
      'Plomería, electricidad y reparaciones menores en tu casa.',
      'Resanes, pintura, chapas y armado de muebles.',
      'Te decimos el costo antes de empezar.',
    ],
    services: [
      ['Visita y diagnóstico', 'Se descuenta del trabajo.', 250, 450, [60]],
      ['Hora de maestro', 'Reparaciones menores.', 250, 400, [60]],
      ['Instalación eléctrica menor', 'Contactos, apagadores y lámparas.', 400, 900, [90, 120]],
      ['Reparación de fuga', 'Llaves y tubería a la vista.', 450, 900, [60, 90]],
    ],
    schedules: ['early', 'officeSaturday', 'fullWeek'],
    certifications: ['Electricista con constancia DC-3'],
  },
  {
    category: 'tailoring',
    heads: ['Sastrería', 'Costura', 'Arreglos', 'Atelier', 'Taller de Costura', 'Hilo y Aguja'],
    openings: [
      'Arreglos de ropa, ajustes y bastillas.',
      'Ropa a la medida y ajustes finos.',
      'Cierres, parches y ajustes listos en pocos días.',
    ],
    services: [
      ['Bastilla', 'Pantalón o falda.', 80, 150, [30]],
      ['Ajuste de saco', 'Mangas y cintura.', 300, 600, [45, 60]],
      ['Toma de medidas', 'Para prenda a la medida.', 300, 600, [60]],
    ],
    schedules: ['office', 'officeSaturday', 'salon'],
    certifications: ['Maestro sastre'],
  },
  {
    category: 'pets',
    heads: [
      'Paseos Caninos',
      'Huellitas',
      'Mascotas Felices',
      'Estética Canina',
      'Guardería Canina',
      'Patitas',
    ],
    openings: [
      'Paseos, guardería y cuidado de mascotas con reportes y fotos.',
      'Baño y corte para perros y gatos.',
      'Tu mascota en buenas manos mientras trabajas o viajas.',
    ],
    services: [
      ['Paseo de una hora', 'En grupo pequeño.', 120, 220, [60]],
      ['Baño y corte', 'Perro chico o mediano.', 250, 500, [60, 90, 120]],
      ['Visita a domicilio', 'Comida, agua y juego.', 150, 300, [30, 45]],
    ],
    schedules: ['early', 'fullWeek', 'salon'],
    certifications: ['Primeros auxilios caninos', 'Técnica en etología canina'],
  },
  {
    category: 'plants',
    heads: ['Jardinería', 'Jardines', 'Verde', 'Vivero a Domicilio', 'Poda', 'Huerto'],
    openings: [
      'Mantenimiento de jardines, terrazas y macetas.',
      'Poda, pasto y diseño de jardines pequeños.',
      'Plantas sanas en tu balcón o azotea.',
    ],
    services: [
      ['Mantenimiento de jardín', 'Poda ligera y limpieza.', 350, 700, [90, 120]],
      ['Corte de pasto', 'Hasta 100 m².', 300, 500, [60, 120]],
      ['Consulta de plantas', 'Diagnóstico y cuidados.', 250, 450, [60]],
    ],
    schedules: ['early', 'office', 'weekends'],
    certifications: ['Paisajismo sustentable'],
  },
  {
    category: 'childcare',
    heads: ['Niñeras', 'Cuidado Infantil', 'Nanas', 'Peques', 'Tareas y Juegos', 'Babysitters'],
    openings: [
      'Niñeras con referencias y primeros auxilios pediátricos.',
      'Cuidamos a tus hijos por horas o por una noche.',
      'Recogida de la escuela, comida y tareas.',
    ],
    services: [
      ['Niñera por horas', 'Mínimo tres horas.', 150, 300, [60]],
      ['Noche fuera', 'De 19 a 23 h.', 600, 900, [240]],
      ['Tarde de tareas', 'Después de la escuela.', 350, 600, [180, 240]],
    ],
    schedules: ['evenings', 'afterSchool', 'office'],
    certifications: ['Primeros auxilios pediátricos (Cruz Roja Mexicana)', 'Puericultura'],
  },
  {
    category: 'transportation',
    heads: ['Fletes', 'Mudanzas', 'Traslados', 'Mensajería', 'Chofer', 'Transportes'],
    openings: [
      'Fletes y mudanzas chicas con cargadores.',
      'Traslados al aeropuerto y por la ciudad.',
      'Mensajería el mismo día.',
    ],
    services: [
      ['Flete local', 'Hasta cinco muebles.', 700, 1200, [120]],
      ['Traslado al aeropuerto', 'Sedán, hasta tres pasajeros.', 450, 700, [60, 90]],
      ['Envío express', 'Documentos y paquetes chicos.', 80, 150, [60]],
    ],
    schedules: ['early', 'lateNight', 'office'],
    certifications: ['Licencia federal tipo C', 'Curso de manejo defensivo'],
  },
  {
    category: 'tech',
    heads: ['Soporte Técnico', 'Computadoras', 'Cel', 'Redes', 'Tecno', 'PC'],
    openings: [
      'Reparación de computadoras y celulares a domicilio.',
      'Wi-Fi, redes y configuración de equipos.',
      'Respaldos, virus y equipos lentos.',
    ],
    services: [
      ['Computer repair', 'Mano de obra.', 600, 1000, [60, 90]],
      ['Virus removal', 'Limpieza completa.', 800, 1400, [90]],
      ['Data recovery', 'Discos y memorias.', 1000, 2000, [120]],
      ['Configuración de Wi-Fi', 'Router y repetidores.', 500, 900, [60, 90]],
    ],
    schedules: ['officeSaturday', 'split', 'salon'],
    certifications: ['CompTIA A+', 'Cisco CCNA'],
  },
  {
    category: 'cooking',
    heads: ['Cocina', 'Chef a Domicilio', 'Sazón', 'Repostería', 'Meal Prep', 'Antojitos'],
    openings: [
      'Cocinamos en tu casa para reuniones y eventos.',
      'Clases de cocina mexicana para todos.',
      'Comidas de la semana listas en tu refri.',
    ],
    services: [
      ['Chef para reunión', 'Hasta 8 personas; ingredientes aparte.', 1500, 3500, [180, 240]],
      ['Clase de cocina', 'Cocinamos y comemos juntos.', 700, 1400, [150, 180]],
      ['Meal prep semanal', 'Diez porciones.', 1200, 1800, [240]],
    ],
    schedules: ['weekends', 'office', 'split'],
    certifications: ['Distintivo H (manejo higiénico de alimentos)', 'Técnico en gastronomía'],
  },
  {
    category: 'photography',
    heads: ['Fotografía', 'Foto Estudio', 'Retratos', 'Lente', 'Click', 'Imagen'],
    openings: ['Sesiones de retrato, familia y producto.', 'Fotografía de eventos sociales.'],
    services: [
      ['Sesión de retrato', '20 fotos editadas.', 1200, 2500, [60, 90]],
      ['Cobertura de evento', 'Galería en línea.', 3500, 7000, [180, 240]],
    ],
    schedules: ['weekends', 'office'],
    certifications: [],
  },
  {
    category: 'other',
    heads: ['Servicios', 'Clases de Música', 'Fiestas', 'Eventos', 'Talleres', 'Asesoría'],
    openings: ['Clases de música para niños y adultos.', 'Animación y organización de fiestas infantiles.'],
    services: [
      ['Clase de guitarra', 'Acústica o eléctrica.', 300, 500, [60]],
      ['Animación de fiesta', 'Hasta 20 niños.', 1800, 3500, [180]],
    ],
    schedules: ['afterSchool', 'weekends'],
    certifications: [],
  },
];

const firstNames = [
  'María',
  'José',
  'Guadalupe',
  'Juan',
  'Fernanda',
  'Luis',
  'Alejandra',
  'Carlos',
  'Daniela',
  'Miguel',
  'Sofía',
  'Jorge',
  'Valeria',
  'Ricardo',
  'Gabriela',
  'Eduardo',
  'Paola',
  'Héctor',
  'Regina',
  'Andrés',
  'Ximena',
  'Raúl',
  'Mónica',
  'Iván',
  'Adriana',
  'Óscar',
  'Natalia',
  'Emilio',
  'Renata',
  'Santiago',
] as const;

const surnames = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Jiménez',
  'Reyes',
  'Díaz',
  'Torres',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Castillo',
  'Romero',
  'Álvarez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Domínguez',
  'Salazar',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Guzmán',
  'Velázquez',
  'Rojas',
  'Contreras',
  'Soto',
] as const;

const suffixes = [
  'e Hijos',
  'Express',
  'Pro',
  'CDMX',
  'Hermanos',
  'a Domicilio',
  'Plus',
  'y Asociados',
] as const;

/** Streets, borough and postal code of each neighbourhood of product §3, for believable addresses. */
const places: Record<
  Neighborhood,
  { streets: readonly string[]; borough: string; postalCode: string; colonia: string }
> = {
  'Roma Norte': {
    streets: ['Colima', 'Orizaba', 'Córdoba', 'Tabasco', 'Durango', 'Jalapa'],
    borough: 'Cuauhtémoc',
    postalCode: '06700',
    colonia: 'Roma Norte',
  },
  'Roma Sur': {
    streets: ['Medellín', 'Coahuila', 'Manzanillo', 'Tlacotalpan', 'Bajío'],
    borough: 'Cuauhtémoc',
    postalCode: '06760',
    colonia: 'Roma Sur',
  },
  Condesa: {
    streets: ['Ámsterdam', 'Tamaulipas', 'Michoacán', 'Vicente Suárez', 'Atlixco', 'Mazatlán'],
    borough: 'Cuauhtémoc',
    postalCode: '06140',
    colonia: 'Condesa',
  },
  Coyoacán: {
    streets: ['Francisco Sosa', 'Carrillo Puerto', 'Higuera', 'Allende', 'Centenario'],
    borough: 'Coyoacán',
    postalCode: '04000',
    colonia: 'Coyoacán Centro',
  },
  'Santa Maria de la Ribera': {
    streets: ['Dr. Atl', 'Sabino', 'Naranjo', 'Salvador Díaz Mirón', 'Jaime Torres Bodet'],
    borough: 'Cuauhtémoc',
    postalCode: '06400',
    colonia: 'Santa María la Ribera',
  },
  Polanco: {
    streets: ['Emilio Castelar', 'Julio Verne', 'Alejandro Dumas', 'Homero', 'Séneca'],
    borough: 'Miguel Hidalgo',
    postalCode: '11560',
    colonia: 'Polanco',
  },
  'Del Valle': {
    streets: ['Gabriel Mancera', 'Pestalozzi', 'Adolfo Prieto', 'Amores', 'Providencia'],
    borough: 'Benito Juárez',
    postalCode: '03100',
    colonia: 'Del Valle Centro',
  },
  Doctores: {
    streets: ['Dr. Vértiz', 'Dr. Lucio', 'Dr. Carmona y Valle', 'Dr. Navarro', 'Dr. Lavista'],
    borough: 'Cuauhtémoc',
    postalCode: '06720',
    colonia: 'Doctores',
  },
  'Centro Histórico': {
    streets: ['República de Uruguay', 'Regina', 'Isabel la Católica', 'Donceles', 'República de Cuba'],
    borough: 'Cuauhtémoc',
    postalCode: '06000',
    colonia: 'Centro Histórico',
  },
  Juárez: {
    streets: ['Havre', 'Marsella', 'Londres', 'Liverpool', 'Berlín', 'Hamburgo'],
    borough: 'Cuauhtémoc',
    postalCode: '06600',
    colonia: 'Juárez',
  },
};

const pricingTypes: readonly (PricingType | null)[] = [
  'hourly',
  'hourly',
  'fixed',
  'fixed',
  'fixed',
  'other',
  null,
];
const buffers = [0, 10, 15, 15, 15, 30, 30, 45, 60, 90, 120] as const;
const advances = [7, 14, 14, 14, 21, 30, 30, 60, 90, 180, 365] as const;
const leads = [0, 30, 60, 120, 120, 120, 240, 720, 1440] as const;
const extraLanguages = allLanguages.filter((l) => l !== 'Spanish' && l !== 'English');

function listInSpanish(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

function roundPesos(pesos: number): number {
  // Prices people actually charge end in 0 or 50.
  return Math.round(pesos / 50) * 50 * 100;
}

/** The generated vendor number `index` (0-based, counted after the named ones). */
export function generateVendor(index: number): DemoVendor {
  const r = prng(0x5eed ^ Math.imul(index + 1, 0x9e3779b1));
  const family = r.pick(families);
  const first = r.pick(firstNames);
  const surname = r.pick(surnames);
  const areas = r.sample(neighborhoods, r.int(1, 3)) as Neighborhood[];
  const home = areas[0]!;
  const head = r.pick(family.heads);
  const businessName = [
    () => `${head} ${surname}`,
    () => `${head} ${home}`,
    () => `${head} con ${first}`,
    () => `${head} ${surname} ${r.pick(suffixes)}`,
    () => `${head} ${first} ${surname}`,
  ][r.int(0, 4)]!();

  const languages: Language[] = ['Spanish'];
  if (r.chance(0.35)) languages.push('English');
  if (r.chance(0.06)) languages.push(r.pick(extraLanguages));

  const origin: DemoVendorOrigin = r.chance(0.55) ? 'self' : r.chance(0.7) ? 'admin' : 'claimed';
  const applicationStatus: ApplicationStatus =
    origin === 'self' ? (r.chance(0.8) ? 'approved' : r.chance(0.5) ? 'submitted' : 'pending') : 'approved';
  const experienceYears = r.chance(0.1) ? null : r.int(1, 30);
  const place = places[home];

  const services: DemoService[] = r
    .sample(family.services, r.int(1, 3))
    .map(([name, description, min, max, minutes]) => ({
      name,
      description,
      priceCents: roundPesos(r.int(min, max)),
      durationMinutes: r.pick(minutes),
    }));

  return {
    businessName,
    owner: `${first} ${surname}`,
    serviceCategory: family.category,
    bio: `${r.pick(family.openings)} Atendemos ${listInSpanish(areas)}.${experienceYears ? ` ${experienceYears} ${experienceYears === 1 ? 'año' : 'años'} de experiencia.` : ''}`,
    address: r.chance(0.9)
      ? `Calle ${r.pick(place.streets)} ${r.int(1, 350)}, ${place.colonia}, ${place.borough}, ${place.postalCode} Ciudad de México`
      : null,
    pricingType: r.pick(pricingTypes),
    isVerified: r.chance(0.4),
    certifications: family.certifications.length > 0 && r.chance(0.3) ? [r.pick(family.certifications)] : [],
    applicationStatus,
    ...(applicationStatus === 'pending'
      ? { reviewMessage: 'Agrega una descripción y el precio de cada servicio.' }
      : {}),
    experienceYears,
    phone: `+5255${String(r.int(10_000_000, 99_999_999))}`,
    email: `contacto@${slugify(businessName)}.example`,
    serviceAreas: areas,
    languages,
    bufferMinutes: r.pick(buffers),
    advanceBookingDays: r.pick(advances),
    leadTimeMinutes: r.pick(leads),
    schedule: r.pick(family.schedules),
    origin,
    services,
  };
}
