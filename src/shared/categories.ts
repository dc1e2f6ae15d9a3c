// product §3 Lists. The chip keys and the signup/admin lists differ in the spec and it shows no
// reconciliation; Barrio reconciles them here (docs/decisions/007-category-families.md): a chip
// stands for a family of stored service_category values, in both languages.

export const browseCategories = [
  'cleaning',
  'fitness',
  'wellness',
  'beauty',
  'tutoring',
  'repair',
  'tailoring',
  'pets',
  'plants',
  'childcare',
  'transportation',
  'tech',
] as const;

export const directoryCategories = [
  'cleaning',
  'fitness',
  'wellness',
  'beauty',
  'tutoring',
  'pets',
  'cooking',
] as const;

export type CategoryKey = (typeof browseCategories)[number] | (typeof directoryCategories)[number];
export const categoryKeys = [...new Set<CategoryKey>([...browseCategories, ...directoryCategories])];

/** The vendor signup list (product §3), English and the Spanish shown in the Spanish wizard. */
export const signupCategories = [
  { en: 'House Cleaning', es: 'Limpieza del Hogar' },
  { en: 'Fitness Training', es: 'Entrenamiento Físico' },
  { en: 'Beauty & Wellness', es: 'Belleza y Bienestar' },
  { en: 'Tutoring', es: 'Tutorías' },
  { en: 'Pet Care', es: 'Cuidado de Mascotas' },
  { en: 'Lawn Care', es: 'Jardinería' },
  { en: 'Handyman', es: 'Reparaciones del Hogar' },
  { en: 'Cooking', es: 'Cocina' },
  { en: 'Photography', es: 'Fotografía' },
  { en: 'Other', es: 'Otro' },
] as const;

/** The admin vendor category list (product §3). */
export const adminCategories = [
  'House Cleaning',
  'Personal Training',
  'Beauty & Hair',
  'Tutoring',
  'Pet Care',
  'Lawn Care',
  'Handyman',
  'Cooking',
  'Photography',
  'Other',
] as const;

/** Which stored service_category values each chip covers. The key itself is always included. */
const families: Record<CategoryKey, readonly string[]> = {
  cleaning: ['House Cleaning', 'Limpieza del Hogar'],
  fitness: ['Fitness Training', 'Personal Training', 'Entrenamiento Físico'],
  wellness: ['Beauty & Wellness', 'Belleza y Bienestar'],
  beauty: ['Beauty & Wellness', 'Beauty & Hair', 'Belleza y Bienestar'],
  tutoring: ['Tutoring', 'Tutorías'],
  repair: ['Handyman', 'Reparaciones del Hogar'],
  tailoring: [],
  pets: ['Pet Care', 'Cuidado de Mascotas'],
  plants: ['Lawn Care', 'Jardinería'],
  childcare: [],
  transportation: [],
  tech: [],
  cooking: ['Cooking', 'Cocina'],
};

export function isCategoryKey(value: string): value is CategoryKey {
  return (categoryKeys as readonly string[]).includes(value);
}

/** The stored values a category filter matches (product §7: service_category equality, per family). */
export function categoryValues(key: CategoryKey): string[] {
  return [key, ...families[key]];
}

// product §3: service areas and languages.
export const neighborhoods = [
  'Roma Norte',
  'Roma Sur',
  'Condesa',
  'Coyoacán',
  'Santa Maria de la Ribera',
  'Polanco',
  'Del Valle',
  'Doctores',
  'Centro Histórico',
  'Juárez',
] as const;

export const languages = [
  'Spanish',
  'English',
  'Chinese',
  'Japanese',
  'German',
  'French',
  'Portuguese',
  'Russian',
] as const;
