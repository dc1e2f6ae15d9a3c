import { readFileSync } from 'node:fs';
import { neighborhoods } from '../../../shared/categories.ts';
import {
  type Alcaldia,
  alcaldiaArea,
  alcaldiaOfArea,
  alcaldias,
  COLONIA_RESULTS,
  type ColoniaItem,
  isPostalCode,
} from '../../../shared/colonias.ts';
import { foldText } from '../../../shared/fold-text.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogueData } from './sepomex-file.ts';

// The whole city's colonias (decision 073): SEPOMEX's asentamientos of the Ciudad de México
// (colonias.data.json, made by `npm run colonias:build`), held in memory by every instance — about
// 1,500 rows, read once at start-up; nothing in the database depends on them. Service areas, the
// colonia filter, the search, the suggestions and booking addresses all read them here.

const fold = foldText;

/** A colonia of the catalogue, with what its lookups compare. */
interface Entry extends ColoniaItem {
  folded: string;
  /** The folded words of its name, for word-beginning matches ("narv" in "Narvarte Poniente"). */
  words: string[];
}

/** product §3's ten colonias as vendors have stored them since, and the catalogue's colonias each means. */
type Neighborhood = (typeof neighborhoods)[number];
const legacyColonias: Record<Neighborhood, { alcaldia: Alcaldia; colonias: string[] }> = {
  'Roma Norte': { alcaldia: 'Cuauhtémoc', colonias: ['Roma Norte'] },
  'Roma Sur': { alcaldia: 'Cuauhtémoc', colonias: ['Roma Sur'] },
  Condesa: { alcaldia: 'Cuauhtémoc', colonias: ['Condesa'] },
  // The neighbourhood around the Jardín Centenario, not the alcaldía ("Alcaldía Coyoacán").
  Coyoacán: {
    alcaldia: 'Coyoacán',
    colonias: ['Villa Coyoacán', 'Del Carmen', 'Santa Catarina', 'La Concepción'],
  },
  'Santa Maria de la Ribera': { alcaldia: 'Cuauhtémoc', colonias: ['Santa María la Ribera'] },
  Polanco: {
    alcaldia: 'Miguel Hidalgo',
    colonias: [
      'Polanco I Sección',
      'Polanco II Sección',
      'Polanco III Sección',
      'Polanco IV Sección',
      'Polanco V Sección',
    ],
  },
  'Del Valle': {
    alcaldia: 'Benito Juárez',
    colonias: ['Del Valle Centro', 'Del Valle Norte', 'Del Valle Sur'],
  },
  Doctores: { alcaldia: 'Cuauhtémoc', colonias: ['Doctores'] },
  'Centro Histórico': {
    alcaldia: 'Cuauhtémoc',
    colonias: Array.from({ length: 9 }, (_, i) => `Centro (Área ${i + 1})`),
  },
  Juárez: { alcaldia: 'Cuauhtémoc', colonias: ['Juárez'] },
};

export class ColoniasCatalogue {
  readonly entries: readonly Entry[];
  private readonly byLabel = new Map<string, Entry>();
  private readonly byName = new Map<string, Entry[]>();
  private readonly byPostalCode = new Map<string, Entry[]>();
  private readonly byAlcaldia = new Map<string, Entry[]>();
  /** Each of product §3's colonias, folded: what it is written as, and the labels it covers. */
  private readonly legacy = new Map<string, { area: string; labels: string[] }>();

