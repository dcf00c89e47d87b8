import { createHash } from 'node:crypto';
import { randomToken } from '../../lib/secrets';

/**
 * The secrets of one attempt: `state` (256 random bits, unique per attempt; only its SHA-256 is stored, bound to the
 * user, the record and the signature) and the PKCE pair (RFC 7636): the verifier stays on the server, sealed; the
 * provider sees only its S256 challenge, and gives the token only to whoever shows the verifier.
 */
export function newAttemptSecrets(): { state: string; verifier: string; challenge: string } {
  const verifier = randomToken();
  return { state: randomToken(), verifier, challenge: s256(verifier) };
}

/** BASE64URL(SHA256(ASCII(verifier))). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
