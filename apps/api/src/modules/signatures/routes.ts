import { apiErrorSchema } from '@origem/contract/errors';
import { PUBLIC_LANGS } from '@origem/contract/public-i18n';
import {
  DOCUMENT_VERIFICATION_MAX_BYTES,
  documentVerificationPaths,
  documentVerificationSchema,
} from '@origem/contract/schemas/document-verification';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../documents/pdf/send';
import { verificationReportPdf } from '../../documents/pdf/verification-report';
import { formBody } from '../../lib/form-doc';
import { publicRateLimit } from '../../lib/rate-limit';
import { documentUploadForm, readDocumentUpload, verifyDocument } from './verify-document';

const tags = ['Verificação de documentos'];
const description =
  'multipart/form-data com o arquivo em `file` (PDF assinado ou XML do COD, até 10 MB), lido só em memória e nunca ' +
  'guardado: integridade, signatários, cadeia, revogação na data da assinatura, carimbos do tempo, nível PAdES ' +
  'alcançado (PDF), esquema da ALADI e registro de evidência (COD). Outro tipo de arquivo: 422 em `file`.';
const errors = { 400: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

/** Issue 37: the public "Verificar documento" page's API (no sign-in, rate-limited, nothing stored). */
export async function signatureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { public: true, audit: false, rateLimit: publicRateLimit(app.config) } as const;
  // The upload is capped while streaming (readDocumentUpload); the body limit only bounds the multipart frame.
  const bodyLimit = DOCUMENT_VERIFICATION_MAX_BYTES + 64 * 1024;

  app.post(
    documentVerificationPaths.report,
    {
      config,
      bodyLimit,
      schema: {
        tags,
        security: [],
        ...formBody(documentUploadForm),
        summary: 'Verifica um documento assinado (PDF ou XML do COD) e devolve o relatório',
        description,
        response: { 200: documentVerificationSchema, ...errors },
      },
    },
    async (request) => verifyDocument(app.db, app.config, await readDocumentUpload(request)),
  );

  app.post(
    documentVerificationPaths.pdf,
    {
      config,
      bodyLimit,
      schema: {
        tags,
        security: [],
        ...formBody(documentUploadForm),
        querystring: z.object({ lang: z.enum(PUBLIC_LANGS).default('pt') }),
        summary: 'O mesmo relatório em PDF (relatorio-verificacao.pdf), no idioma pedido (pt, es, en)',
        description,
        response: errors,
      },
    },
    async (request, reply) => {
      const report = await verifyDocument(app.db, app.config, await readDocumentUpload(request));
      return sendPdf(
        reply,
        await verificationReportPdf(report, request.query.lang),
        'relatorio-verificacao.pdf',
      );
    },
  );
}
