import { ErrorCode } from '@origem/contract/error-codes';

export type FieldErrors = Record<string, string[]>;

/**
 * A failed call, rebuilt from the server's `{ code, message, errors? }`.
 *
 * The http client shows the SPEC §8 behaviour for it (dialog, list of messages…) at the end of the current task.
 * A caller that shows the error itself — a form placing `errors` next to its fields, a screen with its own
 * text — calls `markHandled()` right after catching it (before any other await), and the default display is skipped.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldErrors;
  readonly body: unknown;
  #handled = false;

  constructor(init: { status: number; code: string; message: string; errors?: FieldErrors; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.body = init.body;
  }

  /** `code === 'ValidationError'` (HTTP 422): `errors` maps field names to Portuguese messages. */
  get isValidation(): boolean {
    return this.code === ErrorCode.Validation;
  }

  /** Every field message, in field order, without repeats. */
  get fieldMessages(): string[] {
    return [...new Set(Object.values(this.errors).flat())];
  }

  get handled(): boolean {
    return this.#handled;
  }

  /** The caller shows this error itself; the client's default display is skipped. */
  markHandled(): this {
    this.#handled = true;
    return this;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * `.catch` for fire-and-forget actions (`void remove(row).catch(ignoreShownError)`): an ApiError was already
 * shown by the http client; anything else is a bug and is logged.
 */
export function ignoreShownError(error: unknown): void {
  if (!isApiError(error)) console.error(error);
}