  constructor(data: CatalogueData) {
    const named = new Map<string, number>();
    for (const [name] of data.colonias) named.set(fold(name), (named.get(fold(name)) ?? 0) + 1);
    this.entries = data.colonias.map(([name, alcaldia, postal_codes]) => ({
      name,
      alcaldia,
      postal_codes,
      label: named.get(fold(name))! > 1 ? `${name} (${alcaldia})` : name,
      folded: fold(name),
      words: fold(name)
        .split(/[\s\-().,]+/)
        .filter(Boolean),
    }));
    const push = (map: Map<string, Entry[]>, key: string, entry: Entry) =>
      map.set(key, [...(map.get(key) ?? []), entry]);
    for (const entry of this.entries) {
      this.byLabel.set(fold(entry.label), entry);
      push(this.byName, entry.folded, entry);
      push(this.byAlcaldia, fold(entry.alcaldia), entry);
      for (const code of entry.postal_codes) push(this.byPostalCode, code, entry);
    }
    for (const area of neighborhoods) {
      const { alcaldia, colonias } = legacyColonias[area];
      const labels = colonias.flatMap((name) => {
        const entry = this.byName.get(fold(name))?.find((e) => e.alcaldia === alcaldia);
        return entry ? [entry.label] : [];
      });
      this.legacy.set(fold(area), { area, labels });
    }
  }

  /** product §3's colonias whose catalogue colonias were not all found: empty, or the data changed. */
  legacyGaps(): string[] {
    return neighborhoods.filter(
      (area) => this.legacy.get(fold(area))!.labels.length !== legacyColonias[area].colonias.length,
    );
  }

  /**
   * GET /api/colonias?q=: a 5-digit postal code's colonias; an alcaldía's (its name, or "Alcaldía …");
   * else the colonias whose name or a word of it begins with the text, accents and case aside —
   * the name beginning with it first, then a word of it, then the shorter name.
   */
  search(text: string, limit: number = COLONIA_RESULTS.default): ColoniaItem[] {
    const typed = fold(text);
    if (!typed) return [];
    if (isPostalCode(typed)) return (this.byPostalCode.get(typed) ?? []).slice(0, limit).map(item);
    const alcaldia = alcaldiaOfArea(text) ?? alcaldias.find((name) => fold(name) === typed);
    if (alcaldia) return (this.byAlcaldia.get(fold(alcaldia)) ?? []).slice(0, limit).map(item);
    return this.named(text, limit);
  }

  /** The colonias whose name or a word of it begins with the text, as `search` ranks them. */
  named(text: string, limit: number = COLONIA_RESULTS.default): ColoniaItem[] {
    const typed = fold(text);
    if (!typed) return [];
    const typedWords = typed.split(' ');
    const scored: [score: number, entry: Entry][] = [];
    for (const entry of this.entries) {
      const score = entry.folded.startsWith(typed)
        ? 0
        : typedWords.every((word) => entry.words.some((w) => w.startsWith(word)))
          ? 1
          : undefined;
      if (score !== undefined) scored.push([score, entry]);
    }
    return scored
      .sort(([a, x], [b, y]) => a - b || x.name.length - y.name.length)
      .slice(0, limit)
      .map(([, entry]) => item(entry));
  }

  /**
   * What a service area, an address's colonia or a filter names, as it is stored: "Alcaldía X" for a
   * whole alcaldía, one of product §3's ten as that list writes it, or a catalogue colonia's label
   * (its name alone when unambiguous); undefined when it names none.
   */
  canonicalArea(text: string): string | undefined {
    const alcaldia = alcaldiaOfArea(text);
    if (alcaldia) return alcaldiaArea(alcaldia);
    const folded = fold(text);
    const legacy = this.legacy.get(folded);
    if (legacy) return legacy.area;
    const entry = this.byLabel.get(folded) ?? this.onlyNamed(folded);
    return entry?.label;
  }

  /** The catalogue colonia of a name when only one alcaldía has one so named. */
  private onlyNamed(folded: string): Entry | undefined {
    const named = this.byName.get(folded);
    return named?.length === 1 ? named[0] : undefined;
  }

  /** The labels of the colonias an area covers: an alcaldía's all, one of the ten's, a colonia itself. */
  covered(area: string): string[] {
    const alcaldia = alcaldiaOfArea(area);
    if (alcaldia) return (this.byAlcaldia.get(fold(alcaldia)) ?? []).map((entry) => entry.label);
    const folded = fold(area);
    const legacy = this.legacy.get(folded);
    if (legacy) return legacy.labels;
    const entry = this.byLabel.get(folded) ?? this.onlyNamed(folded);
    return entry ? [entry.label] : [];
  }

