/**
 * Text as it is compared when accents, case and spacing do not matter ("Coyoacán " → "coyoacan"):
 * search words, colonias, category labels, service locations.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
