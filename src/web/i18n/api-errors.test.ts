import { BASE_ERROR_CODES } from '@better-auth/core/error';
import { describe, expect, it } from 'vitest';
import { errorCodes, errorReasons } from '../../shared/api-errors.ts';
import { languages } from '../../shared/language.ts';
import { errorCodeTexts, errorReasonTexts, fillParams, networkErrorText } from './api-errors.ts';
import { authErrorTexts } from './auth-errors.ts';

// Every name the server or better-auth can answer a refusal with has its words in each language:
// the compile-time Records say so for the lists as typed; this walks them as they are at run time
// (better-auth's own table as installed, not as its types said).

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function expectWorded(table: Record<string, Record<string, string>>, names: readonly string[]) {
  expect(Object.keys(table).sort()).toEqual([...names].sort());
  for (const name of names) {
    const texts = table[name]!;
    for (const language of languages) expect(texts[language]?.trim(), `${name} in ${language}`).toBeTruthy();
    // A Spanish text that is the English one was never translated.
    expect(texts['es-MX'], `${name} in Spanish`).not.toBe(texts.en);
    expect(placeholders(texts['es-MX']!), `${name}'s values`).toEqual(placeholders(texts.en!));
  }
}

describe('the refusals the web app words', () => {
  it('words every error code of the server in both languages', () => {
    expectWorded(errorCodeTexts, errorCodes);
  });

  it('words every reason the server gives in both languages', () => {
    expectWorded(errorReasonTexts, errorReasons);
  });

  it("words every one of better-auth's error codes in both languages", () => {
    expectWorded(authErrorTexts, Object.keys(BASE_ERROR_CODES));
  });

  it('never shows the braces of a value the server did not send', () => {
    expect(fillParams(errorReasonTexts.colonia_not_served['es-MX'], { colonia: 'Roma Norte' })).toBe(
      'Este proveedor no atiende Roma Norte. Atiende: .',
    );
    expect(networkErrorText['es-MX']).not.toBe(networkErrorText.en);
  });
});
