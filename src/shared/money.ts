import { type Language, languageOf } from './language.ts';

// ARCHITECTURE §3: money is integer centavos (MXN). product §9 "Money": price_cents divided by 100, shown
// with a `$` sign (the peso sign in Mexico), thousands grouped with commas, centavos only when there are
// some ("$450", "$80.50"), and "MXN" after it wherever a price stands for a charge (the same text
// on cards, service lists, the booking form and page, jobs, the dashboard, mails and the sandbox).
// Formatted by hand, not with Intl.NumberFormat: the browser loads its number-formatting data the
// first time a NumberFormat is created, 10–40 ms of main thread on a phone, and prices are on the
// first screen of every public page (decision 027).

/** 45000 → '$450'; 8050 → '$80.50'; 123456 → '$1,234.56'. */
export function formatPrice(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  const whole = Math.round(Math.abs(cents));
  const pesos = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const centavos = whole % 100;
  const text = centavos === 0 ? pesos : `${pesos}.${String(centavos).padStart(2, '0')}`;
  return cents < 0 && whole > 0 ? `-$${text}` : `$${text}`;
}

/** 45000 → '$450 MXN': an amount charged or refunded, whatever it is. */
export const formatMxn = (cents: number) => `${formatPrice(cents)} MXN`;

/** A price's words in each language; a reader of another language reads Spanish (languageOf). */
export const priceWords = {
  'es-MX': { free: 'Gratis', perHour: '/hora' },
  en: { free: 'Free', perHour: '/hr' },
} as const satisfies Record<Language, { free: string; perHour: string }>;
const wordsFor = (language: string) => priceWords[languageOf(language)];

/** What a service costs: 0 → 'Gratis' / 'Free'; 45000 → '$450 MXN'. */
export function priceText(cents: number, language: string): string {
  return cents === 0 ? wordsFor(language).free : formatMxn(cents);
}

/**
 * A service's price per hour, for vendors who price by the hour (pricing_type `hourly`): 45000 for
 * 180 minutes → '$150 MXN/hr' ('/hora' in Spanish). The charge is still the service's price: the rate
 * is that price spread over its duration, rounded to the centavo.
 */
export function hourlyRateText(cents: number, durationMinutes: number, language: string): string {
  if (cents === 0) return wordsFor(language).free;
  return `${formatMxn(Math.round((cents * 60) / durationMinutes))}${wordsFor(language).perHour}`;
}

/** 45 → '45 min'; 180 → '3 h'; 90 → '1 h 30 min' (the same in Spanish and English). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The platform's commission on an amount in centavos: basis points, rounded half up to the centavo. */
export function commissionOf(amountMxn: number, bps: number): number {
  return Math.floor((amountMxn * bps + 5_000) / 10_000);
}
