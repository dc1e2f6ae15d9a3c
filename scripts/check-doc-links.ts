import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DECISIONS_DIR,
  type DocFile,
  decisionsByNumber,
  docLinkRules,
  findBrokenCitations,
  numberedSections,
  SECTIONED_DOCS,
} from '../src/server/lib/doc-links.ts';

// Part of `npm run lint`: fails when a file cites a decision, a section, or links into docs/, where nothing is
// (the rules: src/server/lib/doc-links.ts). Reads the files git knows of, committed or not, except
// ignored ones; binary files and the lockfile are skipped.
const root = process.cwd();

const paths = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((path) => path && path !== 'package-lock.json' && existsSync(join(root, path)));

function* textFiles(): Generator<DocFile> {
  for (const path of paths) {
    const bytes = readFileSync(join(root, path));
    if (bytes.includes(0)) continue; // binary
    yield { path, text: bytes.toString('utf8') };
  }
}

const rules = docLinkRules({
  exists: (path) => existsSync(join(root, path)),
  decisions: decisionsByNumber(readdirSync(join(root, DECISIONS_DIR))),
  sections: new Map(
    Object.entries(SECTIONED_DOCS).map(([name, file]) => [
      name,
      existsSync(join(root, file))
        ? numberedSections(readFileSync(join(root, file), 'utf8'))
        : new Set<string>(),
    ]),
  ),
});
const broken = findBrokenCitations(textFiles(), rules);

for (const { file, line, citation, reason } of broken)
  console.error(`${file}:${line}: ${citation}: ${reason}`);
if (broken.length > 0) {
  console.error(`check-doc-links: ${broken.length} broken citation(s)`);
  process.exit(1);
}
console.log(`check-doc-links: ${paths.length} files, no broken citation`);
