import type { ContactInput } from './contacts.ts';

// A vCard (.vcf) file exported from a phone or a mail program is the web's real way to
// share contacts where the Contact Picker API is missing. vCard 2.1, 3.0 and 4.0 (RFC 6350) are
// read for what processing needs — FN (or N), TEL and EMAIL — and everything else is skipped.
// Kept small on purpose: it ships only in the lazily loaded contacts chunk of the web app.

/** Unfolds continuation lines (RFC 6350 §3.2, and vCard 2.1 quoted-printable soft breaks). */
function unfold(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.length - 1;
    if ((line.startsWith(' ') || line.startsWith('\t')) && previous >= 0) out[previous] += line.slice(1);
    else if (previous >= 0 && out[previous]!.endsWith('=') && /QUOTED-PRINTABLE/i.test(out[previous]!))
      out[previous] = out[previous]!.slice(0, -1) + line;
    else out.push(line);
  }
  return out;
}

function unescapeValue(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? ' ' : c)).trim();
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The contacts of a vCard file; cards without a phone or an email are left out. */
export function parseVCards(text: string): ContactInput[] {
  const contacts: ContactInput[] = [];
  let card: { name: string; structured: string; phones: string[]; emails: string[] } | undefined;
  for (const line of unfold(text)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    // "item1.TEL;TYPE=CELL" → property TEL with its parameters; the group prefix is ignored.
    const [property = '', ...params] = line.slice(0, colon).split(';');
    const key = property.slice(property.lastIndexOf('.') + 1).toUpperCase();
    let value = line.slice(colon + 1);
    if (key === 'BEGIN' && /^vcard$/i.test(value.trim())) {
      card = { name: '', structured: '', phones: [], emails: [] };
      continue;
    }
    if (!card) continue;
    if (key === 'END') {
      const name = card.name || card.structured;
      if (card.phones.length > 0 || card.emails.length > 0)
        contacts.push({ name: name || null, phones: card.phones, emails: card.emails });
      card = undefined;
      continue;
    }
    if (params.some((p) => /quoted-printable/i.test(p))) value = decodeQuotedPrintable(value);
    switch (key) {
      case 'FN':
        card.name = unescapeValue(value);
        break;
      case 'N':
        // Family;Given;Additional;Prefix;Suffix → "Given Family"
        card.structured = value.split(';').slice(0, 2).reverse().map(unescapeValue).filter(Boolean).join(' ');
        break;
      case 'TEL': {
        const phone = unescapeValue(value).replace(/^tel:/i, '').split(';')[0]!.trim();
        if (phone) card.phones.push(phone);
        break;
      }
      case 'EMAIL': {
        const email = unescapeValue(value).replace(/^mailto:/i, '');
        if (email) card.emails.push(email);
        break;
      }
    }
  }
  return contacts;
}
