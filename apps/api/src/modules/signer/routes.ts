import { apiErrorSchema } from '@origem/contract/errors';
import { idParam } from '@origem/contract/schemas/fields';
import {
  SIGNER_DOCUMENT_PATH,
  SIGNER_TOKEN_HEADER,
  signerDocumentSchema,
  signerDownloadSchema,
  signerResultSchema,
  signerSessionSchema,
  signerSubmissionSchema,
} from '@origem/contract/schemas/signer';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import { publicRateLimit } from '../../lib/rate-limit';
import * as signer from './service';

const tags = ['Assinatura digital A3'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const codeHeader = z.object({ [SIGNER_TOKEN_HEADER]: z.string().max(200).optional() });
/** A COD with many items is a few hundred kilobytes; the signed one adds two certificates. */
const SIGNED_XML_LIMIT = 2_200_000;

const sessionDoc =
  'Gera um código de uso único (15 minutos, ligado ao documento e ao usuário) para o programa assinador, que lê o ' +
  `documento em GET ${SIGNER_DOCUMENT_PATH}, assina no token (PKCS#11) e devolve o XML assinado em POST ` +
  `${SIGNER_DOCUMENT_PATH}, com o código no cabeçalho \`${SIGNER_TOKEN_HEADER}\`. Um novo código invalida os anteriores.`;

/** DOMAIN.md §5: the A3 signatures, through the signer program. */
export async function signerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicLimit = publicRateLimit(app.config);
  // Codes and the documents they open must never sit in a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  for (const [stage, permission, summary] of [
    ['first', 'certificate.create', 'Primeira assinatura A3 (responsável legal do exportador, sobre #COD)'],
    ['second', 'certificate.sign_entity', 'Segunda assinatura A3 (usuário da entidade, sobre #CODEH)'],
  ] as const) {
    app.get(
      `/v1/certificate/${stage}/signature/a3/:id`,
      {
        // A code is bound to the session that asked for it (signing ends with the session): never an API token.
        config: { permission, apiToken: false },
        schema: {
          tags,
          params: idParam,
          summary,
          description: sessionDoc,
          response: { 200: signerSessionSchema, ...errors },
        },
      },
      async (request) =>
        signer.issueCertificateCode(app.db, request.ctx, requireActor(request.ctx), request.params.id, stage),
    );
  }

  app.get(
    '/v1/declaration/signature/a3/:id',
    {
      config: { permission: 'declaration.create', apiToken: false },
      schema: {
        tags,
        params: idParam,
        summary:
          'Assinatura A3 do responsável legal (sobre #Declaration do XML da declaração), com a declaração Enviada ou Em análise; depois o analista aprova por ela (digitally_signed)',
        description: sessionDoc,
        response: { 200: signerSessionSchema, ...errors },
      },
    },
    async (request) =>
      signer.issueDeclarationCode(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.get(
    SIGNER_DOCUMENT_PATH,
    {
      config: { public: true, rateLimit: publicLimit },
      schema: {
        tags,
        security: [],
        headers: codeHeader,
        summary: 'O documento a assinar pelo programa assinador (autenticado pelo código de uso único)',
        response: { 200: signerDocumentSchema, ...errors },
      },
    },
    async (request) => signer.signerDocument(app.db, request.headers[SIGNER_TOKEN_HEADER]),
  );

  app.post(
    SIGNER_DOCUMENT_PATH,
    {
      config: { public: true, rateLimit: publicLimit },
      bodyLimit: SIGNED_XML_LIMIT,
      schema: {
        tags,
        security: [],
        headers: codeHeader,
        body: signerSubmissionSchema,
        summary:
          'O XML assinado pelo programa assinador (certificado ou declaração): verificado como uma assinatura A1, o código é gasto',
        description:
          'O XML deve ser o documento entregue mais a assinatura; a assinatura, a validade do certificado, a cadeia ' +
          'e o CPF são verificados antes de qualquer mudança. Recusas: 422 com o motivo (o código continua válido); ' +
          'código inválido, usado ou vencido: 401.',
        response: { 200: signerResultSchema, ...errors },
      },
    },
    async (request) =>
      signer.submitSigned(
        app.db,
        app.files,
        app.config,
        request.ctx,
        request.headers[SIGNER_TOKEN_HEADER],
        request.body.xml,
      ),
  );

  app.get(
    '/v1/signer/download',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'O endereço do programa assinador A3 (pacote npm: npx --yes <url> --ajuda)',
        response: { 200: signerDownloadSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (_request, reply: FastifyReply) => reply.send(signer.signerDownload(app.config)),
  );
}
