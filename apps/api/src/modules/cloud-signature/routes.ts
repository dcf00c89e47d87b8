import { apiErrorSchema } from '@origem/contract/errors';
import type { Permission } from '@origem/contract/permissions';
import {
  CLOUD_SIGNATURE_CALLBACK_PATH,
  cloudAttemptSchema,
  cloudCallbackRefusalSchema,
  cloudCallbackResultSchema,
  cloudCallbackSchema,
  cloudDiscoverySchema,
  cloudProviderCreateSchema,
  cloudProviderListSchema,
  cloudProviderSavedSchema,
  cloudProviderUpdateSchema,
  cloudStartSchema,
} from '@origem/contract/schemas/cloud-signature';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import * as attempts from './attempt-service';
import * as providers from './provider-service';
import type { Purpose } from './targets';

const tags = ['Assinatura em nuvem'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const refusals = {
  ...errors,
  409: cloudCallbackRefusalSchema,
  422: cloudCallbackRefusalSchema,
  503: cloudCallbackRefusalSchema,
};
// The providers are the platform's (the service checks the administrator); never through a personal API token.
const admin = { permission: 'system.cloud_signature', apiToken: false } as const;
const PROVIDERS = '/v1/cloud_signature/provider';

const flowDoc =
  'Assinatura com certificado em nuvem (PSC da ICP-Brasil, DOC-ICP-17.01 §6.4): GET consulta, em cada provedor ' +
  'cadastrado, se o CPF de quem deve assinar tem certificado lá (user discovery); POST inicia uma tentativa com o ' +
  'provedor escolhido (PKCE S256, `state` de 256 bits ligado ao usuário, ao documento e à assinatura; vale 10 minutos; ' +
  'uma nova substitui as anteriores) e devolve o endereço de autorização do provedor, para onde o navegador vai. O ' +
  `provedor devolve o navegador a APP_URL + ${CLOUD_SIGNATURE_CALLBACK_PATH}, e a tela envia o retorno a ` +
  'POST /v1/cloud_signature/callback.';

/** Issue 38: cloud signature providers (settings) and the signing flow through them. */
export async function cloudSignatureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Attempts and provider settings must never sit in a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    PROVIDERS,
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Os provedores de assinatura em nuvem (os do CLOUD_SIGNATURE_PROVIDERS e os cadastrados) e o endereço de retorno a registrar neles',
        response: { 200: cloudProviderListSchema, ...errors },
      },
    },
    async (request) => providers.listProviders(app.db, requireActor(request.ctx), app.config),
  );

  app.post(
    PROVIDERS,
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Cadastra um provedor: nome, endereço base terminado em /v0 (https), client_id e client_secret (guardado selado, nunca devolvido)',
        body: cloudProviderCreateSchema,
        response: { 201: cloudProviderSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await providers.createProvider(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        app.config,
        request.body,
      );
      return reply.status(201).send(saved);
    },
  );

  app.put(
    `${PROVIDERS}/:id`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Altera um provedor cadastrado (client_secret vazio mantém o guardado)',
        params: idParam,
        body: cloudProviderUpdateSchema,
        response: { 200: cloudProviderSavedSchema, ...errors },
      },
    },
    async (request) =>
      providers.updateProvider(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        app.config,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    `${PROVIDERS}/:id`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Exclui um provedor cadastrado',
        params: idParam,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) =>
      providers.deleteProvider(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  const signing: [path: string, purpose: Purpose, permission: Permission, summary: string][] = [
    [
      '/v1/certificate/first/signature/cloud/:id',
      'certificate_first',
      'certificate.create',
      'Primeira assinatura com certificado em nuvem (responsável legal do exportador, sobre #COD)',
    ],
    [
      '/v1/certificate/second/signature/cloud/:id',
      'certificate_second',
      'certificate.sign_entity',
      'Segunda assinatura com certificado em nuvem (usuário da entidade, pelo seu CPF, sobre #CODEH)',
    ],
    [
      '/v1/declaration/signature/cloud/:id',
      'declaration',
      'declaration.create',
      'Assinatura da declaração com certificado em nuvem (responsável legal, sobre #Declaration)',
    ],
  ];
  for (const [path, purpose, permission, summary] of signing) {
    // The attempt belongs to the session in the browser that goes to the provider: never an API token.
    const config = { permission, apiToken: false } as const;
    app.get(
      path,
      {
        config,
        schema: {
          tags,
          params: idParam,
          summary: `${summary}: quem assina e os provedores que guardam o seu certificado`,
          description: flowDoc,
          response: { 200: cloudDiscoverySchema, ...errors },
        },
      },
      async (request) =>
        attempts.discover(
          app.db,
          request.ctx,
          app.config,
          requireActor(request.ctx),
          purpose,
          request.params.id,
        ),
    );
    app.post(
      path,
      {
        config,
        schema: {
          tags,
          params: idParam,
          body: cloudStartSchema,
          summary: `${summary}: inicia a tentativa com o provedor escolhido`,
          description: flowDoc,
          response: { 200: cloudAttemptSchema, ...errors },
        },
      },
      async (request) =>
        attempts.start(
          app.db,
          request.ctx,
          app.config,
          requireActor(request.ctx),
          purpose,
          request.params.id,
          request.body.provider,
        ),
    );
  }

  app.post(
    '/v1/cloud_signature/callback',
    {
      config: { permission: 'authenticated', apiToken: false },
      schema: {
        tags,
        body: cloudCallbackSchema,
        summary:
          'O retorno do provedor (code e state, ou error): troca o código, confere o certificado, assina e conclui a assinatura',
        description:
          'A tentativa é usada uma vez, qualquer que seja a resposta do provedor. Recusas em português, com o documento ' +
          '(`document`, `record_id`) quando a tentativa é conhecida: titular recusou, tentativa expirada (422), já usada ' +
          '(409), `state` desconhecido ou de outro usuário, certificado de outro CPF, assinatura que não confere (422); ' +
          'provedor fora do ar ou sem resposta (503). Nada muda no documento em nenhum desses casos.',
        response: { 200: cloudCallbackResultSchema, ...refusals },
      },
    },
    async (request) =>
      attempts.complete(app.db, app.files, app.config, request.ctx, requireActor(request.ctx), request.body),
  );
}
