import type { FastifyInstance } from 'fastify';

/** SPEC §7 Company (issue 4). */
export async function companyRoutes(_app: FastifyInstance): Promise<void> {}
