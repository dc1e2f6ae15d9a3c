import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it('lower-cases, strips accents and joins words with hyphens', () => {
    expect(slugify('Limpieza Brillo & Más — Roma Norte')).toBe('limpieza-brillo-mas-roma-norte');
    expect(slugify('Peluquería Ñandú')).toBe('peluqueria-nandu');
    expect(slugify('  Coyoacán: Yoga/Pilates  ')).toBe('coyoacan-yoga-pilates');
    expect(slugify("D'Angelo's Tech Fix 24/7")).toBe('d-angelo-s-tech-fix-24-7');
    expect(slugify('Straße Ærø')).toBe('strasse-aero');
  });

  it('falls back when nothing alphanumeric is left', () => {
    expect(slugify('★☆★')).toBe('vendor');
    expect(slugify('清洁服务', 'proveedor')).toBe('proveedor');
  });

  it('cuts long names at a word boundary', () => {
    const slug = slugify(
      'Servicios Integrales de Limpieza Profunda para Departamentos y Oficinas en la Colonia Roma',
    );
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe('servicios-integrales-de-limpieza-profunda-para-departamentos');
  });

  it('always gives a non-empty [a-z0-9-] slug without leading, trailing or double hyphens', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      }),
    );
  });
});

describe('uniqueSlug', () => {
  it('adds a numeric suffix on collision, starting at 2', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 3; i++) taken.add(uniqueSlug('Estética Luz', taken));
    expect([...taken]).toEqual(['estetica-luz', 'estetica-luz-2', 'estetica-luz-3']);
  });

  it('accepts a predicate', () => {
    expect(uniqueSlug('Zen Yoga', (s) => s === 'zen-yoga' || s === 'zen-yoga-2')).toBe('zen-yoga-3');
    expect(uniqueSlug('Zen Yoga', () => false)).toBe('zen-yoga');
  });
});
