import { apiErrorSchema } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { listOf } from '@origem/contract/paging';
import { idParam } from '@origem/contract/schemas/fields';
import {
  associationOptionSchema,
  associationsQuery,
  countryOptionSchema,
  federationOptionSchema,
  pendencyQuery,
  pendencyViewSchema,
  preRegistrationInputSchema,
  preRegistrationListItemSchema,
  preRegistrationListQuery,
  preRegistrationPageSchema,
  preRegistrationSchema,
  profileTypeOptionSchema,
  reasonSchema,
  taxIdRefusalSchema,
} from '@origem/contract/schemas/pre-registrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../documents/pdf/send';
import { readForm, withUploads } from '../../files/form';
import { sendStoredFile } from '../../files/records';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { formBody } from '../../lib/form-doc';
import { parseInput } from '../../lib/parse-input';
import { publicRateLimit } from '../../lib/rate-limit';
import { verifyRecaptcha } from '../../lib/recaptcha';
import * as preRegistrations from './service';

const tags = ['Pré-cadastro'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'pre_registration.view' } as const;
const analyse = { permission: 'pre_registration.analyse' } as const;
const BASE = '/v1/pre_registration';
const uploads = { social_contract: PDF_POLICY };
const decided = z.object({ message: z.string(), pre_registration: preRegistrationSchema });
const formDoc =
  'multipart/form-data: os dados do solicitante (perfil, tipo de pessoa, CPF ou CNPJ, nome, e-mail, telefone, endereço, federação e associação) e o arquivo `social_contract` (PDF, até 10 MB).';

