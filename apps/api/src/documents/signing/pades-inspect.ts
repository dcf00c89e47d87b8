import { X509Certificate } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { chainFrom, checkChain, type SignerFacts, signerFacts } from './certificate';
import { verifyDetached } from './cms';
import { SignatureRefused } from './errors';
import { dictAt, objectDict, readRevision, type SignatureSpan, signatureSpans } from './pdf-update';
import { statusFromAnswers } from './revocation';
import { imprintOf, readTimestampToken, type TimestampFacts } from './timestamp-token';

/**
 * A signed PDF read as a verifier reads it, whoever made it (the public "Verificar documento" page, the tests):
 * each signature and document timestamp with what it covers, its integrity, the signer's chain at the time the
 * timestamp proves (else the time the PDF claims), its signature timestamp, the revocation answers the DSS holds
 * for that time, and the PAdES baseline level the first signature reaches (B-B, B-T, B-LT, B-LTA). Nothing throws
 * for a bad signature: every finding is in the report, in Portuguese.
 */

export type Check = { ok: boolean; message: string | null };

export type TimestampReport = Check & { genTime: Date | null; authority: string | null };

export type RevocationReport = {
  /** good: every certificate of the chain but the root has an answer for that time saying so. */
  status: 'good' | 'revoked' | 'unknown';
  message: string;
};

export type PdfSignatureReport = {
  kind: 'signature' | 'document_timestamp';
  /** Whether it covers the whole file (only the last one can; earlier ones cover their revision). */
  coversWholeFile: boolean;
  integrity: Check;
  signer: SignerFacts | null;
  chain: Check;
  /** The time the PDF claims (/M), unproven. */
  claimedAt: Date | null;
  /** The time a timestamp proves: the signature timestamp, or the document timestamp itself. */
  provenAt: Date | null;
  signingTimeAttribute: boolean;
  policy: string | null;
  timestamp: TimestampReport | null;
  revocation: RevocationReport | null;
};

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

export type PdfReport = {
  signatures: PdfSignatureReport[];
  dss: { certificates: number; ocsps: number; crls: number } | null;
  /** The level the first signature reaches (null: it does not hold at all). */
  level: PadesLevel | null;
  /** Whether the last signature or timestamp covers every byte (nothing was appended after it). */
  wholeFileCovered: boolean;
  /** Every signature and timestamp holds, the file is covered whole, the signer was not revoked. */
  valid: boolean;
  /** The failures, in order, for a summary and for refusals. */
  problems: string[];
};

const ok: Check = { ok: true, message: null };
const fail = (message: string): Check => ({ ok: false, message });
const messageOf = (err: unknown) =>
  err instanceof SignatureRefused ? err.message : String((err as Error).message);

/** The bytes of stream object `ref`, inflated when Flate-encoded. */
function streamBytes(pdf: Buffer, text: string, ref: string): Buffer | null {
  const matches = [...text.matchAll(new RegExp(`(?:^|[\\r\\n\\s])${ref} obj\\s*<<`, 'g'))];
  const last = matches[matches.length - 1];
  if (!last) return null;
  const dictStart = last.index + last[0].length - 2;
  const dict = dictAt(text, dictStart);
  const after = /^\s*stream\r?\n/.exec(text.slice(dictStart + dict.length, dictStart + dict.length + 16));
  if (!after) return null;
  const start = dictStart + dict.length + after[0].length;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1];
  const end = length ? start + Number(length) : text.indexOf('endstream', start);
  let bytes = pdf.subarray(start, end);
  if (/\/Filter\s*\/FlateDecode/.test(dict)) bytes = inflateSync(bytes);
  return Buffer.from(bytes);
}

type Dss = { certificates: X509Certificate[]; ocsps: Buffer[]; crls: Buffer[] };

function readDss(pdf: Buffer): Dss | null {
  let revision: ReturnType<typeof readRevision>;
  try {
    revision = readRevision(pdf);
  } catch {
    return null;
  }
  const { text } = revision;
  const catalog = objectDict(text, revision.rootRef);
  const dssRef = /\/DSS\s+(\d+ \d+) R/.exec(catalog)?.[1];
  const dss = dssRef
    ? objectDict(text, dssRef)
    : /\/DSS\s*(<<)/.exec(catalog)
      ? dictAt(catalog, catalog.indexOf('<<', catalog.indexOf('/DSS')))
      : null;
  if (!dss) return null;
  const list = (key: string) => {
    const array = new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(dss)?.[1] ?? '';
    return [...array.matchAll(/(\d+ \d+) R/g)]
      .map((m) => streamBytes(pdf, text, m[1] as string))
      .filter((b): b is Buffer => Boolean(b));
  };
  const certificates: X509Certificate[] = [];
  for (const der of list('Certs')) {
    try {
      certificates.push(new X509Certificate(der));
    } catch {
      // A malformed entry is ignored: the chain check says what is missing.
    }
  }
  return { certificates, ocsps: list('OCSPs'), crls: list('CRLs') };
}

