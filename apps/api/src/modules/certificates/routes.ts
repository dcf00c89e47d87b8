import { apiErrorSchema } from '@origem/contract/errors';
import {
  bulkSendResultSchema,
  bulkSendSchema,
  MAX_BULK_SEND,
} from '@origem/contract/schemas/certificate-bulk';
import {
  approvedCertificateQuery,
  associationCertificationSchema,
  CERTIFICATE_FILE_NAMES,
  certificateActionSchema,
  certificateInputSchema,
  certificateListQuery,
  certificateMessageSchema,
  certificatePageSchema,
  certificatePrintQuery,
  certificateReasonSchema,
  certificateSchema,
  certificateSendAnalyzingQuery,
  certificateVerificationSchema,
  certificateXmlName,
  invoiceInUseQuery,
  invoiceInUseSchema,
  invoiceUploadFieldsSchema,
  prereceiptPdfName,
  reproveCertificateSchema,
  selectNcmSchema,
  verificationCodeParam,
} from '@origem/contract/schemas/certificates';
import { codInspectionPaths, codInspectionSchema } from '@origem/contract/schemas/cod-inspection';
import {
  certificateTimestampName,
  signatureEvidenceSchema,
} from '@origem/contract/schemas/document-verification';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPdf, sendPrinted } from '../../documents/pdf/send';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { publicRateLimit } from '../../lib/rate-limit';
import { saveForm, saveRoutes } from '../../lib/save-form';
import { issuanceErrors as errors, issuanceRoutes } from '../issuance/routes';
import { sendManyForAnalysis } from './bulk-send';
import * as codInspection from './cod-inspection';
import * as documents from './documents';
import * as drafts from './drafts';
import { FILE_ROLES, type FileRole } from './file-roles';
import * as flow from './flow';
import * as read from './read';
import * as signatures from './signatures';

const tags = ['Certificados'];
const view = { permission: 'certificate.view' } as const;
const create = { permission: 'certificate.create' } as const;
const analyse = { permission: 'certificate.analyse' } as const;
const BASE = '/v1/certificate';
const formDoc =
  'JSON, ou multipart/form-data com os mesmos campos e os arquivos opcionais `commercial_invoice` e ' +
  '`intervenor_invoice` (PDF até 10 MB). Campos: `exporter_id` (o usuário exportador usa sempre o seu), ' +
  '`legal_representative_id`, `deal_id`, `language_id`, `currency_id`, `sector_id`, `shipment_port_id`, ' +
  '`transport_id`, `company_importer_id` (tipo 1), `company_manufacturer_id` (tipo 2), `company_intervenor_id` ' +
  '(tipo 3), `measurement_unit_gross_weight_id`, `measurement_unit_net_weight_id`, `measurement_unit_volume_id`, ' +
  '`invoice_number`, `invoice_date` (AAAA-MM-DD, até 180 dias atrás), `gross_weight`, `net_weight`, `volume`, ' +
  '`observations`, `has_digital_signature` e `items` (lista de `{ declaration_id, description?, quantity, ' +
  'measurement_unit_id?, gross_weight?, net_weight?, fob_value_usd }`; no multipart, o seu texto JSON). Cada ' +
  'item cita uma declaração que o exportador pode citar (GET /v1/declaration/certificate/{exporterId}) do mesmo acordo.';
const action = { 200: certificateActionSchema, ...errors };
const a1Doc =
  'multipart/form-data com o certificado A1 em `certificate` (.pfx/.p12, até 64 KB) e a sua senha em `password`; ' +
  'lidos só em memória, usados uma vez e nunca guardados. A assinatura é verificada (resumo, valor, validade, ' +
  'cadeia ICP-Brasil e CPF) antes de qualquer mudança; recusas: 422 com o motivo.';

