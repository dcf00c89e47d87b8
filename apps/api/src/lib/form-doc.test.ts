import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import type { JsonSchema, OpenApiDocument } from '../test/fuzz/openapi';

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as OpenApiDocument;
});
afterAll(() => t.close());

function bodyOf(method: string, path: string): Record<string, { schema?: JsonSchema }> {
  const content = doc.paths?.[path]?.[method]?.requestBody?.content;
  if (!content) throw new Error(`${method} ${path}: no request body in the document`);
  return content;
}
const binaryParts = (schema: JsonSchema | undefined) =>
  Object.entries(schema?.properties ?? {})
    .filter(([, p]) => p.format === 'binary')
    .map(([name]) => name);

describe('the forms read by hand are described in the OpenAPI document', () => {
  it('a record form: its fields and files as multipart, its fields alone as JSON', () => {
    const content = bodyOf('post', '/v1/company');
    expect(Object.keys(content)).toEqual(['multipart/form-data', 'application/json']);
    const multipart = content['multipart/form-data']?.schema;
    expect(binaryParts(multipart)).toEqual(['social_contract']);
    expect(multipart?.properties).toHaveProperty('corporate_name');
    const json = content['application/json']?.schema;
    expect(json?.properties).toHaveProperty('corporate_name');
    expect(binaryParts(json)).toEqual([]);
  });

  it('an upload alone: multipart only, the file required', () => {
    const content = bodyOf('post', '/v1/ncm/upload');
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(content['multipart/form-data']?.schema).toMatchObject({ required: ['file'] });
    expect(binaryParts(content['multipart/form-data']?.schema)).toEqual(['file']);
  });

  it('the A1 signing form: the PKCS#12 and its password', () => {
    const schema = bodyOf('post', '/v1/certificate/first/signature/xml/a1/{id}')['multipart/form-data']
      ?.schema;
    expect(binaryParts(schema)).toEqual(['certificate']);
    expect(schema?.properties?.password).toMatchObject({ type: 'string' });
    expect(schema?.required).toEqual(expect.arrayContaining(['certificate', 'password']));
  });

  it('every upload route has a multipart body', () => {
    const multipart = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    for (const upload of [
      'POST /v1/pre_registration',
      'POST /v1/federation',
      'POST /v2/confederation/image/upload',
      'POST /v1/certificate/commercial_invoice/upload',
      'POST /v1/certificate/cod/inspect',
      'POST /v1/declaration/signature/a1/{id}',
    ])
      expect(multipart).toContain(upload);
    expect(multipart.length).toBeGreaterThanOrEqual(31);
  });
});