/** The dictionary of the signature whose /ByteRange is at `span.at`: its type and claimed time. */
function signatureDict(text: string, span: SignatureSpan) {
  const start = text.lastIndexOf('<<', span.at);
  const head = text.slice(start, span.range[1]);
  const tail = text.slice(span.range[2], span.range[2] + 2048);
  const whole = head + tail;
  const m = /\/M\s*\(D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)/.exec(whole);
  const [year = 0, month = 1, day = 0, hour = 0, minute = 0, second = 0] = m?.slice(1).map(Number) ?? [];
  return {
    documentTimestamp: /\/SubFilter\s*\/ETSI\.RFC3161/.test(whole),
    claimedAt: m ? new Date(Date.UTC(year, month - 1, day, hour, minute, second)) : null,
  };
}

/** The CMS without the zero padding of /Contents (DER says its own length). */
function unpadded(contents: Buffer): Buffer {
  if (contents.length < 2 || contents[0] !== 0x30) return contents;
  const first = contents[1] ?? 0;
  if (first < 0x80) return contents.subarray(0, 2 + first);
  const n = first & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + (contents[2 + i] ?? 0);
  return contents.subarray(0, 2 + n + length);
}

/**
 * A token dating `data`: its integrity (its own signature, and an imprint over these very bytes) apart from the
 * trust in its authority, so a report can tell a changed document from an unknown TSA.
 */
function timestampReport(
  token: Buffer,
  data: Buffer[],
  trust: X509Certificate[],
): { integrity: Check; report: TimestampReport; facts: TimestampFacts | null } {
  let facts: TimestampFacts;
  try {
    facts = readTimestampToken(token);
  } catch (err) {
    const failed = fail(messageOf(err));
    return { integrity: failed, report: { ...failed, genTime: null, authority: null }, facts: null };
  }
  const dated = { genTime: facts.genTime, authority: facts.authority };
  if (!imprintOf(facts, data).equals(facts.imprint.digest)) {
    const failed = fail(
      'O carimbo do tempo foi emitido para outros dados: não corresponde a este documento.',
    );
    return { integrity: failed, report: { ...failed, ...dated }, facts: null };
  }
  try {
    checkChain(facts.certificate.toString(), { trust, at: facts.genTime });
  } catch {
    const untrusted = fail(
      `A autoridade de carimbo do tempo (${facts.authority}) não é confiável ou não estava válida na data do carimbo.`,
    );
    return { integrity: ok, report: { ...untrusted, ...dated }, facts };
  }
  return { integrity: ok, report: { ...ok, ...dated }, facts };
}

const date = (at: Date) => at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** What the DSS says of the chain at `at`: every certificate but the root must have a covering answer. */
function revocationReport(chain: X509Certificate[], dss: Dss | null, at: Date): RevocationReport {
  if (!dss) return { status: 'unknown', message: 'O PDF não traz respostas de revogação (sem DSS).' };
  for (let i = 0; i + 1 < chain.length; i++) {
    const certificate = chain[i] as X509Certificate;
    const status = statusFromAnswers(certificate, chain[i + 1] as X509Certificate, dss, at);
    const who =
      certificate.subject
        .split('\n')
        .find((l) => l.startsWith('CN='))
        ?.slice(3) ?? certificate.subject;
    if (!status) {
      return {
        status: 'unknown',
        message: `Nenhuma resposta de revogação do DSS cobre o certificado ${who} na data da assinatura.`,
      };
    }
    if (status.statusAt === 'revoked' && status.revokedAt) {
      return {
        status: 'revoked',
        message: `O certificado ${who} foi revogado em ${date(status.revokedAt)}, antes da assinatura.`,
      };
    }
  }
  return {
    status: 'good',
    message:
      'Nenhum certificado da cadeia estava revogado na data da assinatura (respostas OCSP/LCR do DSS).',
  };
}

