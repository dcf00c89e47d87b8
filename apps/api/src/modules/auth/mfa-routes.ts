import { apiErrorSchema } from '@origem/contract/errors';
import {
  mfaCodeSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  recoveryCodesSchema,
} from '@origem/contract/schemas/account';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../lib/context';
import * as mfa from './mfa-service';

const tags = ['Minha conta'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** The second factor of the session user ("Minha conta"), and an administrator's reset of another user's. */
export async function mfaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The secret and the recovery codes must never sit in a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/v1/account/mfa',
    {
      config: { permission: 'authenticated', mfaEnrollment: true },
      schema: { tags, summary: 'Situação da verificação em duas etapas', response: { 200: mfaStatusSchema } },
    },
    async (request) => mfa.mfaStatus(app.db, requireActor(request.ctx)),
  );

  app.post(
    '/v1/account/mfa/setup',
    {
      config: { permission: 'authenticated', mfaEnrollment: true },
      schema: {
        tags,
        summary: 'Gera o segredo (QR code) a confirmar com um código',
        response: { 200: mfaSetupSchema, ...errors },
      },
    },
    async (request) => mfa.startMfaSetup(app.db, request.ctx, requireActor(request.ctx)),
  );

  app.post(
    '/v1/account/mfa/enable',
    {
      config: { permission: 'authenticated', mfaEnrollment: true },
      schema: {
        tags,
        summary: 'Ativa a verificação com um código do aplicativo; devolve os códigos de recuperação',
        body: mfaCodeSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => mfa.enableMfa(app.db, request.ctx, requireActor(request.ctx), request.body.code),
  );

  app.post(
    '/v1/account/mfa/disable',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Desativa a verificação (pede um código)',
        body: mfaCodeSchema,
      },
    },
    async (request, reply) => {
      await mfa.disableMfa(app.db, request.ctx, requireActor(request.ctx), request.body.code);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/account/mfa/recovery-codes',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Gera novos códigos de recuperação (os anteriores deixam de valer)',
        body: mfaCodeSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      mfa.regenerateRecoveryCodes(app.db, request.ctx, requireActor(request.ctx), request.body.code),
  );

  app.post(
    '/v1/user/:id/mfa/reset',
    {
      config: { permission: 'user.manage' },
      schema: {
        tags: ['Usuários'],
        summary: 'Redefine a verificação em duas etapas do usuário (encerra as sessões e avisa por e-mail)',
        params: idParam,
      },
    },
    async (request, reply) => {
      await mfa.resetUserMfa(app.db, request.ctx, requireActor(request.ctx), request.params.id);
      void app.mail.flush();
      return reply.status(204).send();
    },
  );
}
