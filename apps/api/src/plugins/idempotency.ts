import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { crashPoint } from '../lib/crash-point';
import { invalid } from '../lib/errors';
import {
  claimKey,
  findKey,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  idempotencyConflict,
  releaseKey,
  type StoredKey,
  storeAnswer,
} from '../lib/idempotency';
import { RequestTransaction, runInRequest } from '../lib/request-transaction';
import { sha256 } from '../lib/secrets';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const REPLAYED_HEADER = 'idempotent-replayed';

declare module 'fastify' {
  interface FastifyRequest {
    /** The transaction of a request with an `Idempotency-Key` (lib/request-transaction.ts). */
    requestTransaction?: RequestTransaction;
  }
}

/**
 * `Idempotency-Key` on every create (and any other mutation): a retry with the same key gets the first answer back
 * and changes nothing (lib/idempotency.ts). A request with a key runs in one transaction that claims the key first
 * and stores the answer last, so the change and its answer commit together or not at all — whatever instant the
 * process dies at.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  const db = opts.db;

  const replay = (reply: FastifyReply, earlier: StoredKey & { status_code: number }) => {
    reply.code(earlier.status_code).header(REPLAYED_HEADER, 'true');
    if (earlier.response) reply.type('application/json; charset=utf-8');
    return earlier.response || undefined;
  };

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
    const earlier = await findKey(db, userId, key);
    if (!earlier) {
      const claim = { userId, key, route, fingerprint, tied: false };
      request.ctx.idempotency = claim;
      request.requestTransaction = new RequestTransaction(db, { opened: (tx) => claimKey(tx, claim) });
      return;
    }
    if (earlier.route !== route || earlier.fingerprint !== fingerprint) {
      throw idempotencyConflict('Esta chave de idempotência já foi usada em outra solicitação.');
    }
    if (earlier.status_code === null) {
      // An answer that could not be kept (a streamed file): the record it made still names the key.
      throw idempotencyConflict(
        'Esta solicitação já foi processada. Atualize a página para ver o resultado.',
        {
          record_type: earlier.record_type,
          record_id: earlier.record_id,
        },
      );
    }
    return reply.send(replay(reply, { ...earlier, status_code: earlier.status_code }));
  });

  // Every handler runs with its request's transaction in scope (when it has one).
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const transaction = request.requestTransaction;
      return transaction
        ? runInRequest(transaction, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    } as RouteHandlerMethod;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const transaction = request.requestTransaction;
    const claim = request.ctx?.idempotency;
    if (!transaction || !claim || reply.getHeader(REPLAYED_HEADER)) return payload;
    if (transaction.superseded) {
      // Another request with this key committed while this one ran: its answer is this one's.
      const earlier = await findKey(db, claim.userId, claim.key);
      if (earlier?.status_code != null && earlier.fingerprint === claim.fingerprint) {
        return replay(reply, { ...earlier, status_code: earlier.status_code });
      }
      return payload;
    }
    const text =
      typeof payload === 'string' ? payload : payload === undefined || payload === null ? '' : null;
    const status = reply.statusCode;
    try {
      await transaction.commit(async (tx) => {
        // A refusal that changed nothing frees the key for the corrected request; anything else keeps its answer
        // (a streamed one cannot be kept: the record still names the key).
        if (status >= 400 && !transaction.changed) await releaseKey(tx, claim);
        else if (text !== null) await storeAnswer(tx, claim, status, text);
        crashPoint('before-commit', claim.key);
      });
    } catch (err) {
      request.log.error({ err }, 'idempotent request: commit failed');
      reply.code(503).type('application/json; charset=utf-8');
      return JSON.stringify({ code: ErrorCode.ServiceUnavailable, message: messages.unavailable });
    }
    crashPoint('after-commit', claim.key);
    return payload;
  });

  // A request that never reached its answer (the client went away mid-handler and nothing was sent) must not keep
  // its connection in an open transaction.
  app.addHook('onResponse', async (request) => {
    await request.requestTransaction?.rollback().catch((err) => {
      request.log.error({ err }, 'idempotent request: rollback failed');
    });
  });
});
