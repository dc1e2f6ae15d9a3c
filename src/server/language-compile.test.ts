import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Adding a language must fail to compile in every place that has to gain it, not read Spanish in
// silence. The sources are type-checked in a copy whose language list has one more ('fr'): each
// file that keeps a table by language must report it missing, by name.

const root = resolve(import.meta.dirname, '../..');

/** The files that hold a table by language (a Record<Language, …>, or inLanguage's texts). */
const tableFiles = [
  'src/server/auth/auth-mails.ts',
  'src/server/features/admin/review-messages.ts',
  'src/server/features/booking-lifecycle/messages/booking-calendar.ts',
  'src/server/features/booking-lifecycle/messages/booking-mails.ts',
  'src/server/features/booking-lifecycle/messages/booking-messages.test.ts',
  'src/server/features/booking-lifecycle/messages/change-mails.ts',
  'src/server/features/booking-lifecycle/messages/customer-whatsapp.ts',
  'src/server/features/booking-lifecycle/messages/payment-mails.ts',
  'src/server/features/booking-lifecycle/messages/proposal-mails.ts',
  'src/server/features/booking-lifecycle/messages/review-mails.ts',
  'src/server/features/calendar-feed/vendor-calendar.ts',
  'src/server/features/payouts/payout-mails.ts',
  'src/server/features/public-pages/link-previews.service.ts',
  'src/server/features/whatsapp/whatsapp-customers.ts',
  'src/server/features/whatsapp/whatsapp-texts.ts',
  'src/shared/categories.ts',
  'src/shared/date-format.ts',
  'src/shared/language.test.ts',
  'src/shared/language.ts',
  'src/shared/money.ts',
  'src/web/app/app-header.tsx',
  'src/web/i18n/api-errors.ts',
  'src/web/i18n/auth-errors.ts',
  'src/web/i18n/i18n.ts',
  'src/web/routes/vendor-signup.tsx',
];

async function filesFailingWith(languagesLine: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'barrio-languages-'));
  try {
    // bench: a property test compares with its reference implementation.
    for (const folder of ['src', 'bench'])
      await cp(join(root, folder), join(dir, folder), { recursive: true });
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const config = JSON.parse(await readFile(join(root, 'tsconfig.json'), 'utf8')) as object;
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, include: ['src'] }));
    const language = join(dir, 'src/shared/language.ts');
    const source = await readFile(language, 'utf8');
    const widened = source.replace(/^export const languages = .*$/m, languagesLine);
    expect(widened).not.toBe(source);
    await writeFile(language, widened);
    const output = await promisify(execFile)(join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', dir], {
      cwd: dir,
    }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    const failing = output
      .split('\n')
      .filter((line) => /error TS\d+/.test(line))
      .map((line) => line.slice(0, line.indexOf('(')));
    return [...new Set(failing)].sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a third language', () => {
  it('fails to compile in each file with a table by language, and nowhere else', async () => {
    expect(await filesFailingWith("export const languages = ['es-MX', 'en', 'fr'] as const;")).toEqual(
      tableFiles,
    );
  }, 180_000);
});
