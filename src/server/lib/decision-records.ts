import type { CitationRule } from './doc-links.ts';

// The decision records of docs/decisions, checked by `npm run lint` (scripts/check-doc-links.ts) and
// written back by `npm run decisions` (the same script with --write). A decision names what it changes
// in its own header ("Supersedes:", "Amends:", "Builds on:"); the earlier decision's back-links
// ("Superseded by:", "Amended by:"), its Status and the index in docs/decisions/README.md are computed
// from those, so they cannot drift. A change to an accepted decision is a new decision, never an addendum.

/** The header lines a decision may have, in the order they are written. */
const HEADER_KEYS = [
  'Date',
  'Status',
  'Supersedes',
  'Amends',
  'Builds on',
  'Superseded by',
  'Amended by',
] as const;
type HeaderKey = (typeof HEADER_KEYS)[number];

export interface Decision {
  /** '042' */
  number: string;
  /** '042-server-rendering-and-hydration.md' */
  file: string;
  title: string;
  date: string;
  status: string;
  supersedes: string[];
  amends: string[];
  buildsOn: string[];
  supersededBy: string[];
  amendedBy: string[];
  /** Each relation's words after its number, as written: `Amends: [017](…) (refunds)` → '017' → 'refunds'. */
  notes: Record<'supersedes' | 'amends' | 'buildsOn', Map<string, string>>;
  /** The text after the header, from the first `## ` heading. */
  body: string;
  /** `## Addendum …` headings in the body. */
  addenda: string[];
}

export interface DecisionProblem {
  file: string;
  message: string;
}

const withoutLinks = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

/** `[017](017-payments.md) (refunds), 046` → the numbers at the top level, with the words that follow each. */
function relationList(value: string): { numbers: string[]; notes: Map<string, string> } {
  const text = withoutLinks(value);
  const numbers: string[] = [];
  const notes = new Map<string, string>();
  let depth = 0;
  let current: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(') {
      depth++;
      if (depth === 1 && current) {
        const close = matchingParen(text, i);
        notes.set(current, text.slice(i + 1, close).trim());
      }
    } else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /\d/.test(char) && !/\d/.test(text[i - 1] ?? '')) {
      const number = /^\d+/.exec(text.slice(i))![0];
      if (number.length === 3) {
        numbers.push(number);
        current = number;
      }
      i += number.length - 1;
    }
  }
  return { numbers, notes };
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return text.length;
}

