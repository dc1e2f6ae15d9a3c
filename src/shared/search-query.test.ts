import { describe, expect, it } from 'vitest';
import { categoriesContaining, MAX_SEARCH_WORDS, searchWords } from './search-query.ts';

describe('searchWords', () => {
  it('keeps letters and digits, lower case, accents as typed; drops stop words and repeats', () => {
    expect(searchWords('Clases de Inglés, Roma-Norte')).toEqual(['clases', 'inglés', 'roma', 'norte']);
    expect(searchWords('UÑAS y uñas')).toEqual(['uñas']);
    expect(searchWords('the dog walker in Condesa')).toEqual(['dog', 'walker', 'condesa']);
    expect(searchWords("'; drop table x:* & !")).toEqual(['drop', 'table']);
    expect(searchWords('a b c')).toEqual([]);
    expect(searchWords('Brillante 3')).toEqual(['brillante', '3']);
  });

  it(`looks for ${MAX_SEARCH_WORDS} words at most`, () => {
    expect(searchWords('uno dos tres cuatro cinco seis siete ocho')).toHaveLength(MAX_SEARCH_WORDS);
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
