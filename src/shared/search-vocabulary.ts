import {
  categoryWords,
  type languages,
  neighborhoods,
  type VendorCategoryKey,
  vendorCategories,
} from './categories.ts';

// What the vendor search knows besides what vendors write (decision 050). The database keeps
// these words in `search_terms` (db/search-terms.ts writes them at every start), and a vendor's search
// document carries its category's and its languages' words, so that they are matched as text:
// stemmed ("plomeros"), without accents ("ninera") and, against the typo lexicon, with a small typo
// ("plomro"). Lower case; accents as written (folded when indexed).

/**
 * The words people in Mexico City type when they look for a kind of service, Spanish and English,
 * per category: a synonym finds every vendor of its category. A phrase ("arreglos de ropa") is found
 * when all its words are typed.
 *
 * Only words that name the category belong here: a word that names one service of a category
 * ("yoga", "piano") is found in the services that say it, not in every vendor of the category.
 */
export const categorySynonyms: Record<VendorCategoryKey, readonly string[]> = {
  cleaning: [
    'limpieza',
    'aseo',
    'trabajadora del hogar',
    'empleada doméstica',
    'muchacha',
    'planchado',
    'lavandería',
    'limpieza profunda',
    'cleaning',
    'cleaner',
    'housekeeping',
    'maid',
  ],
  fitness: [
    'entrenador',
    'entrenadora',
    'entrenador personal',
    'ejercicio',
    'gimnasio',
    'acondicionamiento físico',
    'personal trainer',
    'trainer',
    'workout',
    'gym',
  ],
  wellness: [
    'bienestar',
    'masaje',
    'masajista',
    'spa',
    'relajación',
    'terapeuta',
    'wellness',
    'massage',
    'therapist',
  ],
  beauty: [
    'belleza',
    'uñas',
    'manicure',
    'manicurista',
    'pedicure',
    'estilista',
    'peluquería',
    'salón',
    'corte de cabello',
    'barbero',
    'barbería',
    'maquillaje',
    'pestañas',
    'cejas',
    'depilación',
    'beauty',
    'nails',
    'hairdresser',
    'haircut',
    'barber',
    'makeup',
  ],
  tutoring: [
    'clases',
    'maestro',
    'maestra',
    'profesor',
    'profesora',
    'tutor',
    'tutora',
    'tutorías',
    'asesorías',
    'regularización',
    'lessons',
    'teacher',
    'tutoring',
  ],
  repair: [
    'reparaciones',
    'mantenimiento',
    'plomero',
    'fontanero',
    'plomería',
    'electricista',
    'carpintero',
    'cerrajero',
    'albañil',
    'pintor',
    'maestro de obras',
    'impermeabilización',
    'handyman',
    'plumber',
    'electrician',
    'carpenter',
    'locksmith',
    'repair',
  ],
  tailoring: [
    'costura',
    'costurera',
    'sastre',
    'sastrería',
    'arreglos de ropa',
    'arreglo de ropa',
    'bastillas',
    'tailor',
    'alterations',
    'seamstress',
    'tailoring',
  ],
  pets: [
    'mascotas',
    'perro',
    'perros',
    'gato',
    'paseador',
    'paseador de perros',
    'paseo de perros',
    'estética canina',
    'cuidador de mascotas',
    'pets',
    'dog',
    'dog walker',
    'cat',
    'pet sitter',
    'grooming',
  ],
  plants: [
    'jardinero',
    'jardinería',
    'jardín',
    'plantas',
    'poda',
    'pasto',
    'paisajismo',
    'gardener',
    'gardening',
    'lawn',
    'plants',
  ],
  childcare: ['niñera', 'nana', 'cuidado de niños', 'cuidadora', 'babysitter', 'nanny', 'childcare'],
  transportation: [
    'mudanza',
    'mudanzas',
    'flete',
    'fletes',
    'acarreo',
    'chofer',
    'transporte',
    'moving',
    'movers',
    'driver',
    'transportation',
  ],
  tech: [
    'compu',
    'computadora',
    'computadoras',
    'laptop',
    'celular',
    'soporte técnico',
    'técnico en computación',
    'redes',
    'wifi',
    'impresora',
    'computer',
    'tech support',
    'it support',
    'tech',
  ],
  cooking: [
    'cocina',
    'chef',
    'cocinero',
    'cocinera',
    'banquetes',
    'comida casera',
    'catering',
    'cook',
    'cooking',
  ],
  photography: [
    'fotografía',
    'fotógrafo',
    'fotógrafa',
    'fotos',
    'sesión de fotos',
    'photographer',
    'photos',
    'photography',
  ],
  other: [],
};