/** A decision file read: its header lines (a line may go on over the next ones) and its body. */
export function parseDecision(file: string, text: string): Decision {
  const number = file.slice(0, 3);
  const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? '';
  const bodyStart = text.search(/^## /m);
  const head = bodyStart === -1 ? text : text.slice(0, bodyStart);
  const body = bodyStart === -1 ? '' : text.slice(bodyStart);
  const values = new Map<HeaderKey, string>();
  let key: HeaderKey | undefined;
  for (const line of head.split('\n').slice(1)) {
    const match = /^([A-Z][a-z]+(?: [a-z]+)?):\s*(.*)$/.exec(line);
    if (match && (HEADER_KEYS as readonly string[]).includes(match[1]!)) {
      key = match[1] as HeaderKey;
      values.set(key, match[2]!.trim());
    } else if (line.trim() === '') key = undefined;
    else if (key) values.set(key, `${values.get(key)} ${line.trim()}`);
  }
  const list = (k: HeaderKey) => relationList(values.get(k) ?? '');
  const supersedes = list('Supersedes');
  const amends = list('Amends');
  const buildsOn = list('Builds on');
  return {
    number,
    file,
    title,
    date: values.get('Date') ?? '',
    status: values.get('Status') ?? '',
    supersedes: supersedes.numbers,
    amends: amends.numbers,
    buildsOn: buildsOn.numbers,
    supersededBy: list('Superseded by').numbers,
    amendedBy: list('Amended by').numbers,
    notes: { supersedes: supersedes.notes, amends: amends.notes, buildsOn: buildsOn.notes },
    body,
    addenda: [...body.matchAll(/^#{2,6} +Addendum\b.*$/gim)].map((m) => m[0]),
  };
}

/** What the later decisions say of each one: who supersedes it, who amends it. */
export function backLinks(
  decisions: readonly Decision[],
): Map<string, { supersededBy: string[]; amendedBy: string[] }> {
  const links = new Map(
    decisions.map((d) => [d.number, { supersededBy: [] as string[], amendedBy: [] as string[] }]),
  );
  for (const d of [...decisions].sort((a, b) => a.number.localeCompare(b.number))) {
    for (const n of d.supersedes) links.get(n)?.supersededBy.push(d.number);
    for (const n of d.amends) links.get(n)?.amendedBy.push(d.number);
  }
  return links;
}

/** The status a decision's back-links give it: superseded once a later one replaces it whole. */
export const statusOf = (supersededBy: readonly string[]) =>
  supersededBy.length > 0 ? 'superseded' : 'accepted';

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
const listText = (numbers: readonly string[]) => (numbers.length ? numbers.join(', ') : 'none');

/** Every way the decision records disagree with each other. */
export function checkDecisions(decisions: readonly Decision[]): DecisionProblem[] {
  const problems: DecisionProblem[] = [];
  const known = new Set(decisions.map((d) => d.number));
  const links = backLinks(decisions);
  for (const d of decisions) {
    const say = (message: string) => problems.push({ file: d.file, message });
    if (!d.title) say('no "# title" line');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d.date)) say(`"Date:" should be YYYY-MM-DD, is "${d.date}"`);
    for (const heading of d.addenda)
      say(
        `"${heading}": a change to an accepted decision is a new decision that amends it, never an addendum`,
      );
    for (const [key, numbers] of [
      ['Supersedes', d.supersedes],
      ['Amends', d.amends],
      ['Builds on', d.buildsOn],
    ] as const) {
      for (const n of numbers) {
        if (!known.has(n)) say(`"${key}: ${n}": there is no decision ${n}`);
        if (n === d.number) say(`"${key}: ${n}": a decision cannot name itself`);
      }
    }
    const expected = links.get(d.number)!;
    if (!same(d.supersededBy, expected.supersededBy))
      say(
        `"Superseded by:" should be ${listText(expected.supersededBy)} (from their "Supersedes:"), is ${listText(d.supersededBy)}`,
      );
    if (!same(d.amendedBy, expected.amendedBy))
      say(
        `"Amended by:" should be ${listText(expected.amendedBy)} (from their "Amends:"), is ${listText(d.amendedBy)}`,
      );
    const status = statusOf(expected.supersededBy);
    if (d.status !== status) say(`"Status:" should be ${status}, is "${d.status}"`);
  }
  return problems;
}

const link = (byNumber: ReadonlyMap<string, Decision>, n: string) => {
  const d = byNumber.get(n);
  return d ? `[${n}](${d.file})` : n;
};

function relationLine(
  byNumber: ReadonlyMap<string, Decision>,
  numbers: readonly string[],
  notes?: Map<string, string>,
) {
  return numbers.map((n) => `${link(byNumber, n)}${notes?.get(n) ? ` (${notes.get(n)})` : ''}`).join(', ');
}

/** A decision's header as `--write` writes it: the relations as given, the back-links and status computed. */
export function formatHeader(d: Decision, all: readonly Decision[]): string {
  const byNumber = new Map(all.map((x) => [x.number, x]));
  const expected = backLinks(all).get(d.number) ?? { supersededBy: [], amendedBy: [] };
  const lines = [`# ${d.title}`, `Date: ${d.date}`, `Status: ${statusOf(expected.supersededBy)}`];
  const add = (key: HeaderKey, numbers: readonly string[], notes?: Map<string, string>) => {
    if (numbers.length) lines.push(`${key}: ${relationLine(byNumber, numbers, notes)}`);
  };
  add('Supersedes', d.supersedes, d.notes.supersedes);
  add('Amends', d.amends, d.notes.amends);
  add('Builds on', d.buildsOn, d.notes.buildsOn);
  add('Superseded by', expected.supersededBy);
  add('Amended by', expected.amendedBy);
  return `${lines.join('\n\n')}\n\n`;
}

/** A decision file with its header rewritten (formatHeader) and its body as it was. */
export function rewriteDecision(d: Decision, all: readonly Decision[]): string {
  return `${formatHeader(d, all)}${d.body}`;
}

const INDEX_START = '<!-- index: written by `npm run decisions`, checked by `npm run lint` -->';
const INDEX_END = '<!-- /index -->';

/** The index of docs/decisions/README.md: the decisions in force, then the superseded ones apart. */
export function decisionIndex(decisions: readonly Decision[]): string {
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  const links = backLinks(decisions);
  const sorted = [...decisions].sort((a, b) => a.number.localeCompare(b.number));
  const row = (d: Decision) => {
    const { supersededBy, amendedBy } = links.get(d.number)!;
    const relations = [
      d.supersedes.length ? `supersedes ${relationLine(byNumber, d.supersedes)}` : '',
      d.amends.length ? `amends ${relationLine(byNumber, d.amends)}` : '',
      supersededBy.length ? `superseded by ${relationLine(byNumber, supersededBy)}` : '',
      amendedBy.length ? `amended by ${relationLine(byNumber, amendedBy)}` : '',
    ].filter(Boolean);
    return `| ${d.number} | [${d.title.replace(/\|/g, '\\|')}](${d.file}) | ${d.date} | ${relations.join('; ') || '—'} |`;
  };
  const table = (rows: Decision[]) =>
    ['| No. | Decision | Date | Changes |', '| --- | --- | --- | --- |', ...rows.map(row)].join('\n');
  const inForce = sorted.filter((d) => statusOf(links.get(d.number)!.supersededBy) === 'accepted');
  const superseded = sorted.filter((d) => statusOf(links.get(d.number)!.supersededBy) === 'superseded');
  return [
    INDEX_START,
    '',
    '## In force',
    '',
    table(inForce),
    '',
    '## Superseded',
    '',
    'Kept for their reasons; code does not cite them (`npm run lint` fails when it does).',
    '',
    table(superseded),
    '',
    INDEX_END,
  ].join('\n');
}

/** README.md with its index replaced by `index`; undefined when it has no index markers. */
export function withIndex(readme: string, index: string): string | undefined {
  const start = readme.indexOf(INDEX_START);
  const end = readme.indexOf(INDEX_END);
  if (start === -1 || end === -1 || end < start) return undefined;
  return `${readme.slice(0, start)}${index}${readme.slice(end + INDEX_END.length)}`;
}

/**
 * Markdown as compared, whatever the formatter made of its tables: a table row's cells without the
 * spaces that align them, and a rule row's dashes as three.
 */
export function tablesAligned(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-{3,}$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');
}

/** Files that are documentation: they may tell the history, superseded decisions included. */
const isProse = (file: string) => file.endsWith('.md');

/**
 * Code that cites a decision a later one wholly superseded ("decision NNN") points its reader at
 * rules no longer in force: it must cite the decision that replaced it.
 */
export function supersededDecisionCitations(decisions: readonly Decision[]): CitationRule {
  const links = backLinks(decisions);
  const superseded = new Map(
    decisions
      .map((d) => [d.number, links.get(d.number)!.supersededBy] as const)
      .filter(([, by]) => by.length > 0),
  );
  return (line, file) => {
    if (isProse(file)) return [];
    const findings = [];
    for (const match of line.matchAll(/\bdecisions?\s+(\d{3}\b(?:\s*(?:,|and|or|&|–|-)\s*\d{3}\b)*)/gi)) {
      const numbers = match[1]!.match(/\d{3}/g) ?? [];
      // "decisions NNN–MMM" is a range.
      const range =
        /[–-]/.test(match[1]!) && numbers.length === 2 ? expand(numbers[0]!, numbers[1]!) : numbers;
      for (const number of range) {
        const by = superseded.get(number);
        if (by)
          findings.push({
            citation: `decision ${number}`,
            target: `superseded ${number}`,
            reason: `decision ${number} is superseded by ${by.join(', ')}: cite the decision in force`,
          });
      }
    }
    return findings;
  };
}

function expand(from: string, to: string): string[] {
  const numbers: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) numbers.push(String(n).padStart(3, '0'));
  return numbers;
}
