import { messages } from '@origem/contract/messages.pt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../lib/errors';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  idempotencyConflict,
  releaseKey,
  reserveKey,
  storeAnswer,
} from '../lib/idempotency';
import { sha256 } from '../lib/secrets';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * `Idempotency-Key` on every create (and any other mutation): a retry with the same key gets the first answer back
 * and changes nothing (lib/idempotency.ts). The key is reserved here before the handler runs, tied to its record in
 * the change's transaction, and given the answer just before it is sent.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    // An address no route answers (404) changes nothing: there is nothing to make idempotent, and its address, as
    // long as the caller likes, must not reach the table (a 500 once).
    if (header === undefined || !MUTATING.has(request.method) || request.is404) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !IDEMPOTENCY_KEY.test(key)) {
      throw invalid(
        { 'Idempotency-Key': ['Use até 100 letras, números ou os caracteres - _ . :'] },
        messages.validationFailed,
      );
    }
    const userId = request.actor?.id ?? 0;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    // Multipart bodies are read by the handler; their route and address identify the request.
    const body = request.isMultipart() ? '' : JSON.stringify(request.body ?? null);
    const fingerprint = sha256(`${route}\n${request.url}\n${body}`);
    const earlier = await reserveKey(app.db, { userId, key, route, fingerprint });
    if (!earlier) {
      request.ctx.idempotency = { userId, key, tied: false };
      return;
    }
    if (earlier.route !== route || earlier.fingerprint !== fingerprint) {
      throw idempotencyConflict('Esta chave de idempotência já foi usada em outra solicitação.');
    }
    if (earlier.status_code === null || earlier.response === null) {
      throw earlier.record_id === null
        ? idempotencyConflict('Esta solicitação já está sendo processada. Aguarde e atualize a página.')
        : idempotencyConflict('Esta solicitação já foi processada. Atualize a página para ver o resultado.', {
            record_type: earlier.record_type,
            record_id: earlier.record_id,
          });
    }
    reply.code(earlier.status_code).header(REPLAYED_HEADER, 'true');
    if (earlier.response) reply.type('application/json; charset=utf-8');
    return reply.send(earlier.response || undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.ctx?.idempotency;
    if (!claim || reply.getHeader(REPLAYED_HEADER)) return payload;
    if (reply.statusCode >= 300) {
      await releaseKey(app.db, claim);
      return payload;
    }
    const text =
      typeof payload === 'string' ? payload : payload === undefined || payload === null ? '' : null;
    // A streamed answer (a file) cannot be replayed: the record it made still ties the key.
    if (text !== null) await storeAnswer(app.db, claim, reply.statusCode, text);
    return payload;
  });
});
