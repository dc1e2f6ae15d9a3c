// How a vendor's measured figures read: its average rating, its completion rate and how soon it
// usually answers. Pure, so that the server's render and the browser write the same text.

// A number format is costly to build (decision 027): one per language, built on first use.
const numberFormats = new Map<string, Intl.NumberFormat>();
function ratingFormat(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    numberFormats.set(language, format);
  }
  return format;
}

/** An average rating with one decimal, as the page's language writes it: 4.7, 5.0. */
export function ratingText(average: number, language: string): string {
  return ratingFormat(language).format(average);
}

/**
 * A rate between 0 and 1 as a whole percentage, the sign left to the sentence: the strings write
 * "96%" in English and "96 %" in Spanish (Intl's es-MX has no space, and its data varies by runtime).
 */
export function wholePercent(rate: number): number {
  return Math.round(rate * 100);
}

export interface ResponseTime {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

/**
 * A median answer time as people say it: under an hour in minutes, then in whole hours, and from
 * 48 hours on in days ("about 2 hours", "about 3 days"). Never "about 0 minutes".
 */
export function responseTime(minutes: number): ResponseTime {
  const wholeMinutes = Math.max(1, Math.round(minutes));
  if (wholeMinutes < 60) return { unit: 'minutes', count: wholeMinutes };
  const hours = Math.round(wholeMinutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.round(wholeMinutes / (24 * 60)) };
}
