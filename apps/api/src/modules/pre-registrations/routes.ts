import type { FastifyInstance } from 'fastify';

/** SPEC §7 Pre-registration (issue 4). */
export async function preRegistrationRoutes(_app: FastifyInstance): Promise<void> {}