/** SPEC §7 Pre-registration: the public sign-up calls (no token) and the staff's analysis. */
export async function preRegistrationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicLimit = publicRateLimit(app.config);
  const publicRead = { public: true } as const;

  app.get(
    `${BASE}/federation/all`,
    { config: publicRead, schema: { tags, security: [], response: { 200: listOf(federationOptionSchema) } } },
    async () => preRegistrations.publicFederations(app.db),
  );
  app.get(
    `${BASE}/trade_association/all`,
    {
      config: publicRead,
      schema: {
        tags,
        security: [],
        querystring: associationsQuery,
        response: { 200: listOf(associationOptionSchema) },
      },
    },
    async (request) => preRegistrations.publicAssociations(app.db, request.query.federation_id),
  );
  app.get(
    `${BASE}/profile_type/all`,
    {
      config: publicRead,
      schema: { tags, security: [], response: { 200: listOf(profileTypeOptionSchema) } },
    },
    async () => preRegistrations.profileTypes(),
  );
  app.get(
    `${BASE}/country/language/:id`,
    {
      config: publicRead,
      schema: {
        tags,
        security: [],
        params: idParam,
        summary: 'Países, com os nomes no idioma informado (hoje, em português para todos)',
        response: { 200: listOf(countryOptionSchema), 404: apiErrorSchema },
      },
    },
    async (request) => preRegistrations.countriesForLanguage(app.db, request.params.id),
  );

  app.post(
    BASE,
    {
      config: { public: true, rateLimit: publicLimit },
      schema: {
        tags,
        security: [],
        summary: 'Envia um pré-cadastro (251: CPF/CNPJ já cadastrado; 252: em análise)',
        description: formDoc,
        ...formBody({
          fields: preRegistrationInputSchema,
          files: { social_contract: 'Contrato social (PDF até 10 MB)' },
          requiredFiles: ['social_contract'],
        }),
        response: {
          201: pendencyViewSchema,
          251: taxIdRefusalSchema,
          252: taxIdRefusalSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, app.files, uploads);
      const created = await withUploads(app.files, form, async ({ fields, files }) => {
        const input = parseInput(preRegistrationInputSchema, fields);
        if (!(await verifyRecaptcha(app.config.recaptchaSecret, input.recaptchaToken, request.ip))) {
          throw fieldError('recaptchaToken', messages.auth.recaptcha);
        }
        return preRegistrations.createPreRegistration(
          app.db,
          app.files,
          request.ctx,
          input,
          files.social_contract,
        );
      });
      void app.mail.flush();
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${BASE}/pendency/:id`,
    {
      config: { public: true, rateLimit: publicLimit },
      schema: {
        tags,
        security: [],
        summary: 'Dados e motivo da pendência, pelo link enviado ao solicitante',
        params: idParam,
        querystring: pendencyQuery,
        response: { 200: pendencyViewSchema, 404: apiErrorSchema },
      },
    },
    async (request) => preRegistrations.getPendency(app.db, request.params.id, request.query.token),
  );

  app.get(
    BASE,
    {
      config: view,
      schema: { tags, querystring: preRegistrationListQuery, response: { 200: preRegistrationPageSchema } },
    },
    async (request) =>
      preRegistrations.listPreRegistrations(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    `${BASE}/all`,
    { config: view, schema: { tags, response: { 200: listOf(preRegistrationListItemSchema) } } },
    async (request) => preRegistrations.allPreRegistrations(app.db, requireActor(request.ctx)),
  );
  app.get(
    `${BASE}/:id`,
    { config: view, schema: { tags, params: idParam, response: { 200: preRegistrationSchema, ...errors } } },
    async (request) =>
      preRegistrations.getPreRegistration(app.db, requireActor(request.ctx), request.params.id),
  );
  app.get(
    `${BASE}/social_contract/:id`,
    { config: view, schema: { tags, params: idParam, summary: 'Baixa o contrato social (contrato_social)' } },
    async (request, reply) => {
      const file = await preRegistrations.socialContract(
        app.db,
        requireActor(request.ctx),
        request.params.id,
      );
      return sendStoredFile(reply, app.files, file, 'contrato_social');
    },
  );

  app.get(
    `${BASE}/receipt/:id`,
    {
      config: view,
      schema: {
        tags,
        params: idParam,
        summary: 'Comprovante do pré-cadastro em PDF (comprovante-pre-cadastro-{id}.pdf)',
        response: { 404: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const pdf = await preRegistrations.receipt(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      return sendPdf(reply, pdf, `comprovante-pre-cadastro-${request.params.id}.pdf`);
    },
  );

  app.post(
    `${BASE}/:id`,
    {
      // Public with the applicant's pendency token (form field `token`); otherwise the staff's permission.
      config: { public: true, permission: 'pre_registration.analyse', rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Edita um pré-cadastro (equipe) ou envia as correções da pendência (token)',
        description: `${formDoc} Com \`token\` (o do link de pendência), o pré-cadastro volta para ENVIADO; o arquivo é opcional.`,
        ...formBody({
          fields: preRegistrationInputSchema,
          files: { social_contract: 'Contrato social (PDF até 10 MB)' },
        }),
        params: idParam,
        response: {
          200: z.object({ message: z.string(), pre_registration: pendencyViewSchema }),
          251: taxIdRefusalSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const form = await readForm(request, app.files, uploads);
      return withUploads(app.files, form, ({ fields, files }) =>
        preRegistrations.updatePreRegistration(
          app.db,
          app.files,
          request.ctx,
          request.params.id,
          parseInput(preRegistrationInputSchema, fields),
          files.social_contract,
        ),
      );
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: analyse,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) =>
      preRegistrations.deletePreRegistration(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      ),
  );

  app.post(
    `${BASE}/approve/:id`,
    {
      config: analyse,
      schema: {
        tags,
        summary: 'Aprova: cria o exportador ou despachante e o usuário (253: aprovação recusada)',
        params: idParam,
        response: { 200: decided, 253: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await preRegistrations.approvePreRegistration(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      void app.mail.flush();
      return answer;
    },
  );
  app.post(
    `${BASE}/pendency/:id`,
    {
      config: analyse,
      schema: { tags, params: idParam, body: reasonSchema, response: { 200: decided, ...errors } },
    },
    async (request) => {
      const answer = await preRegistrations.markPendency(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body.reason,
      );
      void app.mail.flush();
      return answer;
    },
  );
  app.post(
    `${BASE}/reprove/:id`,
    {
      config: analyse,
      schema: { tags, params: idParam, body: reasonSchema, response: { 200: decided, ...errors } },
    },
    async (request) => {
      const answer = await preRegistrations.reprovePreRegistration(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body.reason,
      );
      void app.mail.flush();
      return answer;
    },
  );
}
