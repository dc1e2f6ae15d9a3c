import { describe, expect, it } from 'vitest';
import {
  type DocIndex,
  decisionsByNumber,
  docLinkRules,
  findBrokenCitations,
  numberedSections,
} from './doc-links.ts';

// `npm run lint` (scripts/check-doc-links.ts): a citation of a decision, or a link into docs/, that
// leads nowhere is reported with its file and line; one that leads somewhere is not. The citations
// below are built from parts, so that this file's own text cites nothing the check would report.

const decisions = decisionsByNumber(['012-discovery.md', '037-contacts-privacy.md', 'README.md']);
const files = new Set(['ARCHITECTURE.md', 'docs', 'docs/decisions', 'docs/product.md']);
for (const name of decisions.values()) files.add(`docs/decisions/${name}`);
const sections = new Map([
  [
    'product',
    numberedSections('# Product\n## 1. What\n## 2. Screens\n### 2.3 Browse Vendors\n## 9. Constants\n'),
  ],
  ['ARCHITECTURE', numberedSections('# Architecture\n## 4. Booking lifecycle\n## 11. Running at scale\n')],
]);
const index: DocIndex = { exists: (path) => files.has(path), decisions, sections };

const decision = (n: string) => `decision ${n}`;
const sign = '\u00a7'; // the section sign, kept out of this file's text
const section = (doc: string, n: string) => `${doc} ${sign}${n}`;
const path = (name: string) => `docs/decisions/${name}`;
const link = (text: string, href: string) => `[${text}](${href})`;

const check = (file: string, ...lines: string[]) =>
  findBrokenCitations([{ path: file, text: lines.join('\n') }], docLinkRules(index)).map(
    ({ file, line, citation, reason }) => `${file}:${line}: ${citation}: ${reason}`,
  );

describe('findBrokenCitations', () => {
  it('reports a decision cited by a number that has no file, with its file and line', () => {
    expect(check('src/a.ts', '// ok', `// the rule (${decision('013')}).`)).toEqual([
      'src/a.ts:2: decision 013: no docs/decisions/013-*.md',
    ]);
  });

  it('passes a decision that exists, alone or in a list', () => {
    expect(
      check(
        'src/a.ts',
        `// the rule (${decision('012')}); Decision 037's limits.`,
        '// decisions 012 and 037, decisions 012, 037.',
      ),
    ).toEqual([]);
  });

  it('reports every missing number of a list', () => {
    expect(check('src/a.ts', '// decisions 012, 013 and 014.')).toEqual([
      'src/a.ts:1: decision 013: no docs/decisions/013-*.md',
      'src/a.ts:1: decision 014: no docs/decisions/014-*.md',
    ]);
  });

  it('reports a path into docs/decisions that does not exist, and passes one that does', () => {
    expect(check('vite.config.ts', `// (${path('012-discovery.md')})`)).toEqual([]);
    expect(check('vite.config.ts', `// (${path('012-discovery-old.md')})`)).toEqual([
      `vite.config.ts:1: ${path('012-discovery-old.md')}: no such file`,
    ]);
  });

  it('checks markdown links into docs/ from the linking file, once per target and line', () => {
    expect(
      check(
        'README.md',
        `See ${link(decision('012'), path('012-discovery.md'))}, ${link('the list', 'docs/decisions/')}.`,
        `${link('product', 'docs/product.md#booking')} ${link('site', 'https://example.com/docs/x.md')}`,
      ),
    ).toEqual([]);
    expect(check('README.md', `See ${link(decision('012'), path('012-gone.md'))}.`)).toEqual([
      `README.md:1: [decision 012](${path('012-gone.md')}): no such file or folder: ${path('012-gone.md')}`,
    ]);
    expect(check('docs/decisions/037-contacts-privacy.md', link('012', '012-discovery.md'))).toEqual([]);
    expect(check('docs/decisions/037-contacts-privacy.md', link('x', '../missing.md'))).toEqual([
      'docs/decisions/037-contacts-privacy.md:1: [x](../missing.md): no such file or folder: docs/missing.md',
    ]);
  });

  it('reports a link whose text names another decision than it leads to', () => {
    expect(check('README.md', link(decision('037'), path('012-discovery.md')))).toEqual([
      `README.md:1: [decision 037](${path('012-discovery.md')}): the text names decision 037, the link ${path('012-discovery.md')}`,
    ]);
  });

  it('reads the numbers of numbered headings only', () => {
    expect([
      ...numberedSections('# Title\n## 1. One\n### 1.2 Two\n## Three\n#### 10.4.1 Deep\n1. a list'),
    ]).toEqual(['1', '1.2', '10.4.1']);
  });

  it('passes a section citation whose heading exists, alone or in a list', () => {
    expect(
      check(
        'src/a.ts',
        `// (${section('product', '2.3')}, ${sign}9; ${section('ARCHITECTURE', '4')} and ${sign}11).`,
        `// ${section('product', '9')}.`,
        `// folded lines (${section('RFC 5545', '3.1')}).`,
      ),
    ).toEqual([]);
  });

  it('reports a section that has no heading, under the document the sign follows', () => {
    expect(
      check('src/a.ts', `// ${section('product', '2.4')}, ${sign}12 (${section('ARCHITECTURE', '5')})`),
    ).toEqual([
      `src/a.ts:1: ${section('product', '2.4')}: docs/product.md has no heading numbered 2.4`,
      `src/a.ts:1: ${section('product', '12')}: docs/product.md has no heading numbered 12`,
      `src/a.ts:1: ${section('ARCHITECTURE', '5')}: ARCHITECTURE.md has no heading numbered 5`,
    ]);
  });

  it('reports a section of a document that is not in the repository, and a sign with no document', () => {
    expect(check('src/a.ts', `// ${section('DESIGN', '6')}; ${section('STYLE', '3')} and ${sign}8`)).toEqual([
      `src/a.ts:1: ${section('DESIGN', '6')}: DESIGN is not in the repository: cite product ${sign}N (docs/product.md) or ARCHITECTURE ${sign}N`,
      `src/a.ts:1: ${section('STYLE', '3')}: STYLE is not in the repository: cite product ${sign}N (docs/product.md) or ARCHITECTURE ${sign}N`,
      `src/a.ts:1: ${section('STYLE', '8')}: STYLE is not in the repository: cite product ${sign}N (docs/product.md) or ARCHITECTURE ${sign}N`,
    ]);
    expect(check('src/a.ts', `// see ${sign}4`)).toEqual([
      `src/a.ts:1: ${sign}4: a section of which document? Write product ${sign}N or ARCHITECTURE ${sign}N`,
    ]);
  });
});
