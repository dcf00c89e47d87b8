import { companyInputSchema } from '@origem/contract/schemas/companies';
import { declarationInputSchema } from '@origem/contract/schemas/declarations';
import {
  associationInputSchema,
  confederationInputSchema,
  federationInputSchema,
} from '@origem/contract/schemas/entities';
import { legalRepresentativeInputSchema } from '@origem/contract/schemas/legal-representatives';
import {
  classificationListCreateSchema,
  classificationListUpdateSchema,
} from '@origem/contract/schemas/nomenclature';
import { partyRecordInputSchema } from '@origem/contract/schemas/party-records';
import { preRegistrationInputSchema } from '@origem/contract/schemas/pre-registrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { createTestApp, type TestApp } from '../app';
import { type JsonSchema, type OpenApiDocument, operationsOf, unboundedStrings } from './openapi';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The forms that travel as multipart, validated by these schemas after the upload (not in the OpenAPI document). */
const FORMS: Record<string, ZodType> = {
  associationInputSchema,
  federationInputSchema,
  confederationInputSchema,
  companyInputSchema: companyInputSchema(1),
  legalRepresentativeInputSchema,
  partyRecordInputSchema,
  preRegistrationInputSchema,
  classificationListCreateSchema,
  classificationListUpdateSchema,
  declarationInputSchema,
};

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
    const unbounded: string[] = [];
    for (const [name, schema] of Object.entries(FORMS)) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      unbounded.push(...unboundedStrings({}, json, name));
    }
    expect(unbounded).toEqual([]);
  });
});
