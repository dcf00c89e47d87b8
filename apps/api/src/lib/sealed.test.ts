import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { isSealed, seal, unseal, useSecretsKey } from './sealed';

afterEach(() => useSecretsKey(null));

describe('secrets sealed at rest', () => {
  it('round-trips under the key, with a fresh nonce each time', () => {
    useSecretsKey(randomBytes(32));
    const a = seal('JBSWY3DPEHPK3PXP');
    const b = seal('JBSWY3DPEHPK3PXP');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('reads values written in clear (before the key) as they are, and seals nothing without a key', () => {
    expect(seal('whsec_abc')).toBe('whsec_abc');
    useSecretsKey(randomBytes(32));
    expect(unseal('whsec_abc')).toBe('whsec_abc');
  });

  it('answers 503 — never the wrong secret — for a tampered value, another key or no key', () => {
    useSecretsKey(randomBytes(32));
    const sealed = seal('segredo');
    // One bit of the ciphertext flipped (editing the text's last character may only touch base64's padding bits).
    const raw = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    const tampered = `sealed:v1:${raw.toString('base64url')}`;
    const status = (fn: () => unknown) => {
      try {
        fn();
        return 200;
      } catch (err) {
        return err instanceof AppError ? err.status : 500;
      }
    };
    expect(status(() => unseal(tampered))).toBe(503);
    useSecretsKey(randomBytes(32));
    expect(status(() => unseal(sealed))).toBe(503);
    useSecretsKey(null);
    expect(status(() => unseal(sealed))).toBe(503);
  });
});
