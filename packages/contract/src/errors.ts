import { z } from 'zod';

export { ErrorCode, SpecialStatus } from './error-codes';

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