/** SPEC §7 "Certificate": certificates of origin, their workflow, attachments and public verification. */
export async function certificateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const routes = issuanceRoutes(app, { base: BASE, tags, view, action: certificateActionSchema });

  app.get(
    BASE,
    {
      config: view,
      schema: {
        tags,
        summary: 'Certificados (ordem: último passo do fluxo primeiro; filtros da SPEC §7)',
        querystring: certificateListQuery,
        response: { 200: certificatePageSchema },
      },
    },
    async (request) => read.listCertificates(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    `${BASE}/all_approved`,
    {
      config: view,
      schema: {
        tags,
        summary: 'Certificados emitidos (busca por número ou fatura em `q`; 20 por página)',
        querystring: approvedCertificateQuery,
        response: { 200: certificatePageSchema },
      },
    },
    async (request) =>
      read.approvedCertificates(app.db, requireActor(request.ctx), {
        ...request.query,
        per_page: request.query.per_page ?? 20,
      }),
  );

  app.get(
    `${BASE}/invoice_in_use`,
    {
      config: create,
      schema: {
        tags,
        summary:
          'Outros certificados do exportador com este número de fatura (igual, sem diferença de maiúsculas): o aviso antes de salvar um rascunho',
        querystring: invoiceInUseQuery,
        response: { 200: invoiceInUseSchema, ...errors },
      },
    },
    async (request) => read.invoiceInUse(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    `${BASE}/verification/:code`,
    {
      config: { public: true, rateLimit: publicRateLimit(app.config) },
      schema: {
        tags,
        security: [],
        summary:
          'Verificação pública (sem login) pelo código do QR: número, situação, entidade emissora, datas e exportador',
        params: verificationCodeParam,
        response: { 200: certificateVerificationSchema, 404: apiErrorSchema },
      },
    },
    async (request) => read.verifyCertificate(app.db, request.params.code),
  );

  app.get(
    `${BASE}/verification/:code/evidence`,
    {
      config: { public: true, rateLimit: publicRateLimit(app.config) },
      schema: {
        tags,
        security: [],
        summary:
          'Verificação pública (sem login): o registro de evidência das assinaturas do certificado (data e autoridade do carimbo do tempo)',
        params: verificationCodeParam,
        response: { 200: signatureEvidenceSchema, 404: apiErrorSchema },
      },
    },
    async (request) => signatures.publicEvidence(app.db, request.params.code),
  );

  // ---- Issue 14: inspection of any COD XML (back office and public page) -----------------------------------------
  const inspectionDoc =
    'multipart/form-data com o XML do COD em `file` (até 1 MB), lido só em memória: versão e formulário, esquema da ' +
    'ALADI, as duas assinaturas (#COD e #CODEH) com cadeia, validade e CPF, e o resumo. Um arquivo que não é um COD ' +
    '(XML malformado, DOCTYPE/ENTITY, bytes nulos, outra codificação) é recusado com 422 em `file`.';
  const inspectionResponse = {
    200: codInspectionSchema,
    400: apiErrorSchema,
    413: apiErrorSchema,
    ...errors,
  };
  app.post(
    codInspectionPaths.staff,
    {
      config: { permission: 'certificate.view', audit: false },
      schema: {
        tags,
        ...formBody(codInspection.codUploadForm),
        summary:
          'Inspeciona um COD (XML da ALADI) enviado: esquema, assinaturas e resumo (equipe das entidades)',
        description: inspectionDoc,
        response: inspectionResponse,
      },
    },
    async (request) => {
      codInspection.assertMayInspect(requireActor(request.ctx));
      return codInspection.inspect(app.db, app.config, await codInspection.readCodUpload(request), false);
    },
  );

  app.post(
    codInspectionPaths.public,
    {
      config: { public: true, audit: false, rateLimit: publicRateLimit(app.config) },
      schema: {
        tags,
        security: [],
        ...formBody(codInspection.codUploadForm),
        summary:
          'Verificação pública de um COD (XML) que o visitante tem: o mesmo exame, com os CPFs parcialmente ocultos',
        description: inspectionDoc,
        response: { 200: codInspectionSchema, 400: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) =>
      codInspection.inspect(app.db, app.config, await codInspection.readCodUpload(request), true),
  );

  app.get(
    `${BASE}/:id`,
    { config: view, schema: { tags, params: idParam, response: { 200: certificateSchema, ...errors } } },
    async (request) => read.getCertificate(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  saveRoutes(app, {
    path: BASE,
    config: create,
    tags,
    input: certificateInputSchema,
    files: {
      commercial_invoice: { policy: PDF_POLICY, description: 'Fatura comercial (PDF até 10 MB)' },
      intervenor_invoice: { policy: PDF_POLICY, description: 'Fatura do interveniente (PDF até 10 MB)' },
    },
    description: formDoc,
    detail: certificateSchema,
    errors,
    create: { summary: 'Cria um certificado em rascunho', run: drafts.createCertificate },
    update: {
      method: 'put',
      summary: 'Edita um certificado em Rascunho ou Reprovado (409 nas demais situações)',
      run: drafts.updateCertificate,
    },
  });

  routes.remove(
    create,
    'Exclui um certificado em Rascunho ou Reprovado (409 nas demais situações)',
    { 200: certificateMessageSchema, ...errors },
    drafts.deleteCertificate,
  );

  app.post(
    `${BASE}/associationCertificationId/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary:
          'Registra o número de controle da entidade (CertificateControlCode), depois do envio para análise',
        params: idParam,
        body: associationCertificationSchema,
        response: action,
      },
    },
    async (request) =>
      drafts.setAssociationCertificationId(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body.association_certification_id,
      ),
  );

  // ---- the flow ----------------------------------------------------------------------------------------------------

  routes.action(
    'send_analysis',
    create,
    'Envia para análise (Rascunho/Reprovado → Enviado; com assinatura digital → Aguardando assinatura, e o responsável legal recebe o e-mail). Exige itens, a fatura comercial (e a do interveniente, se houver) e fatura de até 180 dias.',
    flow.sendAnalysis,
  );
  app.post(
    `${BASE}/send_analysis`,
    {
      // Each certificate sent writes its own audit row (the kernel's transition, in its own transaction); a batch
      // whose every row was refused changed nothing and has nothing to audit.
      config: { ...create, audit: false },
      schema: {
        tags,
        summary: `Envia para análise vários certificados de uma vez (\`ids\`, até ${MAX_BULK_SEND}), com o resultado de cada um`,
        description:
          'Cada certificado passa pela mesma ação de `send_analysis/{id}` (mesmas verificações, histórico, auditoria, e-mails e webhooks), na sua própria transação: a recusa de um não desfaz os outros. Resultado por certificado: `sent`, `refused` (com o motivo em `message`) ou `not_found` (inexistente ou fora do seu alcance). Aceita `Idempotency-Key`.',
        body: bulkSendSchema,
        response: { 200: bulkSendResultSchema, ...errors },
      },
    },
    async (request) =>
      sendManyForAnalysis(app.db, request.ctx, requireActor(request.ctx), request.body.ids, (id, error) =>
        request.log.error({ err: error, certificateId: id }, 'bulk send_analysis: unexpected failure'),
      ),
  );
  routes.action(
    'send_signature',
    create,
    'Reenvia ao responsável legal o e-mail com o pedido de assinatura de um certificado digital em Aguardando assinatura do exportador (a situação não muda; 422 nas demais situações ou sem e-mail do responsável)',
    flow.sendSignature,
  );
  routes.sendAnalyzing(
    analyse,
    'Abre o certificado para o analista: type_analysis=analise o assume (Enviado → Em análise), consulta só lê',
    certificateSendAnalyzingQuery,
    flow.sendAnalyzing,
  );
  routes.action(
    'approve',
    analyse,
    'Aprova: atribui o CertificateID; em papel → Emitido (válido pelos meses do acordo), com assinatura digital → Aprovado (aguarda a entidade)',
    flow.approveCertificate,
  );

  app.post(
    `${BASE}/reprove/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary: 'Reprova com os motivos (`reasons`, lista; ou `reason`)',
        params: idParam,
        body: reproveCertificateSchema,
        response: action,
      },
    },
    async (request) =>
      flow.reproveCertificate(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body,
      ),
  );

  routes.reasonAction(
    'solicit_cancellation',
    create,
    'Solicita o cancelamento de um certificado emitido, com o motivo',
    certificateReasonSchema,
    flow.solicitCancellation,
  );
  routes.reasonAction(
    'reprove_cancellation',
    analyse,
    'Recusa o cancelamento solicitado (volta a Emitido), com o motivo',
    certificateReasonSchema,
    flow.reproveCancellation,
  );
  routes.reasonAction(
    'reprove_substitution',
    analyse,
    'Recusa a substituição solicitada (volta a Emitido), com o motivo',
    certificateReasonSchema,
    flow.reproveSubstitution,
  );

  app.post(
    `${BASE}/solicit_substitution/:id`,
    {
      config: create,
      schema: {
        tags,
        summary:
          'Solicita a substituição de um certificado emitido: multipart com `reason` e a carta de substituição em `file` (PDF)',
        ...formBody({
          fields: certificateReasonSchema,
          files: { file: 'Carta de substituição (PDF até 10 MB)' },
          requiredFiles: ['file'],
        }),
        params: idParam,
        response: action,
      },
    },
    async (request) =>
      saveForm(request, app.files, certificateReasonSchema, { file: PDF_POLICY }, (input, files) =>
        flow.solicitSubstitution(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          input.reason,
          files.file,
        ),
      ),
  );

  routes.action(
    'send_cancellation',
    analyse,
    'Aprova o cancelamento solicitado (→ Cancelado)',
    flow.sendCancellation,
  );

  app.post(
    `${BASE}/send_substitution/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary:
          'Aprova a substituição: o original fica Substituído e um rascunho que o substitui é criado (mesma base do número, retificação + 1)',
        params: idParam,
        response: { 200: certificateActionSchema.extend({ substitute_id: idParam.shape.id }), ...errors },
      },
    },
    async (request) => {
      const { created, ...result } = await flow.sendSubstitution(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      return { ...result, substitute_id: created };
    },
  );

  routes.clone(
    create,
    'Clona cabeçalho e itens num novo certificado em rascunho (os arquivos não são copiados)',
    drafts.cloneCertificate,
  );

  // ---- attachments -------------------------------------------------------------------------------------------------

  const upload = (
    path: string,
    role: typeof FILE_ROLES.commercial_invoice | typeof FILE_ROLES.intervenor_invoice,
    what: string,
  ) =>
    app.post(
      `${BASE}/${path}/upload`,
      {
        config: create,
        schema: {
          tags,
          summary: `Envia ${what}: multipart com \`certificate_id\` e \`file\` (PDF até 10 MB); só em Rascunho ou Reprovado`,
          ...formBody({
            fields: invoiceUploadFieldsSchema,
            files: { file: `${what} (PDF até 10 MB)` },
            requiredFiles: ['file'],
          }),
          response: action,
        },
      },
      async (request) =>
        saveForm(request, app.files, invoiceUploadFieldsSchema, { file: PDF_POLICY }, (input, files) =>
          drafts.uploadInvoice(
            app.db,
            app.files,
            request.ctx,
            requireActor(request.ctx),
            input.certificate_id,
            role,
            files.file,
          ),
        ),
    );
  upload('commercial_invoice', FILE_ROLES.commercial_invoice, 'a fatura comercial');
  upload('intervenor_invoice', FILE_ROLES.intervenor_invoice, 'a fatura comercial do interveniente');

  const download = (path: string, role: FileRole, name: string) =>
    routes.file(
      `${path}/download`,
      `Baixa o arquivo (${name})`,
      (db, actor, id) => read.certificateFile(db, actor, id, role),
      name,
    );
  download('commercial_invoice', FILE_ROLES.commercial_invoice, CERTIFICATE_FILE_NAMES.commercial_invoice);
  download('intervenor_invoice', FILE_ROLES.intervenor_invoice, CERTIFICATE_FILE_NAMES.intervenor_invoice);
  download('substitution', FILE_ROLES.substitution, CERTIFICATE_FILE_NAMES.substitution);

  app.patch(
    `${BASE}/select_ncm`,
    {
      config: { permission: ['certificate.create', 'certificate.analyse'] },
      schema: {
        tags,
        summary:
          'Escolhe, por item, a descrição de referência do NCM que sai impressa (vazia: a da tabela de referências)',
        body: selectNcmSchema,
        response: action,
      },
    },
    async (request) => drafts.selectNcm(app.db, request.ctx, requireActor(request.ctx), request.body),
  );

  // ---- documents ---------------------------------------------------------------------------------------------------

  app.get(
    `${BASE}/print`,
    {
      config: view,
      schema: {
        tags,
        summary:
          'O certificado em PDF no formulário do acordo (modelo de certificado), com QR para a verificação pública; "SEM VALOR" antes da emissão. Emitido, cancelado ou substituído: a cópia gerada uma vez e guardada, com ETag (If-None-Match → 304). Sem descrição de referência de um NCM: 422 com code NcmDescriptionError (ncmReference=false imprime as descrições dos itens, gerado na hora).',
        querystring: certificatePrintQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const printed = await documents.printCertificate(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.query.certificateId,
        request.query.ncmReference ?? true,
      );
      const name = await documents.certificateFileName(app.db, request.query.certificateId);
      return sendPrinted(request, reply, app.files, printed, name, 'inline');
    },
  );

  routes.signedPdf(
    'O PDF do certificado com assinatura PAdES da entidade, selado uma vez na emissão (e no cancelamento) e guardado, com ETag; 404 com o motivo enquanto as duas assinaturas do COD não estiverem completas',
    errors,
    documents.signedPdf,
    (id) => documents.certificateFileName(app.db, id),
  );

  app.patch(
    `${BASE}/generate_pdf/:id`,
    {
      config: { permission: ['certificate.create', 'certificate.analyse'] },
      schema: {
        tags,
        params: idParam,
        summary: 'Gera e guarda o PDF final de um certificado emitido (409 antes da emissão)',
        response: action,
      },
    },
    async (request) =>
      documents.generatePdf(app.db, app.files, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.get(
    `${BASE}/prereceipt/:id`,
    {
      config: view,
      schema: {
        tags,
        params: idParam,
        summary: 'Pré-recibo (PDF) da tarifa do certificado emitido, aberto numa nova janela',
        response: errors,
      },
    },
    async (request, reply) => {
      const pdf = await documents.prereceipt(app.db, requireActor(request.ctx), request.params.id);
      return sendPdf(reply, pdf, prereceiptPdfName(request.params.id), 'inline');
    },
  );
  // ---- COD XML and digital signatures (DOMAIN.md §5) ------------------------------------------------------------

  app.get(
    `${BASE}/xml/download/:id`,
    {
      config: view,
      schema: {
        tags,
        params: idParam,
        summary:
          'O COD (XML da ALADI) do certificado: como assinado até agora, ou sem assinatura antes da primeira (certificado-{id}.xml)',
        response: errors,
      },
    },
    async (request, reply) => {
      const xml = await signatures.codXml(app.db, requireActor(request.ctx), request.params.id);
      const name = certificateXmlName(request.params.id);
      return (reply as FastifyReply)
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(xml, 'utf8'));
    },
  );

  // Issue 37: the evidence record beside the COD (its RFC 3161 timestamp, the signers' revocation answers).
  routes.timestampReply(
    'O carimbo do tempo (RFC 3161, DER) do registro de evidência do COD emitido: data os bytes exatos de GET xml/download (certificado-{id}.tsr); 404 com o motivo antes dele',
    signatures.codTimestampReply,
    certificateTimestampName,
  );
  app.get(
    `${BASE}/evidence/:id`,
    {
      config: view,
      schema: {
        tags,
        params: idParam,
        summary:
          'O registro de evidência das assinaturas do COD: situação (none, pending = aguardando carimbo do tempo, complete), data das assinaturas, do carimbo e a autoridade',
        response: { 200: signatureEvidenceSchema, ...errors },
      },
    },
    async (request) => signatures.codEvidence(app.db, requireActor(request.ctx), request.params.id),
  );

  // The two signatures of the COD (signatures.ts): the exporter's legal representative's, then the entity's.
  for (const [stage, permission, summary] of [
    [
      'first',
      'certificate.create',
      'Primeira assinatura (responsável legal do exportador, sobre #COD): Aguardando assinatura → Enviado',
    ],
    [
      'second',
      'certificate.sign_entity',
      'Segunda assinatura (usuário da entidade, pelo seu CPF, sobre #CODEH com EH e CertificationEH): Aprovado → Emitido',
    ],
  ] as const) {
    routes.a1Signature(
      `${stage}/signature/xml/a1`,
      { permission },
      summary,
      a1Doc,
      ({ db, config, ctx, actor, id }, upload) =>
        signatures.signA1(db, config, ctx, actor, id, stage, upload),
    );
  }
}
