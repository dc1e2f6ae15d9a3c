import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkDecisions,
  decisionIndex,
  parseDecision,
  rewriteDecision,
  supersededDecisionCitations,
  tablesAligned,
  withIndex,
} from '../src/server/lib/decision-records.ts';
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
// (the rules: src/server/lib/doc-links.ts), when the decision records disagree with each other or
// with their index, or when code cites a superseded decision (src/server/lib/decision-records.ts).
// Reads the files git knows of, committed or not, except ignored ones; binary files and the lockfile
// are skipped. With --write (`npm run decisions`) it first writes the decisions' computed back-links,
// statuses and index.
const root = process.cwd();

const decisionsDir = join(root, DECISIONS_DIR);
const readDecisions = () =>
  readdirSync(decisionsDir)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((name) => parseDecision(name, readFileSync(join(decisionsDir, name), 'utf8')));
const readmePath = join(decisionsDir, 'README.md');
if (process.argv.includes('--write')) {
  const all = readDecisions();
  for (const d of all) writeFileSync(join(decisionsDir, d.file), rewriteDecision(d, all));
  const readme = withIndex(readFileSync(readmePath, 'utf8'), decisionIndex(readDecisions()));
  if (readme === undefined) throw new Error(`${DECISIONS_DIR}/README.md has no index markers`);
  writeFileSync(readmePath, readme);
  // The tables aligned as `npm run lint`'s formatter wants them.
  execFileSync('npx', ['biome', 'format', '--write', readmePath], { cwd: root, stdio: 'inherit' });
}
const decisions = readDecisions();
const decisionProblems = checkDecisions(decisions).map(
  ({ file, message }) => `${DECISIONS_DIR}/${file}: ${message}`,
);
const readme = readFileSync(readmePath, 'utf8');
if (tablesAligned(withIndex(readme, decisionIndex(decisions)) ?? '') !== tablesAligned(readme))
  decisionProblems.push(
    `${DECISIONS_DIR}/README.md: the index is not the decisions' own: run \`npm run decisions\``,
  );

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
const broken = findBrokenCitations(textFiles(), [...rules, supersededDecisionCitations(decisions)]);

for (const { file, line, citation, reason } of broken)
  console.error(`${file}:${line}: ${citation}: ${reason}`);
for (const problem of decisionProblems) console.error(problem);
if (broken.length > 0 || decisionProblems.length > 0) {
  console.error(
    `check-doc-links: ${broken.length} broken citation(s), ${decisionProblems.length} problem(s) in the decision records`,
  );
  process.exit(1);
}
console.log(
  `check-doc-links: ${paths.length} files, no broken citation; ${decisions.length} decisions in step with their index`,
);
