import { foldText } from './fold-text.ts';
import { type Language, languageOf } from './language.ts';
// One taxonomy (decision 050): a vendor's `service_category` stores a key, never a label in
// one language. The keys, their labels in Spanish and English, the browse and directory chips, and the
// labels stored before keys (both languages, both of the spec's lists) are all here.

/** What a vendor can choose (the wizard, the dashboard and the admin forms), in this order. */
export const vendorCategories = [
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
  'cooking',
  'photography',
  'other',
] as const;

export type VendorCategoryKey = (typeof vendorCategories)[number];
/** A chip is a category: it finds the vendors that store its key. */
export type CategoryKey = VendorCategoryKey;
export const categoryKeys: readonly CategoryKey[] = vendorCategories;

/** Labels as the reader's language shows them: chips, cards, profiles, forms and mails. */
export const categoryLabels: Record<VendorCategoryKey, Record<Language, string>> = {
  cleaning: { 'es-MX': 'Limpieza', en: 'Cleaning' },
  fitness: { 'es-MX': 'Fitness', en: 'Fitness' },
  wellness: { 'es-MX': 'Bienestar', en: 'Wellness' },
  beauty: { 'es-MX': 'Belleza', en: 'Beauty' },
  tutoring: { 'es-MX': 'Tutorías', en: 'Tutoring' },
  repair: { 'es-MX': 'Reparaciones', en: 'Repair' },
  tailoring: { 'es-MX': 'Costura', en: 'Tailoring' },
  pets: { 'es-MX': 'Mascotas', en: 'Pets' },
  plants: { 'es-MX': 'Plantas', en: 'Plants' },
  childcare: { 'es-MX': 'Cuidado infantil', en: 'Childcare' },
  transportation: { 'es-MX': 'Transporte', en: 'Transportation' },
  tech: { 'es-MX': 'Tecnología', en: 'Tech' },
  cooking: { 'es-MX': 'Cocina', en: 'Cooking' },
  photography: { 'es-MX': 'Fotografía', en: 'Photography' },
  other: { 'es-MX': 'Otro', en: 'Other' },
};

/** Every category's label in one language, keyed by category (the web app's `categories.<key>` strings). */
export function categoryLabelsIn(language: Language): Record<VendorCategoryKey, string> {
  return Object.fromEntries(vendorCategories.map((key) => [key, categoryLabels[key][language]])) as Record<
    VendorCategoryKey,
    string
  >;
}

/** A category's label in a language (one not ours: Spanish, see languageOf); an unknown value as stored. */
export function categoryLabel(value: string, language: string): string {
  if (!isCategoryKey(value)) return value;
  return categoryLabels[value][languageOf(language)];
}

/**
 * product §2 chips. Browse Vendors shows every category but cooking — the spec's twelve, and
 * Photography and Other so that every category a vendor can choose is reachable from a chip (decision
 * 050); the directory keeps its seven, cooking among them.
 */
export const browseCategories: readonly Exclude<VendorCategoryKey, 'cooking'>[] = vendorCategories.filter(
  (key): key is Exclude<VendorCategoryKey, 'cooking'> => key !== 'cooking',
);

export const directoryCategories = [
  'cleaning',
  'fitness',
  'wellness',
  'beauty',
  'tutoring',
  'pets',
  'cooking',
] as const satisfies readonly VendorCategoryKey[];

export function isCategoryKey(value: string): value is CategoryKey {
  return (vendorCategories as readonly string[]).includes(value);
}

/**
 * What was stored before keys (product §3's signup list in English and Spanish, and its admin list),
 * mapped to the keys. Migration 0016 applies the same table to stored rows (its test compares them);
 * the signup and admin APIs still accept these labels and store their key. The search matches them as
 * text too ("handyman", "lawn care").
 */
export const legacyCategoryLabels: Record<string, VendorCategoryKey> = {
  'House Cleaning': 'cleaning',
  'Limpieza del Hogar': 'cleaning',
  'Fitness Training': 'fitness',
  'Personal Training': 'fitness',
  'Entrenamiento Físico': 'fitness',
  'Beauty & Wellness': 'wellness',
  'Belleza y Bienestar': 'wellness',
  'Beauty & Hair': 'beauty',
  Tutoring: 'tutoring',
  Tutorías: 'tutoring',
  'Pet Care': 'pets',
  'Cuidado de Mascotas': 'pets',
  'Lawn Care': 'plants',
  Jardinería: 'plants',
  Handyman: 'repair',
  'Reparaciones del Hogar': 'repair',
  Cooking: 'cooking',
  Cocina: 'cooking',
  Photography: 'photography',
  Fotografía: 'photography',
  Other: 'other',
  Otro: 'other',
};

const fold = foldText;

const byFoldedText = new Map<string, VendorCategoryKey>([
  ...Object.entries(legacyCategoryLabels).map(([label, key]) => [fold(label), key] as const),
  ...vendorCategories.flatMap((key) => [
    [key, key] as const,
    ...Object.values(categoryLabels[key]).map((label) => [fold(label), key] as const),
  ]),
]);

/**
 * The key a category given as text stands for: a key, a label of either language, or a label stored
 * before keys (any case, accents aside); undefined when it names none.
 */
export function categoryKeyOf(text: string): VendorCategoryKey | undefined {
  return byFoldedText.get(fold(text));
}

/** The labels a category was ever written with: its labels today and the stored ones before keys. */
export function categoryWords(key: VendorCategoryKey): string[] {
  const legacy = Object.entries(legacyCategoryLabels)
    .filter(([, value]) => value === key)
    .map(([label]) => label);
  return [...new Set([...Object.values(categoryLabels[key]), ...legacy])];
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
export type SpokenLanguage = (typeof languages)[number];

/** The languages a vendor speaks, named in the reader's language (the wizard, the About tab). */
export const spokenLanguageLabels = {
  'es-MX': {
    Spanish: 'Español',
    English: 'Inglés',
    Chinese: 'Chino',
    Japanese: 'Japonés',
    German: 'Alemán',
    French: 'Francés',
    Portuguese: 'Portugués',
    Russian: 'Ruso',
  },
  en: {
    Spanish: 'Spanish',
    English: 'English',
    Chinese: 'Chinese',
    Japanese: 'Japanese',
    German: 'German',
    French: 'French',
    Portuguese: 'Portuguese',
    Russian: 'Russian',
  },
} satisfies Record<Language, Record<SpokenLanguage, string>>;

/** A stored language in the reader's language; one not of the list (stored before it) as it is. */
export function spokenLanguageLabel(value: string, language: Language): string {
  const labels: Record<string, string> = spokenLanguageLabels[language];
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}
