import { apiErrorSchema } from '@origem/contract/errors';
import type { Permission } from '@origem/contract/permissions';
import {
  approvedCertificateQuery,
  associationCertificationSchema,
  CERTIFICATE_FILE_NAMES,
  certificateActionSchema,
  certificateInputSchema,
  certificateListQuery,
  certificateMessageSchema,
  certificatePageSchema,
  certificatePdfName,
  certificatePrintQuery,
  certificateReasonSchema,
  certificateSchema,
  certificateSendAnalyzingQuery,
  certificateVerificationSchema,
  certificateXmlName,
  invoiceUploadFieldsSchema,
  prereceiptPdfName,
  reproveCertificateSchema,
  selectNcmSchema,
  verificationCodeParam,
} from '@origem/contract/schemas/certificates';
import { codInspectionPaths, codInspectionSchema } from '@origem/contract/schemas/cod-inspection';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendPdf } from '../../documents/pdf/send';
import { readForm, withUploads } from '../../files/form';
import { sendStoredFile } from '../../files/records';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { parseInput } from '../../lib/parse-input';
import { publicRateLimit } from '../../lib/rate-limit';
import { a1UploadForm, readA1Upload } from './a1-upload';
import * as codInspection from './cod-inspection';
import * as documents from './documents';
import { FILE_ROLES, type FileRole } from './file-roles';
import * as certificates from './service';
import * as signatures from './signatures';

