import { apiErrorSchema } from '@origem/contract/errors';
import {
  approveDeliverySchema,
  citableDeclarationPageSchema,
  citableDeclarationQuery,
  declarationActionSchema,
  declarationInputSchema,
  declarationListQuery,
  declarationMessageSchema,
  declarationOriginRuleListSchema,
  declarationOriginRulesQuery,
  declarationPageSchema,
  declarationPdfName,
  declarationSchema,
  declarationXmlName,
  exporterIdParam,
  MANUFACTURER_DECLARATION_FILE_NAME,
  rejectDeclarationSchema,
  sendAnalyzingQuery,
} from '@origem/contract/schemas/declarations';
import { declarationTimestampName } from '@origem/contract/schemas/document-verification';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPrinted } from '../../documents/pdf/send';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { saveRoutes } from '../../lib/save-form';
import { issuanceErrors as errors, issuanceRoutes } from '../issuance/routes';
import * as copies from './copies';
import * as documents from './documents';
import * as drafts from './drafts';
import * as flow from './flow';
import * as read from './read';
import * as signatures from './signatures';

const tags = ['Declarações'];
const view = { permission: 'declaration.view' } as const;
const create = { permission: 'declaration.create' } as const;
const analyse = { permission: 'declaration.analyse' } as const;
const BASE = '/v1/declaration';
const formDoc =
  'JSON, ou multipart/form-data com os mesmos campos e o arquivo opcional `manufacturer_declaration` (a ' +
  'declaração assinada do fabricante, PDF até 10 MB). Campos: `exporter_id` (só a equipe; o usuário exportador ' +
  'ou fabricante declara sempre pelo seu próprio cadastro), `company_manufacturer_id` (empresa do tipo 2 do ' +
  'cadastro do exportador), `legal_representative_id`, `deal_id`, `product_name`, `internal_product_code`, ' +
  '`ncm` (8 dígitos, com ou sem máscara; deve existir como subitem na tabela NCM), `nomenclature_code` ' +
  '(opcional: vem da lista de classificação do acordo), `production_process`, `fob_unit_value_min` e ' +
  '`fob_unit_value_max` (US$, até 2 casas, mínimo ≤ máximo), `origin_rule_id` e `origin_norm_id` (do acordo), ' +
  '`materials` (lista de `{ ncm, description, origin_country_id, cif_value_usd, fob_share_percent }`; no ' +
  'multipart, o seu texto JSON; participações somando até 100%) e `remove_manufacturer_declaration=true` para ' +
  'remover o arquivo atual. Valores decimais aceitam "1234.56", "1234,56" ou "1.234,56" e voltam como "1234.56".';
const pdfDoc = (what: string) => `${what} Nome do arquivo: declaracao-{id}.pdf.`;

