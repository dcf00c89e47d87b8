import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '@origem/contract/errors';
import {
  COD_INSPECTION_FIELD,
  COD_INSPECTION_MAX_BYTES,
  COD_INSPECTION_ROLE_TYPES,
  type CodInspection,
} from '@origem/contract/schemas/cod-inspection';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { CodFileRefused, inspectCod } from '../../documents/xml/cod-inspect';
import { malformedMultipart } from '../../files/upload';
import type { Actor } from '../../lib/context';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import { assertCleanInput } from '../../lib/parse-input';
import { configuredTrust } from './signatures';

/**
 * Issue 14: COD inspection for the back office and the public verification page. The uploaded XML stays in this
 * request's memory (it is someone else's document, not a record of ours): read, inspected, dropped. Reading only,
 * so no audit row.
 */

const tooLarge = () =>
  new AppError(413, ErrorCode.PayloadTooLarge, 'O arquivo é grande demais para um COD (máximo de 1 MB).');

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
export async function inspect(config: Config, bytes: Buffer, hideCpf: boolean): Promise<CodInspection> {
  try {
    return await inspectCod(bytes, { trust: configuredTrust(config), hideCpf });
  } catch (err) {
    if (err instanceof CodFileRefused) throw fieldError(COD_INSPECTION_FIELD, err.message);
    throw err;
  }
}
