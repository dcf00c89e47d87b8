import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A SoftHSM2 token for the A3 tests (Debian: softhsm2, opensc): its own configuration and token directory under
 * `dir` (SOFTHSM2_CONF), initialised in the first free slot, holding the given key pairs and certificates as an
 * e-CPF token would.
 */

export const SOFTHSM_MODULE = [
  '/usr/lib/softhsm/libsofthsm2.so',
  '/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so',
]
  .concat(process.env.SOFTHSM2_MODULE ? [process.env.SOFTHSM2_MODULE] : [])
  .find((file) => existsSync(file));

const onPath = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Whether this machine can run the A3 tests (.ci/run installs both packages). */
export const softHsmAvailable = Boolean(SOFTHSM_MODULE) && onPath('softhsm2-util') && onPath('pkcs11-tool');

export type SoftToken = { module: string; label: string; pin: string; env: NodeJS.ProcessEnv };
export type TokenEntry = { id: string; label: string; keyPem: string; certPem: string };

export function createSoftToken(dir: string, entries: TokenEntry[]): SoftToken {
  if (!SOFTHSM_MODULE) throw new Error('SoftHSM2 não instalado');
  const tokens = path.join(dir, 'tokens');
  mkdirSync(tokens, { recursive: true });
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  const token: SoftToken = { module: SOFTHSM_MODULE, label: 'origem-teste', pin: '123456', env };
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { env, stdio: 'pipe' });
  run('softhsm2-util', [
    '--init-token',
    '--free',
    '--label',
    token.label,
    '--pin',
    token.pin,
    '--so-pin',
    '12345678',
  ]);
  const tool = ['--module', token.module, '--token-label', token.label, '--login', '--pin', token.pin];
  for (const entry of entries) {
    const key = path.join(dir, `${entry.id}.key.der`);
    const cert = path.join(dir, `${entry.id}.crt.der`);
    writeFileSync(key, createPrivateKey(entry.keyPem).export({ type: 'pkcs8', format: 'der' }));
    writeFileSync(cert, new X509Certificate(entry.certPem).raw);
    const object = ['--id', entry.id, '--label', entry.label];
    run('pkcs11-tool', [...tool, '--write-object', key, '--type', 'privkey', '--usage-sign', ...object]);
    run('pkcs11-tool', [...tool, '--write-object', cert, '--type', 'cert', ...object]);
  }
  return token;
}
