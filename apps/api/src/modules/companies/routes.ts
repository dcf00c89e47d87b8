import { apiErrorSchema } from '@origem/contract/errors';
import { pageQuery } from '@origem/contract/paging';
import {
  companyFieldsSchema,
  companyOptionListSchema,
  companyPageSchema,
  companySchema,
  companySearchQuery,
  companyTypeParam,
} from '@origem/contract/schemas/companies';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { sendStoredFile } from '../../files/records';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import * as companies from './service';

const tags = ['Empresas'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'company.view' } as const;
const manage = { permission: 'company.manage' } as const;
const uploads = { social_contract: PDF_POLICY };
// The service refines the fields by the country (Brazil's id read from the database); the document shows them plain.
const companyForm = formBody({
  fields: companyFieldsSchema,
  files: { social_contract: 'Contrato social (PDF até 10 MB)' },
  json: true,
});
const formDoc =
  'multipart/form-data (ou JSON sem arquivo): os campos da empresa e, opcionalmente, o arquivo `social_contract` (PDF, até 10 MB); `remove_social_contract=true` remove o contrato social atual. `exporter_id` só é lido de usuários da equipe (admin, associação): as empresas de um exportador ou despachante são sempre dele.';

/** SPEC §7 Company: the exporters' address book (importers, manufacturers, intervenors). */
export async function companyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/company',
    { config: view, schema: { tags, querystring: pageQuery, response: { 200: companyPageSchema } } },
    async (request) => companies.listCompanies(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v2/company',
    {
      config: view,
      schema: { tags, querystring: companySearchQuery, response: { 200: companyPageSchema } },
    },
    async (request) => companies.searchCompanies(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v2/company/type/:type',
    {
      config: view,
      schema: {
        tags,
        summary: 'Empresas de um tipo (1 importador, 2 fabricante, 3 interveniente), para seleção',
        params: companyTypeParam,
        response: { 200: companyOptionListSchema, ...errors },
      },
    },
    async (request) => companies.companiesOfType(app.db, requireActor(request.ctx), request.params.type),
  );
  for (const kind of ['importer', 'intervenor'] as const) {
    app.get(
      `/v1/company/${kind}/deal_country/:id`,
      {
        config: view,
        schema: {
          tags,
          summary: `${kind === 'importer' ? 'Importadores' : 'Intervenientes'} situados nos países parceiros do acordo`,
          params: idParam,
          response: { 200: companyOptionListSchema, ...errors },
        },
      },
      async (request) =>
        companies.companiesForDeal(app.db, requireActor(request.ctx), kind, request.params.id),
    );
  }
  app.get(
    '/v1/company/social_contract/:id',
    { config: view, schema: { tags, summary: 'Contrato social (download)', params: idParam } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.files,
        await companies.socialContract(app.db, requireActor(request.ctx), request.params.id),
        'contrato_social',
      ),
  );
  app.get(
    '/v1/company/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: companySchema, ...errors } } },
    async (request) => companies.getCompany(app.db, requireActor(request.ctx), request.params.id),
  );
  app.post(
    '/v1/company',
    {
      config: manage,
      schema: { tags, description: formDoc, ...companyForm, response: { 201: companySchema, ...errors } },
    },
    async (request, reply) => {
      const form = await readForm(request, app.files, uploads);
      const company = await withUploads(app.files, form, ({ fields, files }) =>
        companies.createCompany(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          fields,
          files.social_contract,
        ),
      );
      return reply.status(201).send(company);
    },
  );
  app.post(
    '/v1/company/:id',
    {
      config: manage,
      schema: {
        tags,
        description: formDoc,
        ...companyForm,
        params: idParam,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, app.files, uploads);
      return withUploads(app.files, form, ({ fields, files }) =>
        companies.updateCompany(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          fields,
          files.social_contract,
        ),
      );
    },
  );
  app.delete(
    '/v1/company/:id',
    {
      config: manage,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) =>
      companies.deleteCompany(app.db, app.files, request.ctx, requireActor(request.ctx), request.params.id),
  );
}
