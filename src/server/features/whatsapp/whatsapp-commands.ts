// Vendor commands by WhatsApp (ARCHITECTURE §9): case-insensitive, in English or Spanish, the booking
// code optional for CONFIRM / DENY / BLOCK; a few plain answers ("sí", "ok", "no puedo") read as
// CONFIRM or DENY without a code; a tapped button carries its command and code in its id (decision 069).

export type CommandName = 'register' | 'help' | 'confirm' | 'deny' | 'block' | 'availability' | 'unknown';

const words: Record<string, Exclude<CommandName, 'unknown'>> = {
  REGISTER: 'register',
  REGISTRO: 'register',
  REGISTRAR: 'register',
  HELP: 'help',
  AYUDA: 'help',
  CONFIRM: 'confirm',
  CONFIRMAR: 'confirm',
  DENY: 'deny',
  DECLINE: 'deny',
  RECHAZAR: 'deny',
  // Decline and refuse this requester's later requests.
  BLOCK: 'block',
  BLOQUEAR: 'block',
  AVAILABILITY: 'availability',
  DISPONIBILIDAD: 'availability',
};

/**
 * How people answer a request without the command's word: "sí", "si confirmo", "ok", "va", "claro";
 * "no", "no puedo", "rechazo". Read only when the whole message is that short answer (at most
 * KIND_WORDS words), so that a sentence that merely starts with "no" asks nothing of a booking.
 */
const yes = new Set([
  'SI',
  'OK',
  'OKAY',
  'OKEY',
  'VA',
  'VALE',
  'DALE',
  'CLARO',
  'CONFIRMO',
  'ACEPTO',
  'YES',
  'SURE',
]);
const no = new Set(['NO', 'RECHAZO', 'DECLINO', 'NEGATIVO', 'NOPE']);
const KIND_WORDS = 4;

export interface ParsedCommand {
  command: CommandName;
  /** The booking code after CONFIRM / DENY / BLOCK, upper-cased. */
  code?: string;
}

const CODE = /^[A-Z0-9]{4,12}$/;

/** A message's words in capitals, accents, `#` and punctuation around them dropped. */
export const messageWords = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .split(/[\s,.;:!¡?¿#*_-]+/)
    .filter(Boolean);

/** `confirmar abc234` → confirm ABC234; accents, case, `#` and punctuation around words ignored. */
export function parseCommand(text: string): ParsedCommand {
  const tokens = messageWords(text);
  const first = tokens[0] ?? '';
  const command = words[first];
  if (!command) {
    if (tokens.length > 0 && tokens.length <= KIND_WORDS) {
      if (yes.has(first)) return { command: 'confirm' };
      if (no.has(first)) return { command: 'deny' };
    }
    return { command: 'unknown' };
  }
  const code = tokens[1];
  const answers = command === 'confirm' || command === 'deny' || command === 'block';
  if (answers && code && CODE.test(code)) return { command, code };
  return { command };
}

/** What a button or list row of ours does: answer a booking. */
export type ReplyAction = 'confirm' | 'deny' | 'block';

/** A reply button's or list row's id (a template quick reply's payload): `confirm:XK7P2M`. */
export function replyIdOf(action: ReplyAction, code: string): string {
  return `${action}:${code}`;
}

/** The command a tapped id stands for; `unknown` for an id that is not ours. */
export function parseReplyId(id: string): ParsedCommand {
  const match = /^(confirm|deny|block):([A-Z0-9]{4,12})$/.exec(id.trim());
  if (!match) return { command: 'unknown' };
  return { command: match[1] as ReplyAction, code: match[2]! };
}
