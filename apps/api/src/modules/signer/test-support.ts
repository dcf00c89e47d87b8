import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSoftToken, type SoftToken } from '../../documents/signing/softhsm';
import { testPerson } from '../../documents/signing/test-pki';
import type { TestApp } from '../../test/app';
import type { SigningTrust } from '../../test/signing';

/** Test support for the A3 suites: the signer program packaged as the build packages it, and a way to run it. */

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'packages/signer/package.json'), 'utf8')) as {
  version: string;
};
export const SIGNER_PACKAGE = `origem-assinador-${version}.tgz`;

/**
 * Packs the program into `{dir}/web/downloads` (scripts/pack-signer.mjs, as the build does) and unpacks it, as a
 * user gets it, to run with plain Node. Returns the web build to serve and the program's path.
 */
export function packSigner(dir: string): { webDist: string; cli: string } {
  const webDist = path.join(dir, 'web');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Origem</title>');
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts/pack-signer.mjs'), path.join(webDist, 'downloads')],
    {
      stdio: 'pipe',
    },
  );
  execFileSync('tar', ['xzf', path.join(webDist, 'downloads', SIGNER_PACKAGE), '-C', dir]);
  return { webDist, cli: path.join(dir, 'package/cli.mjs') };
}

/**
 * A SoftHSM2 token (in the suite's folder) holding, under each key id, an e-CPF the suite's CA issued to `name`
 * with `cpf`; the key's label is the name.
 */
export function eCpfToken(
  trust: Pick<SigningTrust, 'dir' | 'ca'>,
  keys: [id: string, name: string, cpf: string][],
) {
  return createSoftToken(
    path.join(trust.dir, 'hsm'),
    keys.map(([id, name, cpf]) => ({ id, label: name, ...testPerson(trust.ca, { name, cpf }) })),
  );
}

/** Runs the program against `server` with the key `id` of the token; its exit code and what it printed. */
export async function runSigner(cli: string, server: string, token: SoftToken, code: string, id: string) {
  // As the screen's command writes it (contract signerCommand): a code may start with '-'.
  const args = [cli, '--servidor', server, `--codigo=${code}`, '--modulo', token.module];
  try {
    const out = await exec(process.execPath, [...args, '--token', token.label, '--id', id], {
      env: { ...token.env, ORIGEM_PIN: token.pin },
    });
    return { code: 0, text: out.stdout + out.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, text: e.stdout + e.stderr };
  }
}

/** Starts the test app listening on a random local port, as the signer program needs; returns its address. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number } | null;
  return `http://127.0.0.1:${address?.port ?? 0}`;
}
