import { createHash, randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Ten characters of 31: about 2^49.5 codes, far past guessing within a code's days. */
const CODE_LENGTH = 10;

/** A new invitation code as shown to the owner: two groups of five, `K7QM9-XPA2H`. */
export const newInvitationCode = (): string => {
  const characters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
};

/** A code as typed: case, spaces and dashes do not count. */
export const normalizeInvitationCode = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();

/** Only this is stored: a copy of the database joins no farm. */
export const hashInvitationCode = (code: string): string =>
  createHash('sha256').update(normalizeInvitationCode(code)).digest('hex');
