import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The token, driven through OpenSC's `pkcs11-tool` (Debian: opensc) on the token's PKCS#11 module. The private key
 * never leaves the token: the token signs the canonical SignedInfo with CKM_SHA256_RSA_PKCS (it hashes and pads
 * itself). A native binding (pkcs11js) was left out on purpose: it needs a compiler and Node's headers on every
 * machine that installs the signer, and npm 11 gates its install script.
 */

export type TokenOptions = {
  /** Path of the token's PKCS#11 library (e.g. /usr/lib/softhsm/libsofthsm2.so, libeTPkcs11.so). */
  module: string;
  /** The token's label when more than one is plugged in. */
  tokenLabel?: string | undefined;
  /** CKA_ID (hex) of the certificate and key pair; the token's first certificate when absent. */
  id?: string | undefined;
  pin: string;
  /** Where pkcs11-tool is (default: on PATH). */
  tool?: string | undefined;
};

export class TokenError extends Error {}

const PIN_ENV = 'ORIGEM_ASSINADOR_PIN_INTERNO';

function run(o: TokenOptions, args: string[], withPin = false): string {
  const base = ['--module', o.module, ...(o.tokenLabel ? ['--token-label', o.tokenLabel] : [])];
  // The PIN goes through the environment (pkcs11-tool's `env:` form), never on a command line others can list.
  const pin = withPin ? ['--login', '--pin', `env:${PIN_ENV}`] : [];
  try {
    return execFileSync(o.tool ?? 'pkcs11-tool', [...base, ...pin, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(withPin ? { [PIN_ENV]: o.pin } : {}) },
    });
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT')
      throw new TokenError(
        'pkcs11-tool não encontrado: instale o OpenSC (Debian/Ubuntu: apt install opensc).',
      );
    throw new TokenError(`O token recusou a operação: ${(e.stderr || e.message).trim().split('\n').pop()}`);
  }
}

/** The CKA_IDs of the certificates on the token, in the order pkcs11-tool lists them. */
export function certificateIds(o: TokenOptions): string[] {
  const out = run(o, ['--list-objects', '--type', 'cert']);
  return [...out.matchAll(/^\s*ID:\s*([0-9a-f]+)\s*$/gim)].map((m) => (m[1] ?? '').toLowerCase());
}

function withTemp<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'origem-assinador-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The id to use: the one asked for, or the token's only/first certificate. */
export function chooseId(o: TokenOptions): string {
  if (o.id) return o.id.toLowerCase();
  const [first] = certificateIds(o);
  if (!first) throw new TokenError('Nenhum certificado encontrado no token.');
  return first;
}

/** The signer's certificate (PEM), read from the token. */
export function readCertificate(o: TokenOptions, id: string): string {
  return withTemp((dir) => {
    const file = path.join(dir, 'cert.der');
    run(o, ['--read-object', '--type', 'cert', '--id', id, '--output-file', file]);
    return new X509Certificate(readFileSync(file)).toString();
  });
}

/** RSA-SHA256 (PKCS#1 v1.5) of `data` by the token's private key `id`. */
export function signWithToken(o: TokenOptions, id: string, data: Buffer): Buffer {
  return withTemp((dir) => {
    const input = path.join(dir, 'signed-info.xml');
    const output = path.join(dir, 'signature.bin');
    writeFileSync(input, data);
    run(
      o,
      [
        '--sign',
        '--mechanism',
        'SHA256-RSA-PKCS',
        '--id',
        id,
        '--input-file',
        input,
        '--output-file',
        output,
      ],
      true,
    );
    return readFileSync(output);
  });
}
