// Vendor commands by WhatsApp (ARCHITECTURE §9): case-insensitive, in English or Spanish, the booking
// code optional for CONFIRM / DENY / BLOCK.

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

export interface ParsedCommand {
  command: CommandName;
  /** The booking code after CONFIRM / DENY / BLOCK, upper-cased. */
  code?: string;
}

/** `confirmar abc234` → confirm ABC234; accents, case, `#` and punctuation around words ignored. */
export function parseCommand(text: string): ParsedCommand {
  const tokens = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .split(/[\s,.;:!¡?¿#*_-]+/)
    .filter(Boolean);
  const command = words[tokens[0] ?? ''] ?? 'unknown';
  const code = tokens[1];
  const answers = command === 'confirm' || command === 'deny' || command === 'block';
  if (answers && code && /^[A-Z0-9]{4,12}$/.test(code)) return { command, code };
  return { command };
}
