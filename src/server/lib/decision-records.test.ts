import { describe, expect, it } from 'vitest';
import {
  checkDecisions,
  decisionIndex,
  parseDecision,
  rewriteDecision,
  supersededDecisionCitations,
  tablesAligned,
  withIndex,
} from './decision-records.ts';

// The decision records' check on a made-up folder of three decisions.

const payments = `# Payments by card

Date: 2026-11-01

Status: accepted

## Context

Cards only.
`;
const refunds = `# Customers get refunds

Date: 2026-11-02

Status: accepted

Amends: [001](001-payments.md) (refunds, which were an admin's task in 2026), 099 (a note (nested) 123)

Builds on: [001](001-payments.md)

## Decision

Refunds in full.
`;
const wallets = `# Wallets replace cards

Date: 2026-11-03

Status: accepted

Supersedes: [001](001-payments.md)

## Decision

Wallets only.
`;

const folder = (files: Record<string, string>) =>
  Object.entries(files).map(([file, text]) => parseDecision(file, text));

describe('the decision records', () => {
  it('reads the relations at the top level of a header line, links and notes aside', () => {
    const d = parseDecision('002-refunds.md', refunds);
    expect(d).toMatchObject({
      number: '002',
      title: 'Customers get refunds',
      date: '2026-11-02',
      status: 'accepted',
      amends: ['001', '099'],
      buildsOn: ['001'],
      supersedes: [],
    });
    expect(d.notes.amends.get('001')).toBe("refunds, which were an admin's task in 2026");
    expect(d.body.startsWith('## Decision')).toBe(true);
  });

  it('fails on a missing back-link, a wrong status, an unknown decision and an addendum', () => {
    const withAddendum = `${payments}\n## Addendum (2026-11-04): cash too\n\nCash.\n`;
    const problems = checkDecisions(
      folder({ '001-payments.md': withAddendum, '002-refunds.md': refunds, '003-wallets.md': wallets }),
    );
    expect(problems).toEqual([
      {
        file: '001-payments.md',
        message:
          '"## Addendum (2026-11-04): cash too": a change to an accepted decision is a new decision that amends it, never an addendum',
      },
      {
        file: '001-payments.md',
        message: '"Superseded by:" should be 003 (from their "Supersedes:"), is none',
      },
      { file: '001-payments.md', message: '"Amended by:" should be 002 (from their "Amends:"), is none' },
      { file: '001-payments.md', message: '"Status:" should be superseded, is "accepted"' },
      { file: '002-refunds.md', message: `"Amends: 099": there is no decision ${'099'}` },
    ]);
  });

  it('writes the back-links and the status from the later decisions, and then has nothing to say', () => {
    const fixed = refunds.replace(', 099 (a note (nested) 123)', '');
    const all = folder({ '001-payments.md': payments, '002-refunds.md': fixed, '003-wallets.md': wallets });
    const rewritten = folder(Object.fromEntries(all.map((d) => [d.file, rewriteDecision(d, all)])));
    expect(checkDecisions(rewritten)).toEqual([]);
    expect(rewriteDecision(all[0]!, all)).toBe(`# Payments by card

Date: 2026-11-01

Status: superseded

Superseded by: [003](003-wallets.md)

Amended by: [002](002-refunds.md)

## Context

Cards only.
`);
    // A back-link written by hand that no later decision stands behind is refused too.
    const stray = rewriteDecision(all[1]!, all).replace(
      '## Decision',
      'Amended by: [003](003-wallets.md)\n\n## Decision',
    );
    expect(
      checkDecisions(
        folder({ '001-payments.md': payments, '002-refunds.md': stray, '003-wallets.md': wallets }),
      ),
    ).toContainEqual({
      file: '002-refunds.md',
      message: '"Amended by:" should be none (from their "Amends:"), is 003',
    });
  });

  it('lists the superseded decisions apart in the index, which must be the README’s', () => {
    const all = folder({ '001-payments.md': payments, '002-refunds.md': refunds, '003-wallets.md': wallets });
    const index = decisionIndex(all);
    const [inForce, superseded] = index.split('## Superseded');
    expect(inForce).toContain(
      '| 002 | [Customers get refunds](002-refunds.md) | 2026-11-02 | amends [001](001-payments.md), 099 |',
    );
    expect(inForce).not.toContain('| 001 |');
    expect(superseded).toContain(
      '| 001 | [Payments by card](001-payments.md) | 2026-11-01 | superseded by [003](003-wallets.md); amended by [002](002-refunds.md) |',
    );
    const readme = withIndex(
      '# Decisions\n\n<!-- index: written by `npm run decisions`, checked by `npm run lint` -->\nold\n<!-- /index -->\n',
      index,
    );
    expect(readme).toContain(index);
    expect(withIndex(readme!, index)).toBe(readme);
    expect(withIndex('# Decisions, no markers\n', index)).toBeUndefined();
    // However the formatter aligns the tables.
    const aligned = readme!
      .replace('| No. | Decision |', '| No. | Decision        |')
      .replace('| --- |', '| ----- |');
    expect(aligned).not.toBe(readme);
    expect(tablesAligned(aligned)).toBe(tablesAligned(readme!));
  });

  it('fails code that cites a superseded decision, and lets the documentation tell the history', () => {
    const rule = supersededDecisionCitations(
      folder({ '001-payments.md': payments, '002-refunds.md': refunds, '003-wallets.md': wallets }),
    );
    expect(rule('// Cards are charged after the commit (decision 001).', 'src/pay.ts')).toEqual([
      {
        citation: 'decision 001',
        target: 'superseded 001',
        reason: 'decision 001 is superseded by 003: cite the decision in force',
      },
    ]);
    expect(rule('// see decisions 001–002', 'src/pay.ts').map((f) => f.citation)).toEqual(['decision 001']);
    expect(rule('// Refunds in full (decision 002).', 'src/pay.ts')).toEqual([]);
    expect(rule('Decision 001 charged cards; 003 replaced it.', 'docs/history.md')).toEqual([]);
  });
});
