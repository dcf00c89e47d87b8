import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { AppError } from './errors';

/**
 * Secrets the server must read back in clear — TOTP seeds, webhook signing secrets — sealed at rest with AES-256-GCM
 * under SECRETS_KEY, so a copy of the database (a backup, a dump, a replica) does not hand them out. A value without
 * the prefix is read as it is: rows written before the key was set keep working, and without a key nothing is sealed.
 * The key is the process's configuration, set once by buildApp; every instance must get the same one.
 */
const PREFIX = 'sealed:v1:';
let key: Buffer | null = null;

export function useSecretsKey(next: Buffer | null): void {
  key = next;
}

export function seal(plain: string): string {
  if (!key) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  // A sealed row and no key (or another key): the operator's configuration, not the user's input.
  const refuse = () => new AppError(503, ErrorCode.ServiceUnavailable, messages.unavailable);
  if (!key) throw refuse();
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw refuse();
  }
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);
