import { useSecretsKey } from './lib/sealed';
import '@origem/contract/zod-locale';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { type Config, trustProxyOption } from './config';
import type { Database } from './db/client';
import { openStorage } from './files/open-storage';
import type { FileStorage } from './files/storage';
import { createJobRunner } from './jobs';
import type { JobRunner } from './jobs/runner';
import { withFormBodies } from './lib/form-doc';
import { databaseRateLimitStore } from './lib/rate-limit';
import { afterCommit, scopedDatabase } from './lib/request-transaction';
import { MAIL_JOB } from './mail/outbox';
import { API_GUIDE, API_TOKEN_SCHEME, withApiTokenMarks } from './modules/api-tokens/openapi';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { auditRoutes } from './modules/audit/routes';
import { mfaRoutes } from './modules/auth/mfa-routes';
import { authRoutes } from './modules/auth/routes';
import { certificateImportRoutes } from './modules/certificate-imports/routes';
import { certificateRoutes } from './modules/certificates/routes';
import { cloudSignatureRoutes } from './modules/cloud-signature/routes';
import { companyRoutes } from './modules/companies/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dealRoutes } from './modules/deals/routes';
import { declarationLinkRoutes } from './modules/declaration-links/routes';
import { declarationRoutes } from './modules/declarations/routes';
import { dispatcherLinkRoutes } from './modules/dispatcher-links/routes';
import { entityRoutes } from './modules/entities/routes';
import { healthRoutes } from './modules/health/routes';
import { jobRoutes } from './modules/jobs/routes';
import { legalRepresentativeRoutes } from './modules/legal-representatives/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { nomenclatureRoutes } from './modules/nomenclature/routes';
import { partyRoutes } from './modules/parties/routes';
import { preRegistrationRoutes } from './modules/pre-registrations/routes';
import { reportRoutes } from './modules/reports/routes';
import { roleRoutes } from './modules/roles/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { signatureRoutes } from './modules/signatures/routes';
import { signerRoutes } from './modules/signer/routes';
import { userRoutes } from './modules/users/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { apiReferenceRoutes } from './plugins/api-reference';
import { auditGuardPlugin } from './plugins/audit-guard';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { inputGuardPlugin } from './plugins/input-guard';
import { loggerOptions } from './plugins/logging';
import { metricsPlugin } from './plugins/metrics';
import { record5xxPlugin } from './plugins/record-5xx';
import { requestIdFor, securityHeadersPlugin } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** The background worker (mail, sweeps, expiry, documents). */
    jobs: JobRunner;
    /** Delivers the queued mail now (routes call it after a change that e-mails; tests await it). */
    mail: { flush: () => Promise<number> };
    files: FileStorage;
  }
}

export type AppDeps = {
  config: Config;
  db: Database;
  /** false: no log (tests); otherwise the server's settings, writing to `logStream` when given. */
  logger?: false;
  logStream?: { write: (line: string) => void };
  /** The PostgreSQL pool, for the metrics of its use. */
  pool?: Pool;
};

/** Builds the whole application without listening: the server and the tests use the same instance. */
export async function buildApp({ config, db, logger, logStream, pool }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config, logStream),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Routes reach the database through the request's transaction when it has one (plugins/idempotency.ts).
  app.decorate('db', scopedDatabase(db));
  app.decorate('config', config);
  useSecretsKey(config.secretsKey);
  if (config.production && !config.secretsKey) {
    app.log.warn('SECRETS_KEY não definida: sementes do 2FA e segredos de webhooks ficam legíveis no banco');
  }
  const files = await openStorage(config.storage);
  const jobs = createJobRunner(db, app.log, config, files);
  app.decorate('jobs', jobs.runner);
  // A flush asked for inside a request's transaction waits for its commit: the mail it sends is written there.
  app.decorate('mail', { flush: () => afterCommit(() => jobs.runner.runDue([MAIL_JOB])) });
  app.addHook('onClose', async () => {
    await jobs.runner.stop();
    jobs.close();
  });
  app.decorate('files', files);
  // The policy (ours, with nonces where a page needs them), helmet's headers, the request id, HSTS over TLS.
  await app.register(securityHeadersPlugin);
  await app.register(metricsPlugin, { pool });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  // Each upload route enforces its own, smaller cap while streaming (files/upload.ts); this is the outer bound.
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 5, fields: 100 } });
  await app.register(record5xxPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin, { db });
  await app.register(auditGuardPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Origem API', version: '1.0.0', description: API_GUIDE },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apiToken: API_TOKEN_SCHEME },
      },
      security: [{ bearer: [] }],
    },
    transform: withApiTokenMarks(withFormBodies(jsonSchemaTransform)),
  });
  await app.register(apiReferenceRoutes);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(apiTokenRoutes);
  await app.register(auditRoutes);
  await app.register(entityRoutes);
  await app.register(lookupRoutes);
  await app.register(dealRoutes);
  await app.register(nomenclatureRoutes);
  await app.register(companyRoutes);
  await app.register(partyRoutes);
  await app.register(legalRepresentativeRoutes);
  await app.register(dispatcherLinkRoutes);
  await app.register(preRegistrationRoutes);
  await app.register(declarationRoutes);
  await app.register(declarationLinkRoutes);
  await app.register(certificateRoutes);
  await app.register(certificateImportRoutes);
  await app.register(signerRoutes);
  await app.register(cloudSignatureRoutes);
  await app.register(signatureRoutes);
  await app.register(jobRoutes);
  await app.register(reportRoutes);
  await app.register(dashboardRoutes);
  await app.register(webhookRoutes);

  registerSpa(app, config);
  return app;
}
