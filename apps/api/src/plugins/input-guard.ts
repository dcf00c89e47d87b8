import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertCleanInput } from '../lib/parse-input';

/**
 * The one edge check every route gets, before its schema and handler: text PostgreSQL cannot store (NUL, broken
 * Unicode) in a header, path parameter, query or JSON body is refused with 422, so it never reaches a query and
 * fails there as a 500. Multipart fields are read later, by files/upload.ts, which applies the same check.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    assertCleanInput(request.headers, 'headers');
    assertCleanInput(request.params, 'params');
    assertCleanInput(request.query, 'querystring');
    assertCleanInput(request.body, '_');
  });
});
