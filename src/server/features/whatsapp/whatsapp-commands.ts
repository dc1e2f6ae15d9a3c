// Vendor commands by WhatsApp (DESIGN §9): case-insensitive, in English or Spanish, the booking
// code optional for CONFIRM / DENY.

export type CommandName = 'register' | 'help' | 'confirm' | 'deny' | 'availability' | 'unknown';

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
  AVAILABILITY: 'availability',
  DISPONIBILIDAD: 'availability',
};

export interface ParsedCommand {
  command: CommandName;
  /** The booking code after CONFIRM / DENY, upper-cased. */
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
  if ((command === 'confirm' || command === 'deny') && code && /^[A-Z0-9]{4,12}$/.test(code))
    return { command, code };
  return { command };
}