/** The report of every signature of `pdf`; `trust`: the trusted roots and intermediates (null: none configured). */
export function inspectPdf(pdf: Buffer, trust: X509Certificate[] | null): PdfReport {
  const text = pdf.toString('latin1');
  const trusted = trust ?? [];
  const spans = signatureSpans(pdf);
  const dss = readDss(pdf);
  const signatures: PdfSignatureReport[] = [];
  for (const span of spans) {
    const [a, b, c, d] = span.range;
    const coversWholeFile = a === 0 && c + d === pdf.length;
    const dict = signatureDict(text, span);
    const ranges = [pdf.subarray(0, b), pdf.subarray(c, c + d)];
    const wellFormed = a === 0 && c > b && c + d <= pdf.length && span.at < b && span.contents.length > 0;
    const report: PdfSignatureReport = {
      kind: dict.documentTimestamp ? 'document_timestamp' : 'signature',
      coversWholeFile,
      integrity: wellFormed ? ok : fail('A assinatura não delimita corretamente o que cobre (/ByteRange).'),
      signer: null,
      chain: fail('Não verificada.'),
      claimedAt: dict.claimedAt,
      provenAt: null,
      signingTimeAttribute: false,
      policy: null,
      timestamp: null,
      revocation: null,
    };
    signatures.push(report);
    if (!wellFormed) continue;
    const cms = unpadded(span.contents);
    if (report.kind === 'document_timestamp') {
      const { integrity, report: ts, facts } = timestampReport(cms, ranges, trusted);
      report.integrity = integrity;
      report.timestamp = ts;
      report.chain = ts.ok ? ok : fail(ts.message ?? '');
      report.provenAt = facts?.genTime ?? null;
      continue;
    }
    let verified: ReturnType<typeof verifyDetached>;
    try {
      verified = verifyDetached(cms, ranges);
    } catch (err) {
      report.integrity = fail(messageOf(err));
      continue;
    }
    const pem = verified.certificate.toString();
    report.signer = signerFacts(pem);
    report.policy = verified.policy?.oid ?? null;
    report.signingTimeAttribute = Boolean(verified.signingTime);
    if (verified.timestampToken) {
      const { report: ts, facts } = timestampReport(
        verified.timestampToken,
        [verified.signatureValue],
        trusted,
      );
      report.timestamp = ts;
      report.provenAt = facts?.genTime ?? null;
    }
    const at = report.provenAt ?? report.claimedAt ?? new Date();
    try {
      checkChain(pem, { trust: trusted, at });
      report.chain = ok;
    } catch (err) {
      report.chain = fail(messageOf(err));
    }
    const pool = [...trusted, ...verified.certificates, ...(dss?.certificates ?? [])];
    report.revocation = revocationReport(chainFrom(verified.certificate, pool), dss, at);
  }
  const last = signatures[signatures.length - 1];
  const wholeFileCovered = Boolean(last?.coversWholeFile);
  const first = signatures.find((s) => s.kind === 'signature');
  const level = levelOf(first, signatures, dss);
  const problems: string[] = [];
  if (spans.length === 0) problems.push('O PDF não tem assinatura digital.');
  else if (!wholeFileCovered) {
    problems.push('O PDF foi alterado depois de assinado: a última assinatura não cobre o arquivo inteiro.');
  }
  for (const s of signatures) {
    for (const check of [s.integrity, s.chain, s.timestamp]) {
      if (check && !check.ok && check.message) problems.push(check.message);
    }
    if (s.revocation?.status === 'revoked') problems.push(s.revocation.message);
  }
  return {
    signatures,
    dss: dss && { certificates: dss.certificates.length, ocsps: dss.ocsps.length, crls: dss.crls.length },
    level,
    wholeFileCovered,
    valid: problems.length === 0,
    problems: [...new Set(problems)],
  };
}

function levelOf(
  first: PdfSignatureReport | undefined,
  all: PdfSignatureReport[],
  dss: Dss | null,
): PadesLevel | null {
  if (!first?.integrity.ok || !first.chain.ok) return null;
  if (!first.timestamp?.ok) return 'B-B';
  if (!dss || first.revocation?.status !== 'good') return 'B-T';
  const after = all.slice(all.indexOf(first) + 1);
  const archived = after.some((s) => s.kind === 'document_timestamp' && s.integrity.ok && s.timestamp?.ok);
  return archived && all[all.length - 1]?.coversWholeFile ? 'B-LTA' : 'B-LT';
}

export type PdfSignature = { signer: SignerFacts; signedAt: Date | null; report: PdfReport };

/**
 * The strict check (tests, and what a refusal needs): the report must be valid. Returns the first signature's
 * signer and the time its timestamp proves (else the time the PDF claims); throws the first problem.
 */
export function verifyPdfSignature(pdf: Buffer, options: { trust: X509Certificate[] }): PdfSignature {
  const report = inspectPdf(pdf, options.trust);
  const first = report.signatures.find((s) => s.kind === 'signature');
  if (!report.valid || !first?.signer) {
    throw new SignatureRefused(report.problems[0] ?? 'O PDF não tem assinatura digital.');
  }
  return { signer: first.signer, signedAt: first.provenAt ?? first.claimedAt, report };
}