const tags = ['Certificados'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
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
const form = {
  description: formDoc,
  ...formBody({
    fields: certificateInputSchema,
    files: {
      commercial_invoice: 'Fatura comercial (PDF até 10 MB)',
      intervenor_invoice: 'Fatura do interveniente (PDF até 10 MB)',
    },
    json: true,
  }),
};
const action = { 200: certificateActionSchema, ...errors };

/** SPEC §7 "Certificate": certificates of origin, their workflow, attachments and public verification. */
export async function certificateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const save = async <T>(
    request: FastifyRequest,
    work: (input: z.output<typeof certificateInputSchema>, files: certificates.InvoiceFiles) => Promise<T>,
  ) => {
    const form = await readForm(request, app.files, {
      commercial_invoice: PDF_POLICY,
      intervenor_invoice: PDF_POLICY,
    });
    return withUploads(app.files, form, ({ fields, files }) =>
      work(parseInput(certificateInputSchema, fields), {
        commercial_invoice: files.commercial_invoice,
        intervenor_invoice: files.intervenor_invoice,
      }),
    );
  };

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
    async (request) => certificates.listCertificates(app.db, requireActor(request.ctx), request.query),
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
      certificates.approvedCertificates(app.db, requireActor(request.ctx), {
        ...request.query,
        per_page: request.query.per_page ?? 20,
      }),
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
    async (request) => certificates.verifyCertificate(app.db, request.params.code),
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
    async (request) =>
      certificates.getCertificate(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.post(
    BASE,
    {
      config: create,
      schema: {
        tags,
        summary: 'Cria um certificado em rascunho',
        ...form,
        response: { 201: certificateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await save(request, (input, files) =>
        certificates.createCertificate(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          input,
          files,
        ),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Edita um certificado em Rascunho ou Reprovado (409 nas demais situações)',
        ...form,
        params: idParam,
        response: { 200: certificateSchema, ...errors },
      },
    },
    async (request) =>
      save(request, (input, files) =>
        certificates.updateCertificate(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          input,
          files,
        ),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Exclui um certificado em Rascunho ou Reprovado (409 nas demais situações)',
        params: idParam,
        response: { 200: certificateMessageSchema, ...errors },
      },
    },
    async (request) =>
      certificates.deleteCertificate(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      ),
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
      certificates.setAssociationCertificationId(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body.association_certification_id,
      ),
  );

  // ---- the flow ----------------------------------------------------------------------------------------------------

  app.post(
    `${BASE}/send_analysis/:id`,
    {
      config: create,
      schema: {
        tags,
        summary:
          'Envia para análise (Rascunho/Reprovado → Enviado; com assinatura digital → Aguardando assinatura, e o responsável legal recebe o e-mail). Exige itens, a fatura comercial (e a do interveniente, se houver) e fatura de até 180 dias.',
        params: idParam,
        response: action,
      },
    },
    async (request) =>
      certificates.sendAnalysis(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.post(
    `${BASE}/send_signature/:id`,
    {
      config: create,
      schema: {
        tags,
        summary:
          'Reenvia ao responsável legal o e-mail com o pedido de assinatura de um certificado digital em Aguardando assinatura do exportador (a situação não muda; 422 nas demais situações ou sem e-mail do responsável)',
        params: idParam,
        response: action,
      },
    },
    async (request) =>
      certificates.sendSignature(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.get(
    `${BASE}/send_analyzing/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary:
          'Abre o certificado para o analista: type_analysis=analise o assume (Enviado → Em análise), consulta só lê',
        params: idParam,
        querystring: certificateSendAnalyzingQuery,
        response: action,
      },
    },
    async (request) =>
      certificates.sendAnalyzing(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.query.type_analysis,
      ),
  );

  app.post(
    `${BASE}/approve/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary:
          'Aprova: atribui o CertificateID; em papel → Emitido (válido pelos meses do acordo), com assinatura digital → Aprovado (aguarda a entidade)',
        params: idParam,
        response: action,
      },
    },
    async (request) =>
      certificates.approveCertificate(app.db, request.ctx, requireActor(request.ctx), request.params.id),
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
      certificates.reproveCertificate(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body,
      ),
  );

  const reasonAction = (
    path: string,
    config: { permission: Permission },
    summary: string,
    run: typeof certificates.solicitCancellation,
  ) =>
    app.post(
      `${BASE}/${path}/:id`,
      { config, schema: { tags, summary, params: idParam, body: certificateReasonSchema, response: action } },
      async (request) =>
        run(app.db, request.ctx, requireActor(request.ctx), request.params.id, request.body.reason),
    );
  reasonAction(
    'solicit_cancellation',
    create,
    'Solicita o cancelamento de um certificado emitido, com o motivo',
    certificates.solicitCancellation,
  );
  reasonAction(
    'reprove_cancellation',
    analyse,
    'Recusa o cancelamento solicitado (volta a Emitido), com o motivo',
    certificates.reproveCancellation,
  );
  reasonAction(
    'reprove_substitution',
    analyse,
    'Recusa a substituição solicitada (volta a Emitido), com o motivo',
    certificates.reproveSubstitution,
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
    async (request) => {
      const form = await readForm(request, app.files, { file: PDF_POLICY });
      return withUploads(app.files, form, ({ fields, files }) =>
        certificates.solicitSubstitution(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          parseInput(certificateReasonSchema, fields).reason,
          files.file,
        ),
      );
    },
  );

  app.post(
    `${BASE}/send_cancellation/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary: 'Aprova o cancelamento solicitado (→ Cancelado)',
        params: idParam,
        response: action,
      },
    },
    async (request) =>
      certificates.sendCancellation(app.db, request.ctx, requireActor(request.ctx), request.params.id),
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
      const { created, ...result } = await certificates.sendSubstitution(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      return { ...result, substitute_id: created };
    },
  );

  app.post(
    `${BASE}/clone/:id`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Clona cabeçalho e itens num novo certificado em rascunho (os arquivos não são copiados)',
        params: idParam,
        response: { 201: certificateActionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cloned = await certificates.cloneCertificate(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      return reply.status(201).send(cloned);
    },
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
      async (request) => {
        const form = await readForm(request, app.files, { file: PDF_POLICY });
        return withUploads(app.files, form, ({ fields, files }) =>
          certificates.uploadInvoice(
            app.db,
            app.files,
            request.ctx,
            requireActor(request.ctx),
            parseInput(invoiceUploadFieldsSchema, fields).certificate_id,
            role,
            files.file,
          ),
        );
      },
    );
  upload('commercial_invoice', FILE_ROLES.commercial_invoice, 'a fatura comercial');
  upload('intervenor_invoice', FILE_ROLES.intervenor_invoice, 'a fatura comercial do interveniente');

  const download = (path: string, role: FileRole, name: string) =>
    app.get(
      `${BASE}/${path}/download/:id`,
      {
        config: view,
        schema: {
          tags,
          params: idParam,
          summary: `Baixa o arquivo (${name})`,
          response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const file = await certificates.certificateFile(
          app.db,
          requireActor(request.ctx),
          request.params.id,
          role,
        );
        return sendStoredFile(reply, app.files, file, name);
      },
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
    async (request) => certificates.selectNcm(app.db, request.ctx, requireActor(request.ctx), request.body),
  );

  // ---- documents ---------------------------------------------------------------------------------------------------

  const pdfErrors = {
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    422: apiErrorSchema,
  };

  app.get(
    `${BASE}/print`,
    {
      config: view,
      schema: {
        tags,
        summary:
          'O certificado em PDF no formulário do acordo (modelo de certificado), com QR para a verificação pública; "SEM VALOR" antes da emissão. Sem descrição de referência de um NCM: 422 com code NcmDescriptionError (ncmReference=false imprime as descrições dos itens).',
        querystring: certificatePrintQuery,
        response: pdfErrors,
      },
    },
    async (request, reply) => {
      const pdf = await documents.certificateDocument(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.query.certificateId,
        request.query.ncmReference ?? true,
      );
      return sendPdf(reply, pdf, certificatePdfName(request.query.certificateId), 'inline');
    },
  );

  app.get(
    `${BASE}/print-signed/:id`,
    {
      config: view,
      schema: {
        tags,
        params: idParam,
        summary:
          'O PDF do certificado com assinatura PAdES da entidade, gerado na hora; 404 com o motivo enquanto as duas assinaturas do COD não estiverem completas',
        response: pdfErrors,
      },
    },
    async (request, reply) => {
      const pdf = await documents.signedPdf(
        app.db,
        app.files,
        app.config,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      return sendPdf(reply, pdf, certificatePdfName(request.params.id));
    },
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
        response: pdfErrors,
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
        response: pdfErrors,
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

  const a1Doc =
    'multipart/form-data com o certificado A1 em `certificate` (.pfx/.p12, até 64 KB) e a sua senha em `password`; ' +
    'lidos só em memória, usados uma vez e nunca guardados. A assinatura é verificada (resumo, valor, validade, ' +
    'cadeia ICP-Brasil e CPF) antes de qualquer mudança; recusas: 422 com o motivo.';
  app.post(
    `${BASE}/first/signature/xml/a1/:id`,
    {
      config: { permission: 'certificate.create' },
      schema: {
        tags,
        params: idParam,
        ...formBody(a1UploadForm),
        summary:
          'Primeira assinatura (responsável legal do exportador, sobre #COD): Aguardando assinatura → Enviado',
        description: a1Doc,
        response: action,
      },
    },
    async (request) =>
      signatures.signA1(
        app.db,
        app.config,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        'first',
        await readA1Upload(request),
      ),
  );

  app.post(
    `${BASE}/second/signature/xml/a1/:id`,
    {
      config: { permission: 'certificate.sign_entity' },
      schema: {
        tags,
        params: idParam,
        ...formBody(a1UploadForm),
        summary:
          'Segunda assinatura (usuário da entidade, pelo seu CPF, sobre #CODEH com EH e CertificationEH): Aprovado → Emitido',
        description: a1Doc,
        response: action,
      },
    },
    async (request) =>
      signatures.signA1(
        app.db,
        app.config,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        'second',
        await readA1Upload(request),
      ),
  );
}
