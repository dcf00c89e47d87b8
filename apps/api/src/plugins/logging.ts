import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * What never reaches the log, wherever it appears in a logged object: passwords, tokens, the session's bearer
 * header, cookies. pino replaces the value (the key stays, so a line still shows that one was sent).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.password_confirmation',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.secret',
  '*.client_secret',
  '*.code_verifier',
  '*.authorization',
];

// `code` and `state`: a cloud provider's return address (/assinatura-nuvem/retorno) carries them.
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|password|code|state)=)[^&#]*/gi;

/** A URL as logged: the values of secret-looking query parameters (a link's token) are hidden. */
export const loggedUrl = (url: string) => url.replace(SECRET_QUERY, '$1[oculto]');

/**
 * The pino settings of the server: the level, redaction, and a request serializer that logs the method, the URL
 * (secrets hidden), the route pattern and the client address. Every line logged through `request.log` carries the
 * request's id (`reqId`), the one the answer's `X-Request-Id` header gives back.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write: (line: string) => void },
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
    serializers: {
      req: (request: { method: string; url: string; routeOptions?: { url?: string }; ip?: string }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        route: request.routeOptions?.url,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