/**
 * Everyday and slang words of Mexico City, each with the words a vendor writes instead: a search
 * word is also looked for as these (wordForms, search-query.ts). Keys folded (no accents), values
 * single words of letters. Unlike a category's synonyms they find what a vendor wrote, not a whole
 * category: "pelo" finds the stylist who cuts "cabello", not every beauty vendor.
 */
export const everydayWords: Readonly<Record<string, readonly string[]>> = {
  // Things and places.
  compu: ['computadora', 'computadoras'],
  compus: ['computadoras'],
  lap: ['laptop'],
  cel: ['celular'],
  celu: ['celular'],
  refri: ['refrigerador'],
  bici: ['bicicleta'],
  tele: ['television'],
  depa: ['departamento'],
  cuarto: ['recamara', 'habitacion'],
  recamara: ['cuarto', 'habitacion'],
  internet: ['wifi', 'redes'],
  foco: ['electricidad', 'iluminacion'],
  // "En casa", "en mi casa": where the service is done.
  casa: ['domicilio'],
  fuga: ['plomeria', 'fugas'],
  // People and animals.
  peque: ['nino', 'nina', 'ninos'],
  peques: ['ninos'],
  chamaco: ['nino'],
  chamacos: ['ninos'],
  nene: ['nino', 'bebe'],
  bebe: ['bebes', 'nino', 'ninos'],
  chavitos: ['ninos'],
  lomito: ['perro'],
  lomitos: ['perros'],
  firulais: ['perro'],
  michi: ['gato'],
  michis: ['gatos'],
  profe: ['maestro', 'maestra', 'clases'],
  // The body.
  pelo: ['cabello', 'corte'],
  grenas: ['cabello'],
  // What needs doing.
  arreglar: ['reparar', 'reparacion'],
  arregle: ['reparar', 'reparacion'],
  arreglen: ['reparar', 'reparacion'],
  componer: ['reparar', 'reparacion'],
  componga: ['reparar', 'reparacion'],
  descompuesto: ['reparacion'],
  descompuesta: ['reparacion'],
  limpiar: ['limpieza'],
  limpie: ['limpieza'],
  asear: ['limpieza', 'aseo'],
  mudarme: ['mudanza'],
  mudar: ['mudanza'],
  pasear: ['paseo', 'paseos'],
  pasee: ['paseo', 'paseos'],
  planchar: ['planchado'],
  cocinar: ['cocina'],
  cocine: ['cocina'],
  entrenar: ['entrenamiento', 'entrenador'],
  // English.
  fix: ['repair', 'reparacion'],
  hair: ['cabello', 'corte'],
  haircut: ['corte', 'cabello'],
  cut: ['corte'],
  home: ['domicilio'],
  clean: ['limpieza'],
  walk: ['paseo', 'paseos'],
  apartment: ['departamento', 'depa'],
};

/** A language as people write it in either language: 'English' is also 'inglés'. */
export const languageWords: Record<(typeof languages)[number], readonly string[]> = {
  Spanish: ['español', 'spanish'],
  English: ['inglés', 'english'],
  Chinese: ['chino', 'mandarín', 'chinese', 'mandarin'],
  Japanese: ['japonés', 'japanese'],
  German: ['alemán', 'german'],
  French: ['francés', 'french'],
  Portuguese: ['portugués', 'portuguese'],
  Russian: ['ruso', 'russian'],
};

export interface SearchTerm {
  kind: 'category' | 'language';
  key: string;
  /** Everything the key is written as, one text: labels, old labels and synonyms. */
  words: string;
}

/** The rows of `search_terms`: each category's labels (today's and stored before keys) and synonyms, each language's names. */
export function searchTerms(): SearchTerm[] {
  return [
    ...vendorCategories.map((key) => ({
      kind: 'category' as const,
      key,
      words: [...categoryWords(key), ...categorySynonyms[key]].join(' · '),
    })),
    ...Object.entries(languageWords).map(([key, words]) => ({
      kind: 'language' as const,
      key,
      words: [key, ...words].join(' · '),
    })),
  ];
}

/** The typo lexicon's sources: every search term and every colonia (the words are split in SQL). */
export function lexiconTexts(): string[] {
  return [...searchTerms().map((term) => term.words), ...neighborhoods];
}
