import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '@origem/contract/errors';
import { certificateFlow, type StateOf, stateLabel } from '@origem/contract/flows';
import { certificateVerificationPath } from '@origem/contract/schemas/certificates';
import {
  COD_INSPECTION_FIELD,
  COD_INSPECTION_MAX_BYTES,
  COD_INSPECTION_ROLE_TYPES,
  type CodInspection,
  type CodRecord,
  type CodStageCode,
} from '@origem/contract/schemas/cod-inspection';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { certificateCods, certificates } from '../../db/schema';
import {
  type CodDocumentInspection,
  CodFileRefused,
  codText,
  inspectCod,
} from '../../documents/xml/cod-inspect';
import { malformedMultipart } from '../../files/upload';
import type { Actor } from '../../lib/context';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import type { FormDoc } from '../../lib/form-doc';
import { assertCleanInput } from '../../lib/parse-input';
import { configuredTrust } from '../signatures/trust';

/**
 * Issue 14: COD inspection for the back office and the public verification page. The uploaded XML stays in this
 * request's memory (it is someone else's document, not a record of ours): read, inspected, dropped. Reading only,
 * so no audit row.
 */

const tooLarge = () =>
  new AppError(413, ErrorCode.PayloadTooLarge, 'O arquivo é grande demais para um COD (máximo de 1 MB).');

/** The inspection form, for the OpenAPI document. */
export const codUploadForm: FormDoc = {
  files: { [COD_INSPECTION_FIELD]: 'XML do COD (até 1 MB), lido só em memória' },
  requiredFiles: [COD_INSPECTION_FIELD],
};

/** The one XML file of the form (field `file`), capped while streaming. */
export async function readCodUpload(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: COD_INSPECTION_MAX_BYTES + 1, files: 1, fields: 4 } });
    for await (const part of parts) {
      assertCleanInput(part.fieldname, '_');
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      if (file.fieldname !== COD_INSPECTION_FIELD || bytes) {
        file.file.resume();
        throw fieldError(file.fieldname, 'Envie apenas o arquivo XML do COD no campo file.');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of file.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > COD_INSPECTION_MAX_BYTES) throw tooLarge();
        chunks.push(chunk);
      }
      bytes = Buffer.concat(chunks);
    }
  } catch (err) {
    throw malformedMultipart(err);
  }
  if (!bytes) throw fieldError(COD_INSPECTION_FIELD, 'Envie o arquivo XML do COD.');
  return bytes;
}

/** Back office: only the entities' staff and the administration (SPEC issue 14). */
export function assertMayInspect(actor: Actor): void {
  if (!(COD_INSPECTION_ROLE_TYPES as readonly string[]).includes(actor.roleType)) throw forbidden();
}

/** The inspection; a file that is not a COD at all is a 422 on `file` naming why. */
export async function inspect(
  db: Executor,
  config: Config,
  bytes: Buffer,
  hideCpf: boolean,
): Promise<CodInspection> {
  let document: CodDocumentInspection;
  try {
    document = await inspectCod(bytes, { trust: await configuredTrust(config), hideCpf });
  } catch (err) {
    if (err instanceof CodFileRefused) throw fieldError(COD_INSPECTION_FIELD, err.message);
    throw err;
  }
  return { ...document, record: await compareWithRecords(db, document.certificate_id, codText(bytes)) };
}

const COMPLETE_STAGE: CodStageCode = 'complete';

const sameText = (a: string, b: string) =>
  a.replace(/^\uFEFF/, '').trimEnd() === b.replace(/^\uFEFF/, '').trimEnd();

/**
 * The file against the COD we issued under its CertificateID. Only a file identical to ours learns the
 * certificate's status now and its verification page: the numbers are sequential, so a forged file naming one must
 * not reveal anything about it beyond "that number is ours".
 */
async function compareWithRecords(
  db: Executor,
  certificateId: string | null,
  text: string,
): Promise<CodRecord> {
  const unknown: CodRecord = {
    match: 'unknown',
    message: certificateId
      ? `O CertificateID ${certificateId} não corresponde a nenhum certificado emitido pelo Origem.`
      : 'O COD não tem CertificateID: ainda não foi emitido por uma entidade.',
    status_label: null,
    verification_path: null,
  };
  if (!certificateId) return unknown;
  const [row] = await db
    .select({
      status: certificates.status,
      verification_code: certificates.verification_code,
      xml: certificateCods.xml,
      stage: certificateCods.stage,
    })
    .from(certificates)
    .leftJoin(certificateCods, eq(certificateCods.certificate_id, certificates.id))
    .where(eq(certificates.certificate_number, certificateId));
  if (!row) return unknown;
  if (row.stage !== COMPLETE_STAGE || !row.xml || !sameText(row.xml, text)) {
    return {
      match: 'different',
      message: `O CertificateID ${certificateId} é de um certificado emitido pelo Origem, mas este arquivo não é o COD que emitimos: foi alterado ou é de uma etapa anterior.`,
      status_label: null,
      verification_path: null,
    };
  }
  const status = stateLabel(certificateFlow, row.status as StateOf<typeof certificateFlow>);
  return {
    match: 'same',
    message: `Este arquivo é o COD que o Origem emitiu com o CertificateID ${certificateId}. Situação atual do certificado: ${status}.`,
    status_label: status,
    verification_path: certificateVerificationPath(row.verification_code),
  };
}