  /**
   * The postal codes of a colonia as an address names it (a catalogue colonia, or one of product §3's
   * ten: those of the colonias it covers), ascending; empty when it names no colonia.
   */
  postalCodesOf(colonia: string): string[] {
    if (alcaldiaOfArea(colonia)) return [];
    const codes = new Set(
      this.covered(colonia).flatMap((label) => this.byLabel.get(fold(label))!.postal_codes),
    );
    return [...codes].sort();
  }

  /**
   * The stored service areas that serve a place (a colonia, one of the ten, or an alcaldía): the
   * place itself, the colonias it covers, the ten that overlap them, and their alcaldías whole.
   * `service_areas && these` is the colonia filter (ARCHITECTURE §3.6).
   */
  areasServing(place: string): string[] {
    const canonical = this.canonicalArea(place);
    if (!canonical) return [];
    const labels = new Set(this.covered(canonical));
    const areas = new Set([canonical, ...labels]);
    for (const { area, labels: its } of this.legacy.values())
      if (its.some((label) => labels.has(label))) areas.add(area);
    for (const label of labels) areas.add(alcaldiaArea(this.byLabel.get(fold(label))!.alcaldia as Alcaldia));
    return [...areas];
  }

  /**
   * Whether service areas serve an address's colonia: an area names it (accents, case and spacing
   * aside, as before the catalogue) or covers a colonia it covers. A vendor without service areas has
   * not said where it goes, so nowhere is refused.
   */
  serves(serviceAreas: readonly string[], colonia: string): boolean {
    if (serviceAreas.length === 0) return true;
    const wanted = fold(colonia);
    if (serviceAreas.some((area) => fold(area) === wanted)) return true;
    const places = new Set(this.covered(colonia));
    return serviceAreas.some((area) => this.covered(area).some((label) => places.has(label)));
  }

  private placeWords?: Set<string>;

  /** Whether a word is a whole word of a colonia's name ("narvarte", "condesa", "doctores"). */
  namesWord(word: string): boolean {
    this.placeWords ??= new Set(this.entries.flatMap((entry) => entry.words));
    return this.placeWords.has(fold(word));
  }

  /**
   * The whole alcaldías ("Alcaldía X") that have a colonia with a word beginning with `word`:
   * a vendor serving one of them serves such a colonia, so a search for the word finds it.
   */
  alcaldiaAreasWithWord(word: string): string[] {
    const typed = fold(word);
    const found = new Set<string>();
    for (const entry of this.entries)
      if (entry.words.some((w) => w.startsWith(typed))) found.add(alcaldiaArea(entry.alcaldia as Alcaldia));
    return [...found];
  }
}

const item = ({ name, alcaldia, postal_codes, label }: Entry): ColoniaItem => ({
  name,
  alcaldia,
  postal_codes,
  label,
});

let catalogue: ColoniasCatalogue | undefined;

/** The catalogue of colonias.data.json, read on first use and kept. */
export function colonias(): ColoniasCatalogue {
  catalogue ??= new ColoniasCatalogue(
    JSON.parse(readFileSync(new URL('./colonias.data.json', import.meta.url), 'utf8')) as CatalogueData,
  );
  return catalogue;
}

/**
 * Service areas as they are stored: each a colonia of the catalogue (its label), one of product §3's
 * ten, or a whole alcaldía ("Alcaldía X"), as the catalogue writes it, once each; a 400 naming the
 * first that is none of them.
 */
export function knownServiceAreas(areas: readonly string[]): string[] {
  const known = areas.map((area, index) => {
    const canonical = colonias().canonicalArea(area);
    if (canonical) return canonical;
    const message = `${area} is not a colonia or an alcaldía of Mexico City.`;
    throw new AppError('validation_failed', message, [{ path: `service_areas.${index}`, message }]).because(
      'service_area_unknown',
      { area },
    );
  });
  return [...new Set(known)];
}
