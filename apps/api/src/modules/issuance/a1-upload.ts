import type { MultipartFile } from '@fastify/multipart';
import { A1_MAX_BYTES } from '@origem/contract/schemas/signatures';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { malformedMultipart } from '../../files/upload';
import { fieldError } from '../../lib/errors';
import type { FormDoc } from '../../lib/form-doc';
import { assertCleanInput } from '../../lib/parse-input';

/** An uploaded A1 certificate, read in memory: used for one signature and never written to disk. */
export type A1Upload = { pkcs12: Buffer; password: string };

/** An A1 file is a few kilobytes; anything much larger is not one (the web checks the same cap). */
const MAX_PKCS12_BYTES = A1_MAX_BYTES;
/** A PKCS#12 password is typed by a person; a longer one is not a password (and would only cost the KDF). */
const MAX_PASSWORD_LENGTH = 255;

/** The A1 signing form, for the OpenAPI document. */
export const a1UploadForm: FormDoc = {
  fields: z.object({
    password: z.string().min(1).max(MAX_PASSWORD_LENGTH).describe('Senha do certificado A1'),
  }),
  files: { certificate: 'Certificado A1 (.pfx/.p12), lido só em memória' },
  requiredFiles: ['certificate'],
};

/**
 * Reads the A1 signing form into memory only: unlike every other upload it never reaches the file storage (the
 * private key must not touch a disk), and the caller drops it when the request ends.
 */
export async function readA1Upload(request: FastifyRequest): Promise<A1Upload> {
  let pkcs12: Buffer | undefined;
  let password: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PKCS12_BYTES + 1, files: 1 } })) {
      assertCleanInput(part.fieldname, '_');
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'certificate' || pkcs12) {
          file.file.resume();
          throw fieldError(file.fieldname, 'Envie apenas o certificado A1 no campo certificate.');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of file.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_PKCS12_BYTES)
            throw fieldError('certificate', 'O arquivo não parece um certificado A1 (.pfx/.p12).');
          chunks.push(chunk);
        }
        pkcs12 = Buffer.concat(chunks);
      } else if (part.fieldname === 'password') {
        password = String(part.value ?? '');
        assertCleanInput(password, 'password');
      }
    }
  } catch (err) {
    // A body cut off or without a boundary is the client's fault (400), as on every other upload route.
    throw malformedMultipart(err);
  }
  if (!pkcs12 || pkcs12.length === 0) throw fieldError('certificate', 'Envie o certificado A1 (.pfx/.p12).');
  if (!password) throw fieldError('password', 'Informe a senha do certificado A1.');
  if (password.length > MAX_PASSWORD_LENGTH)
    throw fieldError(
      'password',
      `A senha do certificado A1 tem no máximo ${MAX_PASSWORD_LENGTH} caracteres.`,
    );
  return { pkcs12, password };
}
