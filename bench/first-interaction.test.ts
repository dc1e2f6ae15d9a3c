import { expect, test } from 'vitest';
import { formatMs, formatRun, pageKind, percentile, summarise, type TapRun } from './first-interaction.ts';

// The first-interaction bench's pure helpers (the server project of vitest.config.ts runs bench's tests).

test('each public page has its control', () => {
  expect(pageKind('/')).toBe('home');
  expect(pageKind('/vendors')).toBe('list');
  expect(pageKind('/public/all-vendors')).toBe('list');
  expect(pageKind('/public/vendor/brillo-total-limpieza')).toBe('profile');
});

test('percentiles are nearest-rank, and a run that timed out ranks above every figure', () => {
  expect(percentile([300, 100, 500, 200, 400], 50)).toBe(300);
  expect(percentile([300, 100, 500, 200, 400], 75)).toBe(400);
  expect(percentile([300, undefined, 500, 200, 400], 75)).toBe(500);
  expect(percentile([300, undefined, undefined, 200, 400], 75)).toBe(undefined);
  expect(percentile([], 50)).toBe(undefined);
});

test('a summary has the list figures only for a list', () => {
  const runs: TapRun[] = [
    { atMs: 3000, tappedAtMs: 3010, ms: 120, listMs: 900 },
    { atMs: 3000, tappedAtMs: 3020, ms: 180, listMs: 1100 },
  ];
  expect(summarise(3000, runs, true)).toEqual({
    atMs: 3000,
    runs,
    p50: 120,
    p75: 180,
    listP50: 900,
    listP75: 1100,
  });
  expect('listP50' in summarise(3000, runs)).toBe(false);
});

test('figures print as whole ms, a timeout as over the limit', () => {
  expect(formatMs(212.6, 20_000)).toBe('213');
  expect(formatMs(undefined, 20_000)).toBe('> 20 s');
  expect(formatRun({ atMs: 1000, tappedAtMs: 1234, ms: 99.6, navigated: true }, 20_000)).toBe(
    '100* (tap 1.23 s)',
  );
  expect(formatRun({ atMs: 1000, error: 'no control' }, 20_000)).toBe('> 20 s! (no tap)');
});
