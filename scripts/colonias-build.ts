import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  catalogueJson,
  compactCatalogue,
  decodeSepomex,
  parseSepomex,
} from '../src/server/features/colonias/sepomex-file.ts';

// `npm run colonias:build -- <CPdescarga.txt> "<source>"`: the colonias catalogue
// (src/server/features/colonias/colonias.data.json) from SEPOMEX's file, the whole country's or the
// Ciudad de México's part: its asentamientos of the Ciudad de México, one per name and alcaldía, with
// their postal codes. `source` says where the file came from and its date (README.md beside the data).
const [file, source] = process.argv.slice(2);
if (!file || !source) {
  console.error('usage: npm run colonias:build -- <CPdescarga.txt> "<source and date>"');
  process.exit(2);
}
const rows = parseSepomex(decodeSepomex(readFileSync(file)));
const data = compactCatalogue(rows, source);
const out = fileURLToPath(new URL('../src/server/features/colonias/colonias.data.json', import.meta.url));
writeFileSync(out, catalogueJson(data));
console.log(`colonias: ${rows.length} asentamientos → ${data.colonias.length} colonias in ${out}`);
