import { describe, expect, it } from 'vitest';
import {
  categoriesContaining,
  daysNamed,
  MAX_SEARCH_WORDS,
  searchTimes,
  searchWords,
  wordForms,
} from './search-query.ts';
import { everydayWords } from './search-vocabulary.ts';

describe('searchWords', () => {
  it('keeps letters and digits, lower case, accents as typed; drops stop words and repeats', () => {
    expect(searchWords('Clases de Inglés, Roma-Norte')).toEqual(['clases', 'inglés', 'roma', 'norte']);
    expect(searchWords('UÑAS y uñas')).toEqual(['uñas']);
    expect(searchWords('the dog walker in Condesa')).toEqual(['dog', 'walker', 'condesa']);
    expect(searchWords("'; drop table x:* & !")).toEqual(['drop', 'table']);
    expect(searchWords('a b c')).toEqual([]);
    expect(searchWords('Brillante 3')).toEqual(['brillante', '3']);
  });

  it('drops the words of a sentence that ask, not what is needed, accents aside', () => {
    expect(searchWords('Busco a alguien que pinte mi cuarto')).toEqual(['pinte', 'cuarto']);
    expect(searchWords('¿Quién me puede ayudar? Necesito un plomero urgente')).toEqual(['plomero']);
    expect(searchWords('niñera para el fin de semana')).toEqual(['niñera']);
    expect(searchWords('can someone fix my laptop')).toEqual(['fix', 'laptop']);
  });

  it(`looks for ${MAX_SEARCH_WORDS} words at most`, () => {
    expect(searchWords('uno dos tres cuatro cinco seis siete ocho')).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe('searchTimes and daysNamed (decision 085)', () => {
  it('reads the time words of a search, in either language, accents and case aside', () => {
    expect(searchTimes('plomero HOY')).toEqual(['today']);
    expect(searchTimes('clases mañana')).toEqual(['tomorrow']);
    expect(searchTimes('niñera para el fin de semana')).toEqual(['weekend']);
    expect(searchTimes('cerrajero urgente')).toEqual(['urgent']);
    expect(searchTimes('nanny for tonight, or tomorrow')).toEqual(['today', 'tomorrow']);
    expect(searchTimes('dog walker this weekend')).toEqual(['weekend']);
    expect(searchTimes('comida casera para la semana')).toEqual([]);
    expect(searchTimes('limpieza')).toEqual([]);
  });

  it("names the days from today in the vendor's zone", () => {
    const wednesday = '2026-12-02';
    expect(daysNamed(['today'], wednesday)).toEqual({ first: wednesday, last: wednesday });
    expect(daysNamed(['tomorrow'], wednesday)).toEqual({ first: '2026-12-03', last: '2026-12-03' });
    expect(daysNamed(['urgent'], wednesday)).toEqual({ first: wednesday, last: '2026-12-03' });
    expect(daysNamed(['weekend'], wednesday)).toEqual({ first: '2026-12-05', last: '2026-12-06' });
    expect(daysNamed(['weekend'], '2026-12-04')).toEqual({ first: '2026-12-05', last: '2026-12-06' });
    expect(daysNamed(['weekend'], '2026-12-05')).toEqual({ first: '2026-12-05', last: '2026-12-06' });
    expect(daysNamed(['weekend'], '2026-12-06')).toEqual({ first: '2026-12-06', last: '2026-12-06' });
    expect(daysNamed(['today', 'weekend'], wednesday)).toEqual({ first: wednesday, last: '2026-12-06' });
  });
});

describe('categoriesContaining (product §5: the category contains the text)', () => {
  it('matches labels of either language and the labels stored before keys, accents aside', () => {
    expect(categoriesContaining('hogar')).toEqual(['cleaning', 'repair']);
    expect(categoriesContaining('LIMPIEZA')).toEqual(['cleaning']);
    expect(categoriesContaining('fisico')).toEqual(['fitness']);
    expect(categoriesContaining('personal')).toEqual(['fitness']);
    expect(categoriesContaining('pet')).toEqual(['pets']);
    expect(categoriesContaining('zzz')).toEqual([]);
    expect(categoriesContaining('  ')).toEqual([]);
  });
});

describe('wordForms (what a vendor writes for the word typed)', () => {
  it('gives everyday and slang words their written words, and a diminutive its word', () => {
    expect(wordForms('compu')).toEqual(['computadora', 'computadoras']);
    expect(wordForms('Pelo')).toEqual(['cabello', 'corte']);
    expect(wordForms('perrita')).toEqual(['perro', 'perra']);
    expect(wordForms('gatitos')).toEqual(['gato', 'gata']);
    expect(wordForms('plomero')).toEqual([]);
    // Too short to be a diminutive: "cita", "chita".
    expect(wordForms('cita')).toEqual([]);
  });

  it('keeps its data searchable: folded keys, single words of letters', () => {
    for (const [word, forms] of Object.entries(everydayWords)) {
      expect(word).toMatch(/^[a-z]+$/);
      for (const form of forms) expect(form, word).toMatch(/^[a-z]+$/);
    }
  });
});
