import { describe, expect, it } from 'vitest';
import { categoryKeys } from '../../../shared/categories.ts';
import { expectWellFormedSvg } from './svg.test-utils.ts';
import {
  glyphFor,
  initialsOf,
  nameFromSlug,
  renderVendorAvatar,
  renderVendorCover,
  renderVendorPreview,
} from './vendor-art.ts';

describe('glyphFor', () => {
  it('maps chip keys and the signup/admin list entries to their chip', () => {
    for (const key of categoryKeys) expect(glyphFor(key)).toBe(key);
    expect(glyphFor('Limpieza del Hogar')).toBe('cleaning');
    expect(glyphFor('personal training')).toBe('fitness');
    expect(glyphFor('Beauty & Hair')).toBe('beauty');
    expect(glyphFor('Jardinería')).toBe('plants');
    expect(glyphFor('Fotografía')).toBe('photography');
    expect(glyphFor('Otro')).toBe('other');
    expect(glyphFor(null)).toBe('other');
  });
});

describe('initialsOf', () => {
  it('takes two initials, skipping small words and keeping accents', () => {
    expect(initialsOf('Sastrería de la Ribera')).toBe('SR');
    expect(initialsOf('Ángel Ñúñez y Asociados')).toBe('ÁÑ');
    expect(initialsOf('Zen')).toBe('Z');
    expect(initialsOf('De La')).toBe('DL');
    expect(initialsOf('★★')).toBe('');
  });

  it('reads a name back from a slug', () => {
    expect(nameFromSlug('brillo-total-limpieza-2')).toBe('Brillo Total Limpieza 2');
  });
});

describe('renderVendorAvatar, renderVendorCover and renderVendorPreview', () => {
  const art = { slug: 'tacos-mas', businessName: 'Tacos & "Más" <Ñ>', serviceCategory: 'cooking' };

  it('escapes the name and stays well-formed', () => {
    for (const svg of [renderVendorAvatar(art), renderVendorCover(art), renderVendorPreview(art)]) {
      expectWellFormedSvg(svg);
      expect(svg).toContain('<title id="title">Tacos &#38; &#34;Más&#34; &#60;Ñ&#62;</title>');
    }
  });

  it('draws the link preview at 1200×630 without text, so it needs no fonts to become a PNG', () => {
    const svg = renderVendorPreview(art);
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).not.toContain('<text');
  });

  it('is deterministic, and differs between vendors', () => {
    expect(renderVendorAvatar(art)).toBe(renderVendorAvatar({ ...art }));
    expect(renderVendorAvatar(art)).not.toBe(renderVendorAvatar({ ...art, slug: 'tacos-mas-2' }));
  });

  it('draws every glyph without external references', () => {
    for (const key of [...categoryKeys, 'Photography', 'Other']) {
      const svg = renderVendorAvatar({ slug: key, businessName: key, serviceCategory: key });
      expectWellFormedSvg(svg);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
      expect(svg).not.toMatch(/<(image|script|foreignObject)/);
    }
  });
});
