import { randomBytes } from 'node:crypto';

/** A new documentId in Strapi's shape (24 lower-case letters and digits), for rows written past the query engine. */
export function newDocumentId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join('');
}
