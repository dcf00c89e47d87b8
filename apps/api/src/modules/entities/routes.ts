import type { FastifyInstance } from 'fastify';
import { associationRoutes } from './associations.routes';
import { confederationRoutes } from './confederations.routes';
import { federationRoutes } from './federations.routes';

/** The entity hierarchy (DOMAIN.md §1): confederations (/v2), federations and trade associations (/v1). */
export async function entityRoutes(app: FastifyInstance): Promise<void> {
  await app.register(confederationRoutes);
  await app.register(federationRoutes);
  await app.register(associationRoutes);
}
