import { posix } from 'node:path';

// The import circles among a folder's modules, for `npm run lint` (scripts/check-import-cycles.ts). A
// circle makes a reader hold several files in mind to understand any of them, and makes the load
// order matter; type-only imports count too, since the reader follows them all the same.

/** A module: its path from the repository's root (with `/`) and its source text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** The relative modules a source imports or re-exports statically (dynamic `import()` loads later). */
export function importsOf(file: SourceFile): string[] {
  const targets = new Set<string>();
  const pattern = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of file.text.matchAll(pattern)) {
    targets.add(posix.normalize(posix.join(posix.dirname(file.path), match[1]!)));
  }
  return [...targets];
}

/**
 * The circles of the import graph among `files` (Tarjan's strongly connected components of more than
 * one module), each as its modules sorted by path, the circles sorted by their first module.
 */
export function importCycles(files: readonly SourceFile[]): string[][] {
  const known = new Set(files.map((f) => f.path));
  const graph = new Map(files.map((f) => [f.path, importsOf(f).filter((t) => known.has(t))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A circle as the check prints it and the list of known ones holds it. */
export const cycleKey = (cycle: readonly string[]) => cycle.join(' ↔ ');

/**
 * What the check says of the circles found against the known ones it tolerates while they are
 * being taken apart: a new circle fails, and so does a known one that is gone (the list shrinks).
 */
export function compareCycles(found: readonly string[][], known: readonly string[]): string[] {
  const foundKeys = new Set(found.map(cycleKey));
  const problems = [...foundKeys]
    .filter((key) => !known.includes(key))
    .map((key) => `an import circle: ${key}`);
  for (const key of known)
    if (!foundKeys.has(key)) problems.push(`no longer a circle, take it off the known list: ${key}`);
  return problems;
}
