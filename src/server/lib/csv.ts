// CSV exports (decision 049): RFC 4180 fields safe to open in a spreadsheet, streamed page by page
// so that memory holds one page whatever the export's size.

/** A phone in E.164 or a plain number: starts with + or -, but a spreadsheet runs nothing in it. */
const PHONE_OR_NUMBER = /^[+-]?\d[\d.]*$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A
 * text a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is
 * prefixed with an apostrophe (OWASP's CSV injection advice): a customer's name or notes must never
 * run in the admin's spreadsheet. A phone (+52…) or a number is left as it is.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) && !PHONE_OR_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of fields, ended by CRLF. */
export const csvRow = (fields: readonly (string | number | null | undefined)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

/** Pesos with two decimals, as a spreadsheet reads a number (centavos / 100). */
export const pesos = (centavos: number | null) => (centavos === null ? null : (centavos / 100).toFixed(2));
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * An export as a stream of UTF-8 bytes: a byte-order mark (so that Excel reads the accents), the
 * header, then each page's lines as the page is read. Reading stops when the client goes away.
 */
export function csvStream<Row>({
  header,
  pages,
  line,
}: {
  header: readonly string[];
  pages: AsyncGenerator<Row[]>;
  line: (row: Row) => string;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${header.join(',')}\r\n`));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map(line).join('')));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
