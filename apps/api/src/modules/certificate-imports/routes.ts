import { apiErrorSchema } from '@origem/contract/errors';
import {
  certificateImportDetailSchema,
  certificateImportListQuery,
  certificateImportPageSchema,
  confirmImportSchema,
  IMPORT_MAX_BYTES,
  importTemplateFormat,
} from '@origem/contract/schemas/certificate-imports';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStoredFile } from '../../files/records';
import { readMultipart, type UploadPolicy } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { afterCommit } from '../../lib/request-transaction';
import * as imports from './service';
import { TEMPLATE_NAMES, templateCsv, templateXlsx } from './template';

const tags = ['Importação de certificados'];
const permission = { permission: 'certificate.import' } as const;
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const BASE = '/v1/certificate_import';
const POLICY: UploadPolicy = { kinds: ['xlsx', 'csv'], maxBytes: IMPORT_MAX_BYTES };
const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Batch import of certificate drafts (issue 25): template, upload, report, confirmation and history. */
export async function certificateImportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The worker takes the import's job now rather than at its next tick (any instance may; the row is the truth). */
  const kick = () => void afterCommit(() => app.jobs.runDue([imports.VALIDATE_JOB, imports.CREATE_JOB]));

  app.get(
    `${BASE}/template`,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Modelo da planilha (xlsx, com a aba "Códigos") ou do CSV (separado por ";")',
        querystring: importTemplateFormat,
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const body = format === 'csv' ? templateCsv() : await templateXlsx(app.db);
      const name = TEMPLATE_NAMES[format];
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
  app.get(
    BASE,
    {
      config: permission,
      schema: {
        tags,
        summary: 'As importações do usuário, mais recentes primeiro',
        querystring: certificateImportListQuery,
        response: { 200: certificateImportPageSchema },
      },
    },
    async (request) => imports.listImports(app.db, requireActor(request.ctx), request.query),
  );
  app.post(
    BASE,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Envia a planilha (XLSX) ou o CSV; a validação roda em segundo plano',
        ...formBody({ files: { file: 'XLSX ou CSV separado por ";" (até 20 MB)' }, requiredFiles: ['file'] }),
        response: { 201: certificateImportDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, app.files, { file: POLICY });
      const created = await imports.uploadImport(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        form.files.file,
      );
      kick();
      return reply.status(201).send(created);
    },
  );
  app.get(
    `${BASE}/:id`,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Uma importação: progresso, relatório de erros, prévia e rascunhos criados',
        params: idParam,
        response: { 200: certificateImportDetailSchema, ...errors },
      },
    },
    async (request) => imports.getImport(app.db, requireActor(request.ctx), request.params.id),
  );
  app.post(
    `${BASE}/:id/confirm`,
    {
      config: permission,
      schema: {
        tags,
        summary: 'Confirma a importação (only_valid: importar só as linhas válidas)',
        params: idParam,
        body: confirmImportSchema,
        response: { 200: certificateImportDetailSchema, ...errors },
      },
    },
    async (request) => {
      const confirmed = await imports.confirmImport(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body,
      );
      kick();
      return confirmed;
    },
  );
  app.get(
    `${BASE}/:id/file`,
    {
      config: permission,
      schema: { tags, summary: 'O arquivo enviado', params: idParam },
    },
    async (request, reply) => {
      const file = await imports.importedFile(app.db, requireActor(request.ctx), request.params.id);
      return sendStoredFile(reply, app.files, file, file.original_name);
    },
  );
}
