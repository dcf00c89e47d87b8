import { SpecialStatus } from '@origem/contract/errors';
import { declarationMessages as text } from '@origem/contract/schemas/declarations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { approvedDeclaration, certificateBody, certificateRefs } from '../certificates/test-support';
import { auditsOf, demoRefs, exporterDeclaration, insertNcm } from './test-support';

/** SPEC §8's 235: a declaration a certificate item cites is not deleted, whatever its state or the certificate's. */

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  await insertNcm(t.db);
  token = await t.login('exportador');
});

afterAll(async () => {
  await t?.close();
});

describe('deleting a declaration a certificate cites', () => {
  it('answers 235 with SPEC §8’s text and keeps the declaration', async () => {
    const r = await certificateRefs(t.db);
    const cited = await approvedDeclaration(t.db, r);
    const certificate = await t.request('POST', '/v1/certificate', {
      token,
      body: certificateBody(r, [cited]),
    });
    expect(certificate.statusCode, certificate.body).toBe(201);

    const res = await t.request('DELETE', `/v1/declaration/${cited}`, { token });
    expect(res.statusCode).toBe(SpecialStatus.LinkedCertificate);
    expect(res.json()).toEqual({
      code: 'LinkedCertificate',
      message: 'O item não pode ser excluído devido a ter certificado vinculado...',
    });
    expect(res.json<{ message: string }>().message).toBe(text.linkedCertificate);
    expect(await t.db.select().from(declarations).where(eq(declarations.id, cited))).toHaveLength(1);
    expect(await auditsOf(t.db, 'declaration', cited)).toEqual([]);
    expect(t.app.unauditedMutations).toEqual([]);
  });

  it('deletes a draft no certificate cites', async () => {
    const r = await demoRefs(t.db);
    const created = await t.request('POST', '/v1/declaration', { token, body: exporterDeclaration(r) });
    const id = created.json<{ id: number }>().id;
    expect((await t.request('DELETE', `/v1/declaration/${id}`, { token })).statusCode).toBe(200);
    expect(await t.db.select().from(declarations).where(eq(declarations.id, id))).toHaveLength(0);
  });
});
