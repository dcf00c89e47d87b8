import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors, isDatabaseUnavailable, isStorageFull } from '../lib/errors';

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  return context === 'querystring' || context === 'params' ? context : '_';
}

/** One error handler: `{ code, message, errors? }`, Portuguese messages, and no internals on a 5xx. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx of ours (the object store down) is answered in Portuguese; the cause goes to the log for the operator.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.name);
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath, error.validationContext);
        const message = issue.message ?? messages.validationFailed;
        const list = errors[key] ?? [];
        if (!list.includes(message)) errors[key] = [...list, message];
      }
      return reply
        .status(422)
        .send({ code: ErrorCode.Validation, message: messages.validationFailed, errors });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: ErrorCode.RateLimited, message: messages.rateLimited });
    }
    if (error.statusCode === 415) {
      // A body in a format the route does not read (e.g. text/plain where JSON or multipart is expected).
      return reply
        .status(415)
        .send({ code: ErrorCode.UnsupportedMediaType, message: messages.unsupportedMediaType });
    }
    if (error.statusCode === 406) {
      // @fastify/multipart: an upload route sent something that is not multipart/form-data, or a bad JSON part.
      const message =
        error.code === 'FST_INVALID_JSON_FIELD_ERROR' ? messages.invalidJsonPart : messages.notMultipart;
      return reply.status(406).send({ code: ErrorCode.NotAcceptable, message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, body too large…: the client's fault, said in Portuguese.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413
          ? 'O arquivo ou conteúdo enviado excede o tamanho permitido.'
          : messages.validationFailed;
      return reply.status(error.statusCode).send({ code: ErrorCode.Validation, message });
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'file storage full');
      return reply.status(507).send({ code: ErrorCode.InsufficientStorage, message: messages.storageFull });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: ErrorCode.ServiceUnavailable, message: messages.unavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCode.Internal, message: messages.genericError });
  });
});
