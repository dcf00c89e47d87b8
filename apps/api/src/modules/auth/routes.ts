import { apiErrorSchema, SpecialStatus } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import {
  mfaRequiredSchema,
  OAUTH_CLIENT_ID,
  resetLinkCheckSchema,
  resetPasswordSchema,
  saveNewPasswordSchema,
  sendNewPasswordSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userDetailSchema,
} from '@origem/contract/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import { publicRateLimit } from '../../lib/rate-limit';
import { verifyRecaptcha } from '../../lib/recaptcha';
import * as auth from './service';

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tokenRateLimit = { max: app.config.rateLimitPerMinute, timeWindow: '1 minute' };
  const publicLimit = publicRateLimit(app.config);

  // Tokens, the session user and password answers must never sit in a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // OAuth clients post forms; the SPA posts JSON. Both reach the same schema.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/v1/oauth/token',
    {
      config: { public: true, rateLimit: tokenRateLimit, audit: false },
      schema: {
        tags: ['Autenticação'],
        summary: 'Emite um token (password, mfa ou refresh_token)',
        description:
          'Para um usuário com verificação em duas etapas, `password` responde 401 `MfaRequired` com `mfa_token`; ' +
          'o cliente envia então `grant_type: mfa` com `mfa_token` e `code` (do aplicativo ou de recuperação).',
        security: [],
        body: tokenRequestSchema,
        response: {
          200: tokenResponseSchema,
          401: z.union([mfaRequiredSchema, apiErrorSchema]),
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.client_id !== OAUTH_CLIENT_ID)
        throw new AppError(401, 'InvalidClient', messages.auth.invalidClient);
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) throw invalid({ refresh_token: [messages.field.required] });
        return auth.refreshSession(app.db, request.ctx, body.refresh_token, app.config.sessionLimits);
      }
      if (body.grant_type === 'mfa') {
        const missing: Record<string, string[]> = {};
        if (!body.mfa_token) missing.mfa_token = [messages.field.required];
        if (!body.code) missing.code = [messages.field.required];
        if (Object.keys(missing).length > 0) throw invalid(missing);
        const tokens = await auth.loginWithMfa(app.db, request.ctx, body.mfa_token ?? '', body.code ?? '');
        void app.mail.flush();
        return tokens;
      }
      const errors: Record<string, string[]> = {};
      if (!body.username) errors.username = [messages.field.required];
      if (!body.password) errors.password = [messages.field.required];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      if (!(await verifyRecaptcha(app.config.recaptchaSecret, body.recaptchaToken, request.ip))) {
        throw new AppError(401, 'InvalidCredentials', messages.auth.recaptcha);
      }
      const tokens = await auth.loginWithPassword(
        app.db,
        request.ctx,
        body.username ?? '',
        body.password ?? '',
      );
      void app.mail.flush();
      return tokens;
    },
  );

  app.delete(
    '/v1/oauth/token',
    {
      config: { permission: 'authenticated', mfaEnrollment: true },
      schema: { tags: ['Autenticação'], summary: 'Encerra a sessão' },
    },
    async (request, reply) => {
      await auth.logout(app.db, request.ctx, requireActor(request.ctx));
      return reply.status(204).send();
    },
  );

  app.get(
    '/v1/user/detail',
    {
      config: { permission: 'authenticated', mfaEnrollment: true },
      schema: { tags: ['Autenticação'], summary: 'Usuário da sessão', response: { 200: userDetailSchema } },
    },
    async (request) => auth.userDetail(app.db, requireActor(request.ctx)),
  );

  app.post(
    '/v1/user/send_new_password',
    {
      config: { public: true, rateLimit: publicLimit, audit: false },
      schema: {
        tags: ['Autenticação'],
        summary: 'Envia por e-mail um link para redefinir a senha',
        security: [],
        body: sendNewPasswordSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(app.db, request.ctx, request.body.email);
      void app.mail.flush();
      return { message: messages.auth.resetRequested };
    },
  );

  app.post(
    '/v1/user/save_new_password',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['Autenticação'],
        summary: 'Troca a senha (204; 231 quando a senha atual está errada)',
        body: saveNewPasswordSchema,
      },
    },
    async (request, reply) => {
      const changed = await auth.changePassword(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.body.password,
        request.body.new_password,
      );
      if (!changed) {
        return reply.status(SpecialStatus.WrongCurrentPassword).send({
          code: 'WrongPassword',
          message: messages.auth.wrongCurrentPassword,
          errors: { password: [messages.auth.wrongCurrentPassword] },
        });
      }
      return reply.status(SpecialStatus.NoContent).send();
    },
  );

  app.post(
    '/v1/user/reset_password/check',
    {
      // A question, not a change: nothing to audit.
      config: { public: true, rateLimit: publicLimit, audit: false },
      schema: {
        tags: ['Autenticação'],
        summary: 'Diz se o link de definição de senha ainda vale (204) ou não (422), sem usá-lo',
        security: [],
        body: resetLinkCheckSchema,
      },
    },
    async (request, reply) => {
      await auth.assertResetLinkUsable(app.db, request.body.token);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/user/reset_password',
    {
      config: { public: true, rateLimit: publicLimit },
      schema: {
        tags: ['Autenticação'],
        summary: 'Define a senha pelo link enviado por e-mail',
        security: [],
        body: resetPasswordSchema,
      },
    },
    async (request, reply) => {
      await auth.resetPassword(app.db, request.ctx, request.body.token, request.body.new_password);
      return reply.status(204).send();
    },
  );
}
