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
