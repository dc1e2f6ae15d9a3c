import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes, errorReasons } from '../../shared/api-errors.ts';
import { AppError, errorStatus, toAppError } from './app-error.ts';

// The server's refusals carry machine-readable names the web app words in each language
// (shared/api-errors.ts, web/i18n/api-errors.ts): its English message is for logs and API clients.

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('AppError', () => {
  it('answers its code, its reason and the values the reason names, beside the message', () => {
    const err = new AppError('validation_failed', 'This vendor does not serve Roma Norte.', [
      { path: 'address.colonia', message: 'x' },
    ]).because('colonia_not_served', { colonia: 'Roma Norte', serves: 'Condesa' });
    expect(err.status).toBe(400);
    expect(err.toBody()).toEqual({
      error: {
        code: 'validation_failed',
        reason: 'colonia_not_served',
        params: { colonia: 'Roma Norte', serves: 'Condesa' },
        message: 'This vendor does not serve Roma Norte.',
        details: [{ path: 'address.colonia', message: 'x' }],
      },
    });
    expect(new AppError('not_found', 'Not found.').toBody()).toEqual({
      error: { code: 'not_found', message: 'Not found.' },
    });
  });

  it('gives the database’s refusals their reasons', () => {
    expect(toAppError(Object.assign(new Error('overlap'), { code: '23P01' }))?.reason).toBe('slot_taken');
    expect(toAppError(Object.assign(new Error('dup'), { code: '23505' }))?.reason).toBe('record_exists');
  });

  it('has a status for every code of the shared list', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
  });

  it('gives every reason of the shared list somewhere: a listed reason is one a person can meet', () => {
    const text = serverSources(join(import.meta.dirname, '..'))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const unused = errorReasons.filter((reason) => !text.includes(`'${reason}'`));
    expect(unused).toEqual([]);
  });
});
