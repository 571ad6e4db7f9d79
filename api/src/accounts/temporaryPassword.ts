import { randomBytes } from 'node:crypto';

/** Readable, typed once by a person, and within the password rules: Word-Word-NNNN!. */
export function makeTemporaryPassword(): string {
  const bytes = randomBytes(12);
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const word = (offset: number) =>
    (letters[(bytes[offset] ?? 0) % letters.length] as string).toUpperCase() +
    Array.from({ length: 4 }, (_, i) => letters[(bytes[offset + 1 + i] ?? 0) % letters.length]).join('');
  const digits = String(bytes.readUInt16BE(10) % 10_000).padStart(4, '0');
  return `${word(0)}-${word(5)}-${digits}!`;
}
