import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, loadStrings, preloadLanguage, stringsModule, stringsNames } from './i18n.ts';

// A feature's strings are an i18next namespace read by its backend (decision 020): absent until
// loaded, then there under the same keys as before; only in the language shown, until the other is
// asked for (decision 084).

// The whatsapp strings fail to download twice, as when offline, then arrive.
const offline = vi.hoisted(() => ({ failures: 2 }));
vi.mock('./whatsapp.ts', async (importOriginal) => {
  if (offline.failures > 0) {
    offline.failures -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

afterAll(() => changeLanguage('en'));

describe('loadStrings', () => {
  it("adds a feature's strings in the language shown, and the app's own are there from the start", async () => {
    await changeLanguage('en');
    expect(i18n.t('app.loading')).toBe('Loading…');
    expect(i18n.t('auth.page.signInTitle')).toBe('auth.page.signInTitle');
    await loadStrings(['auth']);
    expect(i18n.t('auth.page.signInTitle')).toBe('Sign In');
    expect(i18n.hasResourceBundle('es-MX', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('es-MX', 'auth')).toBe(false);
    // Switching to a language not yet downloaded keeps the page in the first until every string of
    // the second is there: never a key on the screen.
    const switching = changeLanguage('es-MX');
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.page.signInTitle')).toBe('Sign In');
    await switching;
    expect(i18n.language).toBe('es-MX');
    expect(i18n.t('auth.page.signInTitle')).toBe('Iniciar sesión');
    expect(i18n.t('app.loading')).toBe('Cargando…');
  });

  it('switches at once to a language downloaded beforehand, with the strings loaded since', async () => {
    await changeLanguage('en');
    await loadStrings(['contacts']);
    expect(i18n.hasResourceBundle('es-MX', 'contacts')).toBe(false);
    // The top bar's switch asks for the other language as the visitor reaches for it.
    await preloadLanguage('es-MX');
    expect(i18n.hasResourceBundle('es-MX', 'contacts')).toBe(true);
    void changeLanguage('es-MX');
    expect(i18n.language).toBe('es-MX');
    expect(i18n.t('app.loading')).toBe('Cargando…');
  });

  it('ends a sentence on a time\'s own period in Spanish, never "a.m.."', async () => {
    await loadStrings(['bookings']);
    await changeLanguage('es-MX');
    const deadline = 'viernes, 27 de noviembre de 2026, 9:00 a.m.';
    expect(i18n.t('bookings.manage.changes.deadline', { deadline })).toBe(
      'Puedes cancelar o cambiarla hasta el viernes, 27 de noviembre de 2026, 9:00 a.m.',
    );
    expect(i18n.t('bookings.manage.changes.deadline', { deadline: 'viernes, 3:30 p. m.' })).toBe(
      'Puedes cancelar o cambiarla hasta el viernes, 3:30 p. m.',
    );
    await changeLanguage('en');
    expect(i18n.t('bookings.manage.changes.deadline', { deadline: 'Friday, 9:00 AM' })).toBe(
      'You can cancel or change it until Friday, 9:00 AM.',
    );
  });

  it('rejects when the strings could not be downloaded, and downloads them at the next call', async () => {
    await changeLanguage('en');
    await expect(loadStrings(['whatsapp'])).rejects.toBeInstanceOf(Error);
    expect(i18n.t('whatsapp.access.authTitle')).toBe('whatsapp.access.authTitle');
    // Other screens' strings do not wait for those, nor fail with them.
    await expect(loadStrings([])).resolves.toBeUndefined();
    await expect(loadStrings(['auth'])).resolves.toBeUndefined(); // i18next tried whatsapp again
    expect(offline.failures).toBe(0);
    await loadStrings(['whatsapp']);
    expect(i18n.t('whatsapp.access.authTitle')).toBe('Authentication Required');
    await preloadLanguage('es-MX');
    expect(i18n.t('whatsapp.access.authTitle', { lng: 'es-MX' })).toBe('Se requiere iniciar sesión');
  });
});

/** A resource's structure without its words: every key, every list's length and kinds. */
function shapeOf(value: unknown): unknown {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  return typeof value;
}

describe('both languages', () => {
  // The types check the keys; a list (the policies' sections) is checked here, item by item.
  it('have the same keys and the same lists in the app’s strings and in every feature’s', async () => {
    await loadStrings(stringsNames);
    await Promise.all([preloadLanguage('en'), preloadLanguage('es-MX')]);
    for (const name of ['translation', ...stringsNames]) {
      expect(shapeOf(i18n.getResourceBundle('es-MX', name)), name).toEqual(
        shapeOf(i18n.getResourceBundle('en', name)),
      );
    }
  });
});

describe('stringsModule', () => {
  it("names each language's module as the build's manifest does, for the server to preload", () => {
    expect(stringsModule('translation', 'es-MX')).toBe('i18n/es-MX.ts');
    expect(stringsModule('bookings', 'es-MX')).toBe('i18n/bookings.es-MX.ts');
    expect(stringsModule('bookings', 'en')).toBe('i18n/bookings.ts');
    // A feature whose languages are one module, under its file's name.
    expect(stringsModule('reviewPage', 'es-MX')).toBe('i18n/review-page.ts');
  });
});
