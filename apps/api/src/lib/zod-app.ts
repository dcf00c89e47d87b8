import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance a route module registers on: `fastify.withTypeProvider<ZodTypeProvider>()`. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;
/** Who may call a route (plugins/auth.ts reads it from the route's config). */
export type RouteAccess = Pick<FastifyContextConfig, 'permission' | 'public' | 'audit'>;
