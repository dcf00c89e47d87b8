import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import {
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  operationsOf,
  unboundedStrings,
} from './openapi';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The multipart bodies of the document (lib/form-doc.ts), without their file parts (bounded by size instead). */
function multipartForms(doc: OpenApiDocument): { where: string; schema: JsonSchema }[] {
  const forms: { where: string; schema: JsonSchema }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, OpenApiOperation>)) {
      const schema = op.requestBody?.content?.['multipart/form-data']?.schema;
      if (!schema) continue;
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).filter(([, p]) => p.format !== 'binary'),
      );
      forms.push({ where: `${method.toUpperCase()} ${path} multipart`, schema: { ...schema, properties } });
    }
  }
  return forms;
}

describe('every string the API accepts has a maximum length', () => {
  it('in every path parameter, query parameter and JSON body of the OpenAPI document', () => {
    const doc = t.app.swagger() as OpenApiDocument;
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const unbounded: string[] = [];
    for (const op of operations) {
      const where = `${op.method} ${op.path}`;
      for (const p of op.pathParams)
        unbounded.push(...unboundedStrings(doc, p.schema, `${where} path ${p.name}`));
      for (const p of op.queryParams)
        unbounded.push(...unboundedStrings(doc, p.schema, `${where} query ${p.name}`));
      if (op.body) unbounded.push(...unboundedStrings(doc, op.body, `${where} body`));
    }
    expect(unbounded).toEqual([]);
  });

  it('in every multipart form', () => {
    const doc = t.app.swagger() as OpenApiDocument;
    const forms = multipartForms(doc);
    expect(forms.length).toBeGreaterThanOrEqual(31);
    const unbounded: string[] = [];
    for (const { where, schema } of forms) unbounded.push(...unboundedStrings(doc, schema, where));
    expect(unbounded).toEqual([]);
  });
});
