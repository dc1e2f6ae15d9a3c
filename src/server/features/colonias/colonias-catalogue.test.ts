import { describe, expect, it } from 'vitest';
import { neighborhoods } from '../../../shared/categories.ts';
import { alcaldias } from '../../../shared/colonias.ts';
import { AppError } from '../../lib/app-error.ts';
import { colonias, knownServiceAreas } from './colonias-catalogue.ts';

// The city's catalogue as the server holds it (decision 073): SEPOMEX's colonias, product §3's ten,
// whole alcaldías, and what each of them serves.

const catalogue = colonias();
const names = (text: string) => catalogue.search(text).map((colonia) => colonia.label);

describe('the colonias catalogue', () => {
  it('holds the city’s sixteen alcaldías and their colonias, each label once', () => {
    expect(new Set(catalogue.entries.map((entry) => entry.alcaldia))).toEqual(new Set(alcaldias));
    expect(catalogue.entries.length).toBeGreaterThan(1_400);
    const labels = catalogue.entries.map((entry) => entry.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const entry of catalogue.entries) {
      expect(entry.postal_codes.length, entry.label).toBeGreaterThan(0);
      for (const code of entry.postal_codes) expect(code, entry.label).toMatch(/^\d{5}$/);
    }
  });

  it('finds every colonia product §3’s ten mean', () => {
    expect(catalogue.legacyGaps()).toEqual([]);
    for (const area of neighborhoods) expect(catalogue.canonicalArea(area), area).toBe(area);
    expect(catalogue.covered('Polanco')).toHaveLength(5);
    expect(catalogue.covered('Del Valle')).toEqual(['Del Valle Centro', 'Del Valle Norte', 'Del Valle Sur']);
  });

  it('searches names by their beginning or a word’s, accents and case aside, the name’s beginning first', () => {
    expect(names('narvarte')).toEqual([
      'Narvarte Oriente',
      'Narvarte Poniente',
      'Piedad Narvarte',
      'Vértiz Narvarte',
    ]);
    expect(names('NÁPOLES')).toContain('Nápoles');
    expect(names('escandon')).toEqual(['Escandón I Sección', 'Escandón II Sección']);
    expect(names('santa maria la rib')).toEqual(['Santa María la Ribera']);
    expect(names('zzqx')).toEqual([]);
    expect(catalogue.search('san', 5)).toHaveLength(5);
  });

  it('answers a postal code with its colonias, and an alcaldía with its own', () => {
    expect(catalogue.search('11800').map((c) => c.label)).toEqual([
      'Escandón I Sección',
      'Escandón II Sección',
    ]);
    expect(catalogue.search('03020')).toEqual([
      {
        name: 'Narvarte Poniente',
        alcaldia: 'Benito Juárez',
        postal_codes: ['03020'],
        label: 'Narvarte Poniente',
      },
    ]);
    expect(catalogue.search('99999')).toEqual([]);
    const benitoJuarez = catalogue.search('Alcaldía Benito Juárez', 50);
    expect(benitoJuarez.length).toBeGreaterThan(40);
    expect(benitoJuarez.every((c) => c.alcaldia === 'Benito Juárez')).toBe(true);
    expect(catalogue.search('benito juarez', 50)).toEqual(benitoJuarez);
  });

  it('names a colonia shared by several alcaldías with its alcaldía', () => {
    const sameName = catalogue.entries.filter((entry) => entry.name === 'Del Carmen');
    expect(sameName.length).toBeGreaterThan(1);
    for (const entry of sameName) expect(entry.label).toBe(`Del Carmen (${entry.alcaldia})`);
    // The name alone is then no one colonia; with its alcaldía it is.
    expect(catalogue.canonicalArea('Del Carmen')).toBeUndefined();
    expect(catalogue.canonicalArea('del carmen (coyoacan)')).toBe('Del Carmen (Coyoacán)');
  });

  it('writes service areas as the catalogue does, and refuses any other with its reason', () => {
    expect(
      knownServiceAreas(['narvarte poniente', 'ALCALDÍA benito juárez', 'roma norte', 'Roma Norte']),
    ).toEqual(['Narvarte Poniente', 'Alcaldía Benito Juárez', 'Roma Norte']);
    let refusal: unknown;
    try {
      knownServiceAreas(['Roma Norte', 'Narnia']);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'validation_failed',
      reason: 'service_area_unknown',
      params: { area: 'Narnia' },
      details: [{ path: 'service_areas.1' }],
    });
  });

  it('serves a colonia from the colonia, one of the ten that covers it, or its alcaldía whole', () => {
    expect(catalogue.serves(['Narvarte Poniente'], 'narvarte poniente')).toBe(true);
    expect(catalogue.serves(['Alcaldía Benito Juárez'], 'Narvarte Poniente')).toBe(true);
    expect(catalogue.serves(['Alcaldía Benito Juárez'], 'Roma Norte')).toBe(false);
    expect(catalogue.serves(['Polanco'], 'Polanco II Sección')).toBe(true);
    expect(catalogue.serves(['Polanco II Sección'], 'Polanco')).toBe(true);
    expect(catalogue.serves(['Del Valle'], 'Narvarte Poniente')).toBe(false);
    // product §3's Coyoacán is the neighbourhood, not the alcaldía.
    expect(catalogue.serves(['Coyoacán'], 'Villa Coyoacán')).toBe(true);
    expect(catalogue.serves(['Coyoacán'], 'Pedregal de Santo Domingo')).toBe(false);
    expect(catalogue.serves(['Alcaldía Coyoacán'], 'Pedregal de Santo Domingo')).toBe(true);
    expect(catalogue.serves([], 'Narvarte Poniente')).toBe(true);
  });

  it('lists the areas that serve a colonia: the filter’s', () => {
    expect(new Set(catalogue.areasServing('Narvarte Poniente'))).toEqual(
      new Set(['Narvarte Poniente', 'Alcaldía Benito Juárez']),
    );
    expect(new Set(catalogue.areasServing('del valle norte'))).toEqual(
      new Set(['Del Valle Norte', 'Del Valle', 'Alcaldía Benito Juárez']),
    );
    expect(catalogue.areasServing('Roma Norte')).toEqual(
      expect.arrayContaining(['Roma Norte', 'Alcaldía Cuauhtémoc']),
    );
    expect(catalogue.areasServing('Narnia')).toEqual([]);
  });

  it('finds the alcaldías with a colonia a search word begins', () => {
    expect(catalogue.alcaldiaAreasWithWord('narvarte')).toEqual(['Alcaldía Benito Juárez']);
    expect(catalogue.alcaldiaAreasWithWord('Escandón')).toEqual(['Alcaldía Miguel Hidalgo']);
    expect(catalogue.alcaldiaAreasWithWord('plomero')).toEqual([]);
  });
});
