import { createHash, randomBytes } from 'node:crypto';

// A booking's code and its vendor's confirm token (decision 014).

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 letters: no 0/O, 1/I to misread

/** A 6-character booking code (ARCHITECTURE §3): 32⁶ ≈ 10⁹ values, unique among active bookings. */
export function newBookingCode(): string {
  return [...randomBytes(6)].map((b) => CODE_ALPHABET[b & 31]).join('');
}

/** ARCHITECTURE §10: 256 random bits; only the SHA-256 hash is stored. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
