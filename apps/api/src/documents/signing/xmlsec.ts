import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CodTarget, SignedPart } from './xmldsig';

/**
 * The independent check the tests run on COD signatures (or another document's part, e.g. a declaration's): xmlsec1
 * (Debian: xmlsec1), one signature at a time (the README's command), trusting the given CAs (a PEM bundle: a root and
 * its intermediates), so it checks the chain too.
 */
export function xmlsecVerifies(xml: string, part: CodTarget | SignedPart, caPem: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'cod-xmlsec-'));
  const file = path.join(dir, 'cod.xml');
  writeFileSync(file, xml);
  // One file per certificate of the bundle (a root and its intermediates): xmlsec1 reads one from each.
  const trusted = (
    caPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  ).flatMap((pem, i) => {
    const cert = path.join(dir, `ca-${i}.crt`);
    writeFileSync(cert, `${pem}\n`);
    return ['--trusted-pem', cert];
  });
  const target = typeof part === 'string' ? part : part.id;
  const node =
    typeof part !== 'string'
      ? `//*[local-name()='${part.parent}']/*[local-name()='Signature']`
      : part === 'COD'
        ? "//*[local-name()='CODExporter']/*[local-name()='Signature']"
        : "/*/*/*[local-name()='Signature']";
  try {
    execFileSync('xmlsec1', ['verify', '--id-attr:id', target, '--node-xpath', node, ...trusted, file], {
      stdio: 'pipe',
    });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
