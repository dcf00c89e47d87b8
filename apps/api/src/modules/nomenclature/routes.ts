import { apiErrorSchema } from '@origem/contract/errors';
import { pageQuery } from '@origem/contract/paging';
import { idParam } from '@origem/contract/schemas/fields';
import {
  certificateModelAllSchema,
  certificateModelDealPageSchema,
  certificateModelDealQuery,
  certificateModelInputSchema,
  certificateModelSchema,
  classificationListAllSchema,
  classificationListCreateSchema,
  classificationListPageSchema,
  classificationListSchema,
  classificationListUpdateSchema,
  dealIdParam,
  ncmCodeParam,
  ncmDetailSchema,
  ncmPageSchema,
  ncmReferenceInputSchema,
  ncmReferenceQuerySchema,
  ncmReferenceSchema,
  ncmSearchQuery,
  ncmUploadResultSchema,
} from '@origem/contract/schemas/nomenclature';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../files/records';
import { CSV_POLICY, readMultipart } from '../../files/upload';
import { formBody } from '../../lib/form-doc';
import * as models from './certificate-model-service';
import * as lists from './classification-service';
import * as ncm from './ncm-service';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'reference_data.view' } as const;
const manage = { permission: 'reference_data.manage' } as const;
const message = z.object({ message: z.string() });

/** NCM, classification lists and certificate models (issue 3). */
export async function nomenclatureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ─── NCM ───────────────────────────────────────────────────────────────────────────────────────────────────
  const ncmTags = ['NCM'];
  app.get(
    '/v1/ncm',
    {
      config: view,
      schema: {
        tags: ncmTags,
        summary: 'Pesquisa por prefixo do código ou palavras da descrição',
        querystring: ncmSearchQuery,
        response: { 200: ncmPageSchema },
      },
    },
    async (request) => ncm.searchNcm(app.db, request.query),
  );
  app.post(
    '/v1/ncm/get-ncm-reference',
    {
      // A read sent as POST: it writes nothing, so no audit row.
      config: { ...view, audit: false },
      schema: {
        tags: ncmTags,
        summary: 'Descrição impressa do NCM',
        body: ncmReferenceQuerySchema,
        response: { 200: ncmReferenceSchema, ...errors },
      },
    },
    async (request) => ncm.getReference(app.db, request.body.ncm),
  );
  // SPEC §7 writes the path with a trailing slash; both spellings work.
  for (const url of ['/v1/ncm/save-ncm-reference/', '/v1/ncm/save-ncm-reference']) {
    app.post(
      url,
      {
        config: manage,
        schema: {
          tags: ncmTags,
          summary: 'Salva a descrição impressa do NCM',
          body: ncmReferenceInputSchema,
          response: { 200: ncmReferenceSchema, ...errors },
        },
      },
      async (request) => ncm.saveReference(app.db, request.ctx, request.body),
    );
  }
  app.post(
    '/v1/ncm/upload',
    {
      config: manage,
      schema: {
        tags: ncmTags,
        summary: 'Substitui a tabela NCM por um CSV (codigo,codigoPai,descricao,nivel,ehFolha)',
        ...formBody({ files: { file: 'CSV da NCM (até 20 MB)' }, requiredFiles: ['file'] }),
        response: { 200: ncmUploadResultSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readMultipart(request, app.files, { file: CSV_POLICY });
      return ncm.replaceTable(app.db, request.ctx, app.files, form.files.file);
    },
  );
  app.get(
    '/v1/ncm/:code',
    {
      config: view,
      schema: {
        tags: ncmTags,
        summary: 'Um código (só os dígitos contam: 8408.90.90 = 84089090)',
        params: ncmCodeParam,
        response: { 200: ncmDetailSchema, ...errors },
      },
    },
    async (request) => ncm.getNcm(app.db, request.params.code),
  );

  // ─── Classification lists ──────────────────────────────────────────────────────────────────────────────────
  const listTags = ['Listas de classificação'];
  app.get(
    '/v1/classification_list',
    {
      config: view,
      schema: { tags: listTags, querystring: pageQuery, response: { 200: classificationListPageSchema } },
    },
    async (request) => lists.listLists(app.db, request.query),
  );
  app.get(
    '/v1/classification_list/all',
    { config: view, schema: { tags: listTags, response: { 200: classificationListAllSchema } } },
    async () => lists.allLists(app.db),
  );
  app.post(
    '/v1/classification_list',
    {
      config: manage,
      schema: {
        tags: listTags,
        summary: 'Cria uma lista (multipart: classification_type, name, file = CSV ncm;codigo;descricao)',
        ...formBody({
          fields: classificationListCreateSchema,
          files: { file: 'CSV ncm;codigo;descricao (até 20 MB)' },
          requiredFiles: ['file'],
        }),
        response: { 201: classificationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, app.files, { file: CSV_POLICY });
      return reply.status(201).send(await lists.createList(app.db, request.ctx, app.files, form));
    },
  );
  app.post(
    '/v1/classification_list/:id',
    {
      config: manage,
      schema: {
        tags: listTags,
        summary: 'Renomeia a lista e/ou substitui seus itens por um novo CSV (multipart: name, file)',
        params: idParam,
        ...formBody({
          fields: classificationListUpdateSchema,
          files: { file: 'CSV ncm;codigo;descricao (até 20 MB)' },
        }),
        response: { 200: classificationListSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readMultipart(request, app.files, { file: CSV_POLICY });
      return lists.updateList(app.db, request.ctx, app.files, request.params.id, form);
    },
  );
  app.delete(
    '/v1/classification_list/:id',
    {
      config: manage,
      schema: { tags: listTags, params: idParam, response: { 200: message, ...errors } },
    },
    async (request) => lists.deleteList(app.db, request.ctx, app.files, request.params.id),
  );
  app.get(
    '/v1/classification_list/list/download/:id',
    {
      config: view,
      schema: { tags: listTags, summary: 'O CSV enviado (lista_classificacao.csv)', params: idParam },
    },
    async (request, reply) => {
      const file = await lists.listFile(app.db, request.params.id);
      return sendStoredFile(reply, app.files, file, 'lista_classificacao.csv');
    },
  );

  // ─── Certificate models ────────────────────────────────────────────────────────────────────────────────────
  const modelTags = ['Modelos de certificado'];
  app.get(
    '/v1/certificate_model',
    {
      config: view,
      schema: {
        tags: modelTags,
        summary: 'Um registro por acordo, com o seu modelo (ou null)',
        querystring: certificateModelDealQuery,
        response: { 200: certificateModelDealPageSchema },
      },
    },
    async (request) => models.listDeals(app.db, request.query),
  );
  app.get(
    '/v1/certificate_model/all',
    { config: view, schema: { tags: modelTags, response: { 200: certificateModelAllSchema } } },
    async () => models.allModels(app.db),
  );
  app.get(
    '/v1/certificate_model/:dealId',
    {
      config: view,
      schema: { tags: modelTags, params: dealIdParam, response: { 200: certificateModelSchema, ...errors } },
    },
    async (request) => models.getModel(app.db, request.params.dealId),
  );
  app.put(
    '/v1/certificate_model/:dealId',
    {
      config: manage,
      schema: {
        tags: modelTags,
        summary: 'Cria ou altera o modelo do acordo',
        params: dealIdParam,
        body: certificateModelInputSchema,
        response: { 200: certificateModelSchema, ...errors },
      },
    },
    async (request) => models.saveModel(app.db, request.ctx, request.params.dealId, request.body),
  );
}
