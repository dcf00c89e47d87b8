import type { FastifyInstance } from 'fastify';

/** SPEC §7 Exporter and Dispatcher (issue 4). */
export async function partyRoutes(_app: FastifyInstance): Promise<void> {}
