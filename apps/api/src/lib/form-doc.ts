import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * The OpenAPI description of a body read by hand (files/form.ts, the A1 and COD readers) rather than by a body
 * schema: uploads are streamed into storage, or kept in memory, before any field is parsed, so the route cannot
 * declare `body` without Fastify trying to validate a stream. The route names its form instead, and
 * `withFormBodies` writes it into the document as the request body.
 */
export type FormDoc = {
  /** The text fields, as the route parses them (`parseInput(schema, fields)`). */
  fields?: z.ZodType;
  /** The file parts: field name → what to send. */
  files: Record<string, string>;
  /** Required file parts (the others are optional). */
  requiredFiles?: readonly string[];
  /** The same fields are accepted as a JSON body, without files (record forms sent by API clients). */
  json?: boolean;
};

declare module 'fastify' {
  interface FastifySchema {
    form?: FormDoc;
  }
}

/** A route schema's part for a form: `schema: { ...formBody({ files: { file: 'CSV' } }), … }`. */
export function formBody(doc: FormDoc): Pick<FastifySchema, 'form'> {
  return { form: doc };
}

function multipartBody(doc: FormDoc): z.ZodType {
  const files = Object.fromEntries(
    Object.entries(doc.files).map(([name, description]) => {
      const file = z.file().describe(description);
      return [name, doc.requiredFiles?.includes(name) ? file : file.optional()];
    }),
  );
  if (!doc.fields) return z.object(files);
  // One object reads best in the document; a schema that is not a plain object is shown beside the files.
  return doc.fields instanceof z.ZodObject
    ? doc.fields.extend(files)
    : z.intersection(doc.fields, z.object(files));
}

type TransformInput = { schema?: FastifySchema; url: string } & Record<string, unknown>;
type Transformed = { schema?: unknown };

/**
 * Wraps the swagger transform: a route's `form` becomes its request body — the fields and files as multipart, and
 * the fields alone as JSON when the route reads JSON too.
 */
export function withFormBodies<I extends TransformInput, O extends Transformed>(
  transform: (input: I) => O,
): (input: I) => O {
  return (input) => {
    const form = input.schema?.form;
    if (!input.schema || !form) return transform(input);
    const { form: _doc, ...schema } = input.schema;
    const withBody = (body: z.ZodType) => transform({ ...input, schema: { ...schema, body } });
    const bodyOfOutput = (out: O) => (out.schema as { body?: unknown } | undefined)?.body;
    const out = withBody(multipartBody(form));
    const content: Record<string, { schema: unknown }> = {
      'multipart/form-data': { schema: bodyOfOutput(out) },
    };
    if (form.json)
      content['application/json'] = { schema: bodyOfOutput(withBody(form.fields ?? z.object({}))) };
    return { ...out, schema: { ...(out.schema as object), body: { content } } };
  };
}
