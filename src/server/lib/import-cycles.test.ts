import { describe, expect, it } from 'vitest';
import { compareCycles, cycleKey, importCycles, importsOf } from './import-cycles.ts';

// The import-circle check on made-up modules.

const mod = (path: string, text: string) => ({ path, text });

describe('import circles', () => {
  it('reads static imports and re-exports, over several lines, type-only ones too', () => {
    const file = mod(
      'src/a/x.ts',
      [
        "import { y } from './y.ts';",
        'import {',
        '  type Z,',
        '  z,',
        "} from '../b/z.ts';",
        "import type { W } from './w.ts';",
        "export { v } from './v.ts';",
        "import './side-effect.ts';",
        "import { z as zod } from 'zod';",
        "const later = () => import('./lazy.ts');",
      ].join('\n'),
    );
    expect(importsOf(file).sort()).toEqual([
      'src/a/side-effect.ts',
      'src/a/v.ts',
      'src/a/w.ts',
      'src/a/y.ts',
      'src/b/z.ts',
    ]);
  });

  it('finds each circle once, whatever its length, and not a chain', () => {
    const files = [
      mod('a.ts', "import { b } from './b.ts';"),
      mod('b.ts', "import type { A } from './a.ts';"),
      mod('c.ts', "import { d } from './d.ts';"),
      mod('d.ts', "import { e } from './e.ts';"),
      mod('e.ts', "import { c } from './c.ts';\nimport { a } from './a.ts';"),
      mod('f.ts', "import { a } from './a.ts';"),
    ];
    expect(importCycles(files)).toEqual([
      ['a.ts', 'b.ts'],
      ['c.ts', 'd.ts', 'e.ts'],
    ]);
  });

  it('fails on a new circle and on a known one that is gone', () => {
    const found = [['a.ts', 'b.ts']];
    expect(compareCycles(found, [cycleKey(['a.ts', 'b.ts'])])).toEqual([]);
    expect(compareCycles(found, [])).toEqual(['an import circle: a.ts ↔ b.ts']);
    expect(compareCycles([], ['a.ts ↔ b.ts'])).toEqual([
      'no longer a circle, take it off the known list: a.ts ↔ b.ts',
    ]);
  });
});
