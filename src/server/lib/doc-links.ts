import { posix } from 'node:path';

// The repository's citations of its own documents (decisions, links into docs/, numbered sections of
// docs/product.md and ARCHITECTURE.md), checked by `npm run lint`
// (scripts/check-doc-links.ts reads the files; this module only reads text, so it is tested as is).
// A rule finds the citations of one kind on a line and says which of them lead nowhere. A new kind of
// citation (a section of a document, say) is one more rule: a function from a line to its findings,
// added to the list the script passes to `findBrokenCitations`.

/** A file of the repository: its path from the root (with `/`) and its text. */
export interface DocFile {
  path: string;
  text: string;
}

/** What the rules know of the repository. */
export interface DocIndex {
  /** Whether a path from the repository's root (with `/`, no leading `./`) is a file or a folder. */
  exists(path: string): boolean;
  /** docs/decisions' files by their number: '013' → '013-availability-engine-and-outbox.md'. */
  decisions: ReadonlyMap<string, string>;
  /**
   * The numbered sections of the documents the code cites by section, by the name it cites them with:
   * 'product' → docs/product.md's headings ('2', '2.3', …), 'ARCHITECTURE' → ARCHITECTURE.md's.
   */
  sections: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A citation that leads nowhere. */
export interface Finding {
  /** As written. */
  citation: string;
  /** What it should lead to: a line reports each target once, whichever rules find it. */
  target: string;
  reason: string;
}

/** Finds the broken citations of one kind on one line of a file. */
export type CitationRule = (line: string, file: string) => Finding[];

export interface BrokenCitation extends Finding {
  file: string;
  /** 1-based. */
  line: number;
}

export const DECISIONS_DIR = 'docs/decisions';

/** docs/decisions' files by number, from the names of that folder's files. */
export function decisionsByNumber(fileNames: Iterable<string>): Map<string, string> {
  const byNumber = new Map<string, string>();
  for (const name of fileNames) {
    const match = /^(\d{3})-.+\.md$/.exec(name);
    if (match) byNumber.set(match[1]!, name);
  }
  return byNumber;
}

/**
 * "decision 013", "Decision 024's", "decisions 008 and 013", "decisions 040, 041": each number must
 * be a file of docs/decisions.
 */
export function decisionNumbers(index: DocIndex): CitationRule {
  return (line) => {
    const findings: Finding[] = [];
    for (const match of line.matchAll(/\bdecisions?\s+(\d{3}\b(?:\s*(?:,|and|or|&)\s*\d{3}\b)*)/gi)) {
      for (const number of match[1]!.match(/\d{3}/g) ?? []) {
        if (!index.decisions.has(number))
          findings.push({
            citation: `decision ${number}`,
            target: `${DECISIONS_DIR}/${number}-*.md`,
            reason: `no ${DECISIONS_DIR}/${number}-*.md`,
          });
      }
    }
    return findings;
  };
}

/** "docs/decisions/012-discovery-featured-previews-service-worker.md" written out must exist. */
export function decisionPaths(index: DocIndex): CitationRule {
  return (line) => {
    const findings: Finding[] = [];
    for (const match of line.matchAll(/\bdocs\/decisions\/[\w.-]+\.md\b/g)) {
      if (!index.exists(match[0]))
        findings.push({ citation: match[0], target: match[0], reason: 'no such file' });
    }
    return findings;
  };
}

/**
 * Markdown links into docs/ (`[decision 018](docs/decisions/018-whatsapp.md)`, or
 * `[037](037-contacts-privacy.md)` inside docs/decisions), resolved from the linking file's folder:
 * the target must exist, and a link whose text names a decision must lead to that decision.
 */
export function markdownDocLinks(index: DocIndex, under = 'docs/'): CitationRule {
  return (line, file) => {
    const findings: Finding[] = [];
    for (const match of line.matchAll(/\[([^\]\n]*)\]\(([^)\s]+)\)/g)) {
      const [citation, text, href] = match as unknown as [string, string, string];
      if (/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(href)) continue; // a URL, an anchor, a site path
      const target = posix.normalize(posix.join(posix.dirname(file), href.replace(/[?#].*$/, '')));
      if (!`${target}/`.startsWith(under)) continue;
      if (!index.exists(target.replace(/\/$/, ''))) {
        findings.push({ citation, target, reason: `no such file or folder: ${target}` });
        continue;
      }
      const named = /^(?:decisions?\s+)?(\d{3})$/i.exec(text.trim());
      const linked = new RegExp(`^${DECISIONS_DIR}/(\\d{3})-`).exec(target);
      if (named && linked && named[1] !== linked[1])
        findings.push({
          citation,
          target,
          reason: `the text names decision ${named[1]}, the link ${target}`,
        });
    }
    return findings;
  };
}

/** The documents cited by section, and the files that hold them. */
export const SECTIONED_DOCS = { product: 'docs/product.md', ARCHITECTURE: 'ARCHITECTURE.md' } as const;

/** Documents that were never in the repository: a citation of one of their sections leads nowhere. */
const OUTSIDE_DOCS = new Set(['DESIGN', 'STYLE', 'SPEC', 'spec']);

/** The numbers of a Markdown document's numbered headings: "## 4. Booking lifecycle" → '4', "### 2.3 Browse" → '2.3'. */
export function numberedSections(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]/gm)) numbers.add(match[1]!);
  return numbers;
}

