import { z } from 'zod';
import { foldText } from './fold-text.ts';

// The whole city's colonias (decision 073). The catalogue itself — SEPOMEX's asentamientos of the
// Ciudad de México with their alcaldía and postal codes — lives on the server
// (src/server/features/colonias/) and is never shipped to the browser: the browser asks
// GET /api/colonias?q=. What both sides share is here: the sixteen alcaldías, how a service area
// names a whole alcaldía, and the API's shapes.

/** Mexico City's sixteen alcaldías, as SEPOMEX writes them (its `D_mnpio`). */
export const alcaldias = [
  'Álvaro Obregón',
  'Azcapotzalco',
  'Benito Juárez',
  'Coyoacán',
  'Cuajimalpa de Morelos',
  'Cuauhtémoc',
  'Gustavo A. Madero',
  'Iztacalco',
  'Iztapalapa',
  'La Magdalena Contreras',
  'Miguel Hidalgo',
  'Milpa Alta',
  'Tláhuac',
  'Tlalpan',
  'Venustiano Carranza',
  'Xochimilco',
] as const;
export type Alcaldia = (typeof alcaldias)[number];

/**
 * A service area that is a whole alcaldía is stored as its official name, "Alcaldía Benito Juárez":
 * never mistaken for a colonia of the same name (there is a colonia Benito Juárez in Iztapalapa), and
 * readable as it is on a card or a profile in either language.
 */
export const ALCALDIA_AREA_PREFIX = 'Alcaldía ';

/** The service area of a whole alcaldía. */
export function alcaldiaArea(alcaldia: Alcaldia): string {
  return `${ALCALDIA_AREA_PREFIX}${alcaldia}`;
}

/** The alcaldía a service area names whole (accents and case aside), or undefined for a colonia. */
export function alcaldiaOfArea(area: string): Alcaldia | undefined {
  const folded = foldText(area);
  return alcaldias.find((name) => foldText(alcaldiaArea(name)) === folded);
}

/** The most colonias GET /api/colonias answers with, and what it answers when asked for fewer. */
export const COLONIA_RESULTS = { max: 50, default: 20 } as const;

/**
 * GET /api/colonias?q=&limit=: a name or its beginning (accents and case never matter), a 5-digit
 * postal code, or an alcaldía's name (its colonias).
 */
export const coloniaQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type a colonia, a postal code or an alcaldía')
    .max(80, 'Search text is too long'),
  limit: z.coerce.number().int().min(1).max(COLONIA_RESULTS.max).optional(),
});

/** One colonia of the catalogue: a SEPOMEX asentamiento, its homonyms in one alcaldía grouped. */
export interface ColoniaItem {
  name: string;
  alcaldia: string;
  /** Its 5-digit postal codes, ascending. */
  postal_codes: string[];
  /**
   * How a service area or an address names it: the name alone, or "Name (Alcaldía)" when another
   * alcaldía has a colonia of that name too.
   */
  label: string;
}

export interface ColoniaSearchResponse {
  items: ColoniaItem[];
}

/** Whether a text is a whole postal code (the booking form asks for its colonias). */
export function isPostalCode(text: string): boolean {
  return /^\d{5}$/.test(text.trim());
}
