import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * The independent checks the long-term signature tests run (issue 37), none of them the product's own reader:
 * OpenSSL's `ts -verify` on an RFC 3161 token, `cms -cmsout -print` on a PDF's CMS, and Debian's iText 5
 * (libitext5-java with BouncyCastle) through tools/itext-verify/ItextVerify.java, launched as a single-file source
 * program. The tokens are taken out of the PDF here with pkijs directly.
 */

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
const JARS = ['itext5.jar', 'bcprov.jar', 'bcpkix.jar', 'bcutil.jar'].map((j) => `/usr/share/java/${j}`);

/** Whether this machine has Java and Debian's iText 5 (.ci/run installs default-jdk-headless and libitext5-java). */
export const itextAvailable = JARS.every((jar) => existsSync(jar));

async function inFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'long-term-check-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type ToolVerdict = { ok: boolean; output: string };

async function verdict(command: string, args: string[], options: { cwd?: string; timeout?: number } = {}) {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 16 * 1024 * 1024, ...options });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}${e.message}` };
  }
}

/**
 * `openssl ts -verify` of a token over `data` (or a SHA-256 `digest`), trusting `trustPem`; the TSA's own
 * certificate comes from the token.
 */
export function opensslVerifiesToken(
  token: Buffer,
  over: { data: Buffer } | { digest: Buffer },
  trustPem: string,
  kind: 'token' | 'reply' = 'token',
): Promise<ToolVerdict> {
  return inFolder(async (dir) => {
    writeFileSync(path.join(dir, 'token.der'), token);
    writeFileSync(path.join(dir, 'trust.pem'), trustPem);
    let subject = ['-digest', 'data' in over ? '' : over.digest.toString('hex')];
    if ('data' in over) {
      writeFileSync(path.join(dir, 'data.bin'), over.data);
      subject = ['-data', path.join(dir, 'data.bin')];
    }
    return verdict('openssl', [
      'ts',
      '-verify',
      '-in',
      path.join(dir, 'token.der'),
      ...(kind === 'token' ? ['-token_in'] : []),
      ...subject,
      '-CAfile',
      path.join(dir, 'trust.pem'),
    ]);
  });
}

/** `openssl cms -cmsout -print` of a DER CMS: the attributes as OpenSSL names them. */
export function opensslPrintsCms(cms: Buffer): Promise<ToolVerdict> {
  return inFolder(async (dir) => {
    writeFileSync(path.join(dir, 'sig.der'), cms);
    return verdict('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'sig.der'),
    ]);
  });
}

/** iText 5's reading of the PDF (ItextVerify.java): its lines, and whether it found everything valid. */
export function itextVerifies(pdf: Buffer, trustPem: string): Promise<ToolVerdict> {
  return inFolder(async (dir) => {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    writeFileSync(path.join(dir, 'trust.pem'), trustPem);
    return verdict(
      'java',
      [
        '-cp',
        JARS.join(':'),
        path.join(repo, 'tools/itext-verify/ItextVerify.java'),
        path.join(dir, 'doc.pdf'),
        path.join(dir, 'trust.pem'),
      ],
      { timeout: 120_000 },
    );
  });
}

export type EmbeddedTimestamp = {
  kind: 'signature' | 'document';
  token: Buffer;
  /** The bytes the token must date: the signature value, or the document's signed ranges. */
  data: Buffer;
  /** The CMS of a signature (for `opensslPrintsCms`). */
  cms: Buffer | null;
};

/** Every timestamp token of a PDF: each signature's (unsigned attribute) and each document timestamp. */
export function timestampsOf(pdf: Buffer): EmbeddedTimestamp[] {
  const text = pdf.toString('latin1');
  const found: EmbeddedTimestamp[] = [];
  for (const m of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    const hex = text.slice(b + 1, c - 1);
    const contents = Buffer.from(hex, 'hex');
    const parsed = asn1js.fromBER(new Uint8Array(contents));
    const cms = contents.subarray(0, parsed.offset);
    const dict = text.slice(text.lastIndexOf('<<', m.index), c + 1024);
    if (/\/SubFilter\s*\/ETSI\.RFC3161/.test(dict)) {
      found.push({
        kind: 'document',
        token: cms,
        data: Buffer.concat([pdf.subarray(a, b), pdf.subarray(c, c + d)]),
        cms: null,
      });
      continue;
    }
    const info = new pkijs.ContentInfo({ schema: parsed.result });
    const signer = new pkijs.SignedData({ schema: info.content }).signerInfos[0];
    const token = signer?.unsignedAttrs?.attributes.find((x) => x.type === '1.2.840.113549.1.9.16.2.14')
      ?.values[0];
    if (signer && token) {
      found.push({
        kind: 'signature',
        token: Buffer.from(token.valueBeforeDecodeView),
        data: Buffer.from(signer.signature.valueBlock.valueHexView),
        cms,
      });
    }
  }
  return found;
}
