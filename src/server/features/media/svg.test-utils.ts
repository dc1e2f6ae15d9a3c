import { expect } from 'vitest';

// Shared by the media tests: an SVG that browsers will render, checked without an XML parser.

/** Tags open and close in order, and every `&` starts an entity: enough to catch broken output. */
export function expectWellFormedSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toMatch(/role="img"/);
  expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
  expect(svg).not.toMatch(/&(?!#\d+;|[a-z]+;)/);
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)(?:\s[^<>]*?)?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
  // Nothing but tags and text: a stray `<` or `>` would mean a broken tag.
  expect(svg.replace(/<[^<>]+>/g, '')).not.toMatch(/[<>]/);
}
