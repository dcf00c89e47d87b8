import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '@origem/contract/errors';
import {
  DOCUMENT_VERIFICATION_FIELD,
  DOCUMENT_VERIFICATION_MAX_BYTES,
  type DocumentVerification,
} from '@origem/contract/schemas/document-verification';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { loadSigning } from '../../documents/signing/load';
import type { PdfReport } from '../../documents/signing/pades-inspect';
import { cpfText } from '../../documents/xml/cod-inspect';
import { malformedMultipart } from '../../files/upload';
import { AppError, fieldError } from '../../lib/errors';
import type { FormDoc } from '../../lib/form-doc';
import { assertCleanInput } from '../../lib/parse-input';
import { inspect as inspectCodFile } from '../certificates/cod-inspection';
import { evidenceOfCertificateNumber } from './evidence';
import { checkEvidence } from './evidence-check';
import { configuredTrust } from './trust';

/**
 * The public "Verificar documento" page (issue 37): any signed PDF or COD XML, uploaded without signing in, read
 * in this request's memory only (never stored, never audited) and reported: each signature's integrity, signer,
 * chain and revocation at signing time, the timestamps, the PAdES level a PDF reaches, and for a COD the ALADI
 * schema and, when it is the very file Origem issued, its evidence record.
 */

const tooLarge = () =>
  new AppError(413, ErrorCode.PayloadTooLarge, 'O arquivo é grande demais (máximo de 10 MB).');

export const documentUploadForm: FormDoc = {
  files: { [DOCUMENT_VERIFICATION_FIELD]: 'PDF assinado ou XML do COD (até 10 MB), lido só em memória' },
  requiredFiles: [DOCUMENT_VERIFICATION_FIELD],
};

export type DocumentUpload = { name: string; bytes: Buffer };

/** The one file of the form, capped while streaming. */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  let upload: DocumentUpload | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: DOCUMENT_VERIFICATION_MAX_BYTES + 1, files: 1, fields: 4 },
    });
    for await (const part of parts) {
      assertCleanInput(part.fieldname, '_');
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      if (file.fieldname !== DOCUMENT_VERIFICATION_FIELD || upload) {
        file.file.resume();
        throw fieldError(file.fieldname, 'Envie apenas um arquivo, no campo file.');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of file.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > DOCUMENT_VERIFICATION_MAX_BYTES) throw tooLarge();
        chunks.push(chunk);
      }
      upload = { name: (file.filename || 'documento').slice(0, 200), bytes: Buffer.concat(chunks) };
    }
  } catch (err) {
    throw malformedMultipart(err);
  }
  if (!upload || upload.bytes.length === 0) {
    throw fieldError(DOCUMENT_VERIFICATION_FIELD, 'Envie o PDF assinado ou o XML do COD.');
  }
  return upload;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function pdfSection(report: PdfReport): NonNullable<DocumentVerification['pdf']> {
  return {
    pades_level: report.level,
    whole_file_covered: report.wholeFileCovered,
    dss: report.dss,
    signatures: report.signatures.map((s) => ({
      kind: s.kind,
      covers_whole_file: s.coversWholeFile,
      signer_name: s.signer?.commonName ?? s.timestamp?.authority ?? null,
      signer_cpf: s.signer?.cpf ? cpfText(s.signer.cpf, true) : null,
      certificate_valid_from: iso(s.signer?.validFrom ?? null),
      certificate_valid_to: iso(s.signer?.validTo ?? null),
      integrity: s.integrity,
      chain: s.chain,
      claimed_at: iso(s.claimedAt),
      proven_at: iso(s.provenAt),
      timestamp: s.timestamp
        ? {
            ok: s.timestamp.ok,
            message: s.timestamp.message,
            gen_time: iso(s.timestamp.genTime),
            authority: s.timestamp.authority,
          }
        : null,
      revocation: s.revocation,
      policy: s.policy,
      signing_time_attribute: s.signingTimeAttribute,
    })),
  };
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/** The report of one uploaded file; what is neither a PDF nor an XML is a 422 on `file`. */
export async function verifyDocument(
  db: Executor,
  config: Config,
  upload: DocumentUpload,
): Promise<DocumentVerification> {
  const trust = (await configuredTrust(config)) ?? [];
  const base = {
    file_name: upload.name,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
  };
  if (isPdf(upload.bytes)) {
    const { inspectPdf } = await loadSigning();
    let report: PdfReport;
    try {
      report = inspectPdf(upload.bytes, trust);
    } catch {
      throw fieldError(DOCUMENT_VERIFICATION_FIELD, 'O PDF não pôde ser lido: o arquivo está corrompido.');
    }
    return {
      ...base,
      kind: 'pdf',
      valid: report.valid && report.level !== null,
      problems: report.problems,
      pdf: pdfSection(report),
      cod: null,
      evidence: null,
    };
  }
  if (!/^\s*(\uFEFF)?\s*</.test(upload.bytes.subarray(0, 64).toString('utf8'))) {
    throw fieldError(DOCUMENT_VERIFICATION_FIELD, 'Envie um PDF assinado ou o XML de um COD.');
  }
  const cod = await inspectCodFile(db, config, upload.bytes, true);
  const row =
    cod.record.match === 'same' && cod.certificate_id
      ? await evidenceOfCertificateNumber(db, cod.certificate_id)
      : null;
  const evidence = row ? await checkEvidence(row, upload.bytes, trust) : null;
  const problems = [...cod.problems];
  if (evidence && !evidence.timestamp.ok && evidence.timestamp.message)
    problems.push(evidence.timestamp.message);
  for (const signer of evidence?.signers ?? []) {
    if (signer.revocation.status === 'revoked') problems.push(`${signer.name}: ${signer.revocation.message}`);
  }
  return {
    ...base,
    kind: 'cod',
    valid: cod.valid && problems.length === cod.problems.length,
    problems,
    pdf: null,
    cod,
    evidence,
  };
}
