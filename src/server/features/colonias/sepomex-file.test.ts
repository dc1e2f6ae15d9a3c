import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ColoniasCatalogue } from './colonias-catalogue.ts';
import { catalogueJson, compactCatalogue, decodeSepomex, parseSepomex } from './sepomex-file.ts';

// The catalogue's build (npm run colonias:build, decision 073) on a few lines of SEPOMEX's
// CPdescarga.txt as Correos de México hands it out: its terms line, its header, ISO-8859-1, CRLF,
// rows of other states mixed in.

const sample = readFileSync(new URL('./fixtures/cpdescarga-sample.txt', import.meta.url));

describe('SEPOMEX’s file', () => {
  it('reads ISO-8859-1, and UTF-8 when a copy was saved so', () => {
    expect(decodeSepomex(sample)).toContain('Benito Juárez');
    expect(decodeSepomex(Buffer.from(decodeSepomex(sample), 'utf8'))).toBe(decodeSepomex(sample));
  });

  it('keeps the Ciudad de México’s asentamientos, by the header’s column names', () => {
    const rows = parseSepomex(decodeSepomex(sample));
    expect(rows).toContainEqual({
      postalCode: '03020',
      name: 'Narvarte Poniente',
      alcaldia: 'Benito Juárez',
    });
    expect(rows).toHaveLength(7);
    // Aguascalientes and the Estado de México's Del Carmen are not the city's.
    expect(rows.map((row) => row.name)).not.toContain('Del Carmen');
    expect(rows.map((row) => row.name)).not.toContain('Aguascalientes Centro');
  });

  it('reads a copy without the empty c_CP column and without c_estado, by d_estado', () => {
    const text = [
      'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad',
      '06700|Roma Norte|Colonia|Cuauhtémoc|Ciudad de México|Ciudad de México',
      '20000|Aguascalientes Centro|Colonia|Aguascalientes|Aguascalientes|Aguascalientes',
    ].join('\n');
    expect(parseSepomex(text)).toEqual([{ postalCode: '06700', name: 'Roma Norte', alcaldia: 'Cuauhtémoc' }]);
  });

  it('refuses a file that is not SEPOMEX’s, and a row without a postal code', () => {
    expect(() => parseSepomex('cp,colonia\n06700,Roma Norte')).toThrow(/no header line/);
    expect(() => parseSepomex('d_codigo|d_asenta|d_estado\n06700|Roma Norte|Ciudad de México')).toThrow(
      /no "d_mnpio" column/,
    );
    expect(() =>
      parseSepomex('d_codigo|d_asenta|D_mnpio|d_estado\n6700|Roma Norte|Cuauhtémoc|Ciudad de México'),
    ).toThrow(/Line 2: not an asentamiento/);
  });

  it('groups one name in one alcaldía, with every postal code, sorted as Spanish sorts', () => {
    const data = compactCatalogue(parseSepomex(decodeSepomex(sample)), 'the sample');
    expect(data).toEqual({
      source: 'the sample',
      colonias: [
        ['Escandón I Sección', 'Miguel Hidalgo', ['11800']],
        ['Narvarte Oriente', 'Benito Juárez', ['03023']],
        ['Narvarte Poniente', 'Benito Juárez', ['03020']],
        // A colonia and a barrio of one name are one colonia; a pueblo and a colonia too.
        ['San Antonio Culhuacán', 'Iztapalapa', ['09800']],
        ['Santa Fe', 'Álvaro Obregón', ['01210', '01376']],
      ],
    });
    // The file the script writes reads back as the catalogue it was made from.
    const written = JSON.parse(catalogueJson(data));
    expect(written).toEqual(data);
    expect(new ColoniasCatalogue(written).search('03020')).toEqual([
      {
        name: 'Narvarte Poniente',
        alcaldia: 'Benito Juárez',
        postal_codes: ['03020'],
        label: 'Narvarte Poniente',
      },
    ]);
  });
});
