import '@origem/contract/zod-locale';
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { type FileStorage, localStorage } from './files/storage';
import { MailSender } from './mail/sender';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { companyRoutes } from './modules/companies/routes';
import { dealRoutes } from './modules/deals/routes';
import { entityRoutes } from './modules/entities/routes';
import { healthRoutes } from './modules/health/routes';
import { legalRepresentativeRoutes } from './modules/legal-representatives/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { nomenclatureRoutes } from './modules/nomenclature/routes';
import { partyRoutes } from './modules/parties/routes';
import { preRegistrationRoutes } from './modules/pre-registrations/routes';
import { roleRoutes } from './modules/roles/routes';
import { userRoutes } from './modules/users/routes';
import { auditGuardPlugin } from './plugins/audit-guard';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    mail: MailSender;
    files: FileStorage;
  }
}

export type AppDeps = { config: Config; db: Database; logger?: boolean | object };

/** Builds the whole application without listening: the server and the tests use the same instance. */
export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('mail', new MailSender(db, app.log, config.smtpUrl, config.mailFrom));
  app.decorate('files', localStorage(path.resolve(config.dataDir, 'files')));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd injects its styles at runtime; the API reference page loads its bundle inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // Served over plain HTTP on intranets too; forcing https would break those installs.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  // Each upload route enforces its own, smaller cap while streaming (files/upload.ts); this is the outer bound.
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 5, fields: 100 } });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(auditGuardPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Origem API', version: '1.0.0', description: 'Certificados e declarações de origem' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, { routePrefix: '/docs' });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(auditRoutes);
  await app.register(entityRoutes);
  await app.register(lookupRoutes);
  await app.register(dealRoutes);
  await app.register(nomenclatureRoutes);
  await app.register(companyRoutes);
  await app.register(partyRoutes);
  await app.register(legalRepresentativeRoutes);
  await app.register(preRegistrationRoutes);

  registerSpa(app, config);
  return app;
}

/** The built SPA with history-mode fallback; API paths that match nothing stay JSON 404s. */
function registerSpa(app: FastifyInstance, config: Config): void {
  const root = path.resolve(config.webDist);
  const hasSpa = existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    app.register(fastifyStatic, { root, wildcard: false, index: false });
  }
  const isApi = (url: string) => /^\/(v1|v2|docs|health|ready)(\/|$|\?)/.test(url);
  app.setNotFoundHandler((request, reply) => {
    if (!hasSpa || isApi(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ code: 'NotFound', message: 'Registro não encontrado.' });
    }
    return reply.type('text/html').sendFile('index.html', root, { cacheControl: false });
  });
}
