import type { FastifyInstance } from 'fastify';

/** SPEC §7 Legal representative (issue 4). */
export async function legalRepresentativeRoutes(_app: FastifyInstance): Promise<void> {}
