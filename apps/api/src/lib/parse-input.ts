import type { z } from 'zod';
import { type FieldErrors, invalid } from './errors';

/**
 * Validates a form that could not be declared as the route's body (multipart, or JSON on the same route): the
 * same 422 `{ errors: { field: [...] } }` as Fastify's schema validation gives, with 'fees.0.member_fee' paths.
 */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) errors[key] = [...list, issue.message];
  }
  throw invalid(errors);
}
