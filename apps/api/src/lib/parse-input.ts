import { messages } from '@origem/contract/messages.pt';
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

/**
 * Text PostgreSQL cannot store: NUL (refused in `text`) and lone UTF-16 surrogates (refused in `jsonb`, where audit
 * values go). Either would fail the query with a 500 far from the input that carried it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The path ('fees.0.name', '' for the value itself) of the first string or key holding invalid text, or null. */
export function findInvalidText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (INVALID_TEXT.test(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push([item, path ? `${path}.${i}` : String(i)]);
      });
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (INVALID_TEXT.test(key)) return path || '_';
        stack.push([item, at]);
      }
    }
  }
  return null;
}

/** Refuses input holding NUL or broken Unicode with a 422 on the field (or on `context` for the whole value). */
export function assertCleanInput(value: unknown, context: string): void {
  const path = findInvalidText(value);
  if (path === null) return;
  throw invalid({ [path || context]: [messages.field.invalidText] }, messages.field.invalidText);
}

/** Lone surrogates replaced by U+FFFD, for text we keep rather than refuse (a file's display name). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