/**
 * Section citations: "product §4", "ARCHITECTURE §9, §11", "product §2". Each section sign belongs to
 * the last document named before it on the line, which must be a sectioned document of the repository
 * whose heading has that number. A sign with no document before it on its line, or after the name of a
 * document that is not in the repository, is reported; "RFC 5545 §3.1" cites a standard and passes.
 */
export function sectionCitations(index: DocIndex): CitationRule {
  const names = [...Object.keys(SECTIONED_DOCS), ...OUTSIDE_DOCS].join('|');
  const pattern = new RegExp(`\\b(${names}|RFC\\s*\\d+)\\b(?:\\.md)?|§\\s*(\\d+(?:\\.\\d+)*)`, 'g');
  return (line) => {
    const findings: Finding[] = [];
    let doc: string | undefined;
    for (const match of line.matchAll(pattern)) {
      if (match[1] !== undefined) {
        doc = match[1];
        continue;
      }
      const number = match[2]!;
      if (doc === undefined) {
        findings.push({
          citation: `§${number}`,
          target: `§${number}`,
          reason: 'a section of which document? Write product §N or ARCHITECTURE §N',
        });
      } else if (OUTSIDE_DOCS.has(doc)) {
        findings.push({
          citation: `${doc} §${number}`,
          target: `${doc} §${number}`,
          reason: `${doc} is not in the repository: cite product §N (docs/product.md) or ARCHITECTURE §N`,
        });
      } else if (doc in SECTIONED_DOCS && !index.sections.get(doc)?.has(number)) {
        const file = SECTIONED_DOCS[doc as keyof typeof SECTIONED_DOCS];
        findings.push({
          citation: `${doc} §${number}`,
          target: `${file} §${number}`,
          reason: `${file} has no heading numbered ${number}`,
        });
      }
    }
    return findings;
  };
}

/** The rules of `npm run lint`; a link is checked before the path it holds, so it is the one reported. */
export function docLinkRules(index: DocIndex): CitationRule[] {
  return [decisionNumbers(index), markdownDocLinks(index), decisionPaths(index), sectionCitations(index)];
}

/** Every broken citation of the files, in file and line order; one finding per citation and line. */
export function findBrokenCitations(files: Iterable<DocFile>, rules: CitationRule[]): BrokenCitation[] {
  const broken: BrokenCitation[] = [];
  for (const { path, text } of files) {
    text.split('\n').forEach((line, i) => {
      const seen = new Set<string>();
      for (const rule of rules) {
        for (const finding of rule(line, path)) {
          if (seen.has(finding.target)) continue;
          seen.add(finding.target);
          broken.push({ file: path, line: i + 1, ...finding });
        }
      }
    });
  }
  return broken;
}
