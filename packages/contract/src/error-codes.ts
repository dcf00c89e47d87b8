// Plain constants, apart from errors.ts's zod schema: the web's first screen reads them without loading zod.

/** Machine-readable error codes shared by the API and the web client. */
export const ErrorCode = {
  Validation: 'ValidationError',
  Unauthenticated: 'Unauthenticated',
  Forbidden: 'Forbidden',
  NotFound: 'NotFound',
  Conflict: 'Conflict',
  RateLimited: 'RateLimited',
  /** 415: a body in a format the route does not read. */
  UnsupportedMediaType: 'UnsupportedMediaType',
  /** 406: an upload route that needs multipart/form-data got something else. */
  NotAcceptable: 'NotAcceptable',
  BadRequest: 'BadRequest',
  PayloadTooLarge: 'PayloadTooLarge',
  Internal: 'InternalError',
  WrongPassword: 'WrongPassword',
  AccountLocked: 'AccountLocked',
  InvalidCredentials: 'InvalidCredentials',
  /** 401 of the password grant: the password was right, the second factor is still needed (`mfa_token`). */
  MfaRequired: 'MfaRequired',
  /** 401 of the mfa grant: a wrong, replayed or expired code. */
  InvalidMfaCode: 'InvalidMfaCode',
  /** 403: the session may only enrol a second factor, which the user's role requires. */
  MfaEnrollmentRequired: 'MfaEnrollmentRequired',
  /** A workflow action the record's current state (or the user's side of it) does not allow. */
  FlowActionRefused: 'FlowActionRefused',
  /** An `Idempotency-Key` reused on another request, or whose first answer is not available. */
  IdempotencyConflict: 'IdempotencyConflict',
  /**
   * 503: a part the API depends on (the database, the object store) does not answer now, or every connection an
   * export may hold is busy; nothing was recorded. The message says which.
   */
  ServiceUnavailable: 'ServiceUnavailable',
  /** 507: the disk that keeps uploaded files is full; nothing was recorded. */
  InsufficientStorage: 'InsufficientStorage',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Statuses with a business meaning (SPEC §5, §8). */
export const SpecialStatus = {
  NoContent: 204,
  WrongCurrentPassword: 231,
  LinkedCertificate: 235,
  AlreadyRegistered: 251,
  UnderRegistrationAnalysis: 252,
  ApprovalRefused: 253,
} as const;
