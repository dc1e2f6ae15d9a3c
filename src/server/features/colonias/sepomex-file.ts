import { foldText } from '../../../shared/fold-text.ts';

// SEPOMEX's "Catálogo Nacional de Códigos Postales" as Correos de México hands it out (CPdescarga.txt):
// a line of terms of use, a header line naming the columns (d_codigo|d_asenta|d_tipo_asenta|D_mnpio|
// d_estado|…), then one asentamiento per line, fields separated by "|", in ISO-8859-1. Only the
// columns read here are needed, found by their names: copies that drop an empty column still read.

/** One asentamiento of the Ciudad de México: its name, alcaldía (SEPOMEX's municipio) and postal code. */
export interface SepomexRow {
  postalCode: string;
  name: string;
  alcaldia: string;
}

/** The compact catalogue (colonias.data.json): one row per name and alcaldía, its postal codes. */
export interface CatalogueData {
  source: string;
  colonias: [name: string, alcaldia: string, postalCodes: string[]][];
}

/** SEPOMEX's code of the Ciudad de México (`c_estado`). */
const CDMX_STATE_CODE = '09';
const cdmxNames = new Set(['ciudad de mexico', 'distrito federal']);

/** The file's text: UTF-8 when it is valid UTF-8 (a copy saved again), else SEPOMEX's ISO-8859-1. */
export function decodeSepomex(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** The Ciudad de México's rows of a SEPOMEX file; throws when the text is not in SEPOMEX's format. */
export function parseSepomex(text: string): SepomexRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.startsWith('d_codigo|'));
  if (headerAt < 0) throw new Error('Not SEPOMEX’s format: no header line beginning with "d_codigo|"');
  const columns = lines[headerAt]!.split('|').map((name) => name.trim().toLowerCase());
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`Not SEPOMEX’s format: no "${name}" column`);
    return index;
  };
  const code = at('d_codigo');
  const name = at('d_asenta');
  const municipio = at('d_mnpio');
  const state = at('d_estado');
  const stateCode = columns.indexOf('c_estado');
  const rows: SepomexRow[] = [];
  for (const [offset, line] of lines.slice(headerAt + 1).entries()) {
    if (!line.trim()) continue;
    const fields = line.split('|');
    const inCdmx =
      stateCode >= 0 && fields[stateCode]
        ? fields[stateCode]!.trim() === CDMX_STATE_CODE
        : cdmxNames.has(foldText(fields[state] ?? ''));
    if (!inCdmx) continue;
    const row = {
      postalCode: (fields[code] ?? '').trim(),
      name: (fields[name] ?? '').trim().replace(/\s+/g, ' '),
      alcaldia: (fields[municipio] ?? '').trim().replace(/\s+/g, ' '),
    };
    if (!/^\d{5}$/.test(row.postalCode) || !row.name || !row.alcaldia)
      throw new Error(`Line ${headerAt + offset + 2}: not an asentamiento: ${line}`);
    rows.push(row);
  }
  return rows;
}

/**
 * The compact catalogue: the asentamientos of one name in one alcaldía are one colonia (SEPOMEX lists
 * a colonia and a barrio of one name, or a name under two postal codes, as two), with every postal
 * code; sorted by name, then alcaldía, as Spanish sorts them.
 */
export function compactCatalogue(rows: readonly SepomexRow[], source: string): CatalogueData {
  const byKey = new Map<string, { name: string; alcaldia: string; codes: Set<string> }>();
  for (const row of rows) {
    const key = `${foldText(row.name)}|${foldText(row.alcaldia)}`;
    const entry = byKey.get(key) ?? { name: row.name, alcaldia: row.alcaldia, codes: new Set<string>() };
    entry.codes.add(row.postalCode);
    byKey.set(key, entry);
  }
  const collator = new Intl.Collator('es-MX');
  const colonias = [...byKey.values()]
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.alcaldia, b.alcaldia))
    .map(({ name, alcaldia, codes }) => [name, alcaldia, [...codes].sort()] as [string, string, string[]]);
  return { source, colonias };
}

/** The catalogue as colonias.data.json keeps it: one colonia a line, so that a new file's diff reads colonia by colonia. */
export function catalogueJson({ source, colonias }: CatalogueData): string {
  const lines = colonias.map((row) => `    ${JSON.stringify(row)}`);
  return `{\n  "source": ${JSON.stringify(source)},\n  "colonias": [\n${lines.join(',\n')}\n  ]\n}\n`;
}
