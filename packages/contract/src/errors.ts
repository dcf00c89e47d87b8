import { z } from 'zod';

/** Machine-readable error codes shared by the API and the web client. */
export const ErrorCode = {
  Validation: 'ValidationError',
  Unauthenticated: 'Unauthenticated',
  Forbidden: 'Forbidden',
  NotFound: 'NotFound',
  Conflict: 'Conflict',
  RateLimited: 'RateLimited',
  Internal: 'InternalError',
  WrongPassword: 'WrongPassword',
  AccountLocked: 'AccountLocked',
  InvalidCredentials: 'InvalidCredentials',
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

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
