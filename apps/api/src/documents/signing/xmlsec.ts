import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CodTarget } from './xmldsig';

/**
 * The independent check the tests run on COD signatures: xmlsec1 (Debian: xmlsec1), one signature at a time (the
 * README's command), trusting the given CA, so it checks the chain too.
 */
export function xmlsecVerifies(xml: string, target: CodTarget, caPem: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'cod-xmlsec-'));
  const file = path.join(dir, 'cod.xml');
  const cert = path.join(dir, 'ca.crt');
  writeFileSync(file, xml);
  writeFileSync(cert, caPem);
  const node =
    target === 'COD'
      ? "//*[local-name()='CODExporter']/*[local-name()='Signature']"
      : "/*/*/*[local-name()='Signature']";
  try {
    execFileSync(
      'xmlsec1',
      ['verify', '--id-attr:id', target, '--node-xpath', node, '--trusted-pem', cert, file],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
