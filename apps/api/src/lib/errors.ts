import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';

export type FieldErrors = Record<string, string[]>;

/** The one error type services throw; the error handler turns it into `{ code, message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    /** More fields for the answer's body, e.g. the support channels of a 251. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, ErrorCode.NotFound, messages.notFound);
export const forbidden = (message: string = messages.forbidden) =>
  new AppError(403, ErrorCode.Forbidden, message);
export const unauthenticated = (message: string = messages.unauthenticated) =>
  new AppError(401, ErrorCode.Unauthenticated, message);
/** 503: the database is out of reach for now (down, restarting, out of connections); the client may retry. */
export const unavailable = () => new AppError(503, ErrorCode.ServiceUnavailable, messages.unavailable);
/** A 422 carrying field messages, shown next to the fields. */
export const invalid = (errors: FieldErrors, message: string = messages.validationFailed) =>
  new AppError(422, ErrorCode.Validation, message, errors);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] }, message);
/** A refusal that is not about one field (e.g. "in use"): 409 with the reason. */
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message);

/**
 * True when the database refused a write because of `constraint` (a unique index or a foreign key). Drizzle wraps
 * the driver's error, so the cause chain is searched. Services use it where a check-then-write can lose a race.
 */
export function violatesConstraint(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
  }
  return false;
}

/** The PostgreSQL error behind a failed write (Drizzle wraps the driver's), or null. */
export function databaseError(err: unknown): { code?: string; constraint?: string } | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
  }
  return null;
}

export const isForeignKeyViolation = (err: unknown) => databaseError(err)?.code === '23503';

/**
 * True when a query failed because the database could not be reached or served it for now, not because of the
 * query: no connection (refused, reset, timed out), the server shutting down or out of resources (SQLSTATE
 * classes 08, 57P and 53), the statement timeout or a lock timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = databaseError(err)?.code;
  // 57014: cancelled, by the statement timeout (db/client.ts) or an operator; 55P03: a lock not granted in time;
  // class 53: the server out of resources (connections, memory, its own disk).
  if (code) return /^(08|57P|53)/.test(code) || code === '57014' || code === '55P03';
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code: sys, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof sys === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(sys)
    )
      return true;
    // node-postgres' own wording for a connection lost or never made.
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/**
 * True when a file could not be written because its disk (or the user's quota) is full: the upload answers 507 in
 * Portuguese and records nothing, rather than a 500.
 */
export function isStorageFull(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}