/** SPEC §7 "Declaration": the declarations of origin, their workflow and their documents. */
export async function declarationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const routes = issuanceRoutes(app, { base: BASE, tags, view, action: declarationActionSchema });

  app.get(
    '/v2/declaration',
    {
      config: view,
      schema: {
        tags,
        summary: 'Declarações (ordem: id decrescente; filtros da SPEC §7)',
        querystring: declarationListQuery,
        response: { 200: declarationPageSchema },
      },
    },
    async (request) => read.listDeclarations(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    `${BASE}/certificate/:exporterId`,
    {
      config: view,
      schema: {
        tags,
        summary:
          'Declarações que o exportador pode citar num certificado: aprovadas, dentro da validade, suas ou de vínculo aprovado (20 por página)',
        params: exporterIdParam,
        querystring: citableDeclarationQuery,
        response: { 200: citableDeclarationPageSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      read.citableDeclarations(app.db, requireActor(request.ctx), request.params.exporterId, request.query),
  );

  app.get(
    `${BASE}/origin_rules`,
    {
      config: view,
      schema: {
        tags,
        summary: 'Critérios de origem (regras) do acordo, para o formulário da declaração',
        querystring: declarationOriginRulesQuery,
        response: { 200: declarationOriginRuleListSchema, 422: apiErrorSchema },
      },
    },
    async (request) => read.originRulesOfDeal(app.db, request.query.deal_id),
  );

  app.get(
    `${BASE}/:id`,
    { config: view, schema: { tags, params: idParam, response: { 200: declarationSchema, ...errors } } },
    async (request) => read.getDeclaration(app.db, requireActor(request.ctx), request.params.id),
  );

  saveRoutes(app, {
    path: BASE,
    config: create,
    tags,
    input: declarationInputSchema,
    files: {
      manufacturer_declaration: {
        policy: PDF_POLICY,
        description: 'Declaração do fabricante (PDF até 10 MB)',
      },
    },
    description: formDoc,
    detail: declarationSchema,
    errors,
    create: { summary: 'Cria uma declaração em rascunho', run: drafts.createDeclaration },
    update: {
      method: 'put',
      summary: 'Edita uma declaração em Rascunho ou Reprovada (409 nas demais situações)',
      run: drafts.updateDeclaration,
    },
  });

  routes.remove(
    create,
    'Exclui uma declaração em Rascunho ou Reprovada (409 nas demais; 235 quando um certificado a cita)',
    { 200: declarationMessageSchema, 235: apiErrorSchema, ...errors },
    drafts.deleteDeclaration,
  );

  routes.action(
    'send_analysis',
    create,
    'Envia para análise (de Rascunho ou Reprovada para Enviada)',
    flow.sendAnalysis,
  );

  routes.sendAnalyzing(
    analyse,
    'Abre a declaração para o analista: type_analysis=analise a assume (Enviada → Em análise; outro analista é recusado com 422), consulta só lê',
    sendAnalyzingQuery,
    flow.sendAnalyzing,
  );

  app.post(
    `${BASE}/approve_delivery/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary: 'Aprova pela entrega da via assinada num local de entrega (/v1/delivery_location)',
        params: idParam,
        body: approveDeliverySchema,
        response: { 200: declarationActionSchema, ...errors },
      },
    },
    async (request) =>
      flow.approveDelivery(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body.delivery_location_id,
      ),
  );

  routes.action(
    'digitally_signed',
    analyse,
    'Aprova pela assinatura digital A1/A3 do responsável legal, já verificada e guardada (sem ela: 422 FlowActionRefused, "A aprovação por assinatura digital exige a assinatura A1 ou A3 do responsável legal.")',
    flow.approveDigitallySigned,
  );

  routes.reasonAction(
    'reject',
    analyse,
    'Reprova com o motivo (Enviada ou Em análise → Reprovada)',
    rejectDeclarationSchema,
    flow.rejectDeclaration,
  );

  routes.clone(
    create,
    'Clona cabeçalho e materiais numa nova declaração em rascunho (o arquivo do fabricante não é copiado)',
    drafts.cloneDeclaration,
  );

  const pdfRoute = (path: string, summary: string, preview: boolean) =>
    app.get(
      `${BASE}/${path}/:id`,
      {
        config: view,
        schema: {
          tags,
          params: idParam,
          summary,
          response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const printed = await copies.printDeclaration(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          preview,
        );
        return sendPrinted(request, reply, app.files, printed, declarationPdfName(request.params.id));
      },
    );
  pdfRoute(
    'print',
    pdfDoc('A declaração em PDF; com a marca "SEM VALOR" enquanto não estiver Aprovada.'),
    false,
  );
  pdfRoute('print_preview', pdfDoc('Prévia da declaração em PDF, sempre com a marca "SEM VALOR".'), true);

  routes.signedPdf(
    pdfDoc(
      'O PDF da declaração com assinatura PAdES da entidade, selado uma vez na aprovação e guardado, com ETag (If-None-Match → 304); 404 com o motivo enquanto ela não tiver sido aprovada pela assinatura A1/A3 do responsável legal; 409 sem o certificado da entidade no servidor.',
    ),
    { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    signatures.signedPdf,
    declarationPdfName,
  );

  routes.a1Signature(
    'signature/a1',
    create,
    'Assinatura A1 do responsável legal (XMLDSig sobre o XML da declaração), com a declaração Enviada ou Em análise; depois o analista aprova por ela (digitally_signed)',
    'multipart/form-data com o certificado A1 em `certificate` (.pfx/.p12, até 64 KB) e a sua senha em `password`; ' +
      'lidos só em memória, usados uma vez e nunca guardados. A assinatura é verificada (resumo, valor, validade, ' +
      'cadeia ICP-Brasil e CPF do responsável legal da declaração) antes de qualquer mudança; recusas: 422 com o motivo. ' +
      'O XML assinado fica em GET xml/download/{id}.',
    ({ db, files, config, ctx, actor, id }, upload) =>
      signatures.signDeclarationA1(db, files, config, ctx, actor, id, upload),
  );

  routes.file(
    'xml/download',
    'O XML da declaração assinado pelo responsável legal (declaracao-{id}.xml); 404 com o motivo antes da assinatura',
    signatures.signedXml,
    declarationXmlName,
  );

  routes.timestampReply(
    'O carimbo do tempo (RFC 3161, DER) do registro de evidência da declaração assinada: data os bytes exatos de GET xml/download (declaracao-{id}.tsr)',
    signatures.declarationTimestampReply,
    declarationTimestampName,
  );

  routes.file(
    'manufacturer_declaration/download',
    'Baixa a declaração do fabricante (declaracao_fabricante.pdf)',
    documents.manufacturerDeclarationFile,
    MANUFACTURER_DECLARATION_FILE_NAME,
  );
}
