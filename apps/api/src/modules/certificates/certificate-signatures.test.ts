import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { certificateCods } from '../../db/schema';
import { pkcs12Of, testCa, testPerson } from '../../documents/signing/test-pki';
import { verifyCodSignature } from '../../documents/signing/xmldsig';
import { xmllintErrors } from '../../documents/xml/schemas';
import type { TestApp } from '../../test/app';
import { a1Form, signingTrust } from '../../test/signing';
import { representativeCpf } from '../declarations/test-support';
import {
  approveSigned,
  type CertificateRefs,
  certificateAwaitingSignature,
  certificateRow,
  entityOfficialCpf,
  openCertificateSuite,
} from './test-support';

/**
 * The digital path end to end through the A1 routes (DOMAIN.md §5): the exporter's legal representative signs
 * #COD, the analyst approves, the entity's official signs #CODEH; each stage's XML passes ALADI's schema with
 * xmllint; refusals (wrong CPF, expired, untrusted CA, wrong password, tampered) change nothing; the PKCS#12 never
 * reaches a file.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
const { ca, env, remove } = await signingTrust('cod-trust-');
const rogue = testCa('AC Estranha');
let repCpf = '';
let officialCpf = '';
const BASE = '/v1/certificate';

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], env));
  repCpf = await representativeCpf(t.db, r.exporterRepresentative);
  officialCpf = await entityOfficialCpf(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

const awaitingSignature = () => certificateAwaitingSignature(t, r, tok.exportador);

const filesUnder = (root: string) =>
  (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();

const signFirst = (id: number, body: ReturnType<typeof a1Form>) =>
  t.request('POST', `${BASE}/first/signature/xml/a1/${id}`, { token: tok.exportador, ...body });

describe('A1 signatures of the COD', () => {
  it('first and second signature: ENVIADO then EMITIDO, each XML valid, both signatures verify', async () => {
    const id = await awaitingSignature();
    const unsigned = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador });
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.headers['content-disposition']).toContain(`certificado-${id}.xml`);
    expect(unsigned.rawPayload.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    expect(xmllintErrors(unsigned.body, 'unsigned')).toBeNull();

    const rep = testPerson(ca, { name: 'RESPONSAVEL LEGAL', cpf: repCpf });
    // The private key must never reach a file: watch every write while the route runs.
    const writes = [vi.spyOn(fs, 'writeFileSync'), vi.spyOn(fs.promises, 'writeFile')];
    // Uploads reach the file storage (a stream into DATA_DIR): no file may appear there while signing.
    const before = filesUnder(t.app.config.dataDir);
    const p12 = pkcs12Of(rep, 'segredo', ca);
    const first = await signFirst(id, a1Form(p12));
    for (const spy of writes) {
      for (const call of spy.mock.calls)
        expect(Buffer.from(String(call[1])).includes(p12.subarray(0, 64))).toBe(false);
      spy.mockRestore();
    }
    expect(filesUnder(t.app.config.dataDir)).toEqual(before);
    expect(first.statusCode, first.body).toBe(200);
    expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');
    const afterFirst = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador });
    expect(xmllintErrors(afterFirst.body, 'exporter_signed')).toBeNull();
    verifyCodSignature(afterFirst.body, 'COD');

    await approveSigned(t, tok.analista, id);

    // The official's certificate must carry the official's CPF, not the exporter's.
    const wrong = await t.request('POST', `${BASE}/second/signature/xml/a1/${id}`, {
      token: tok.analista,
      ...a1Form(pkcs12Of(rep, 'segredo')),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ message: string }>().message).toMatch(/CPF/);
    expect((await certificateRow(t.db, id))?.status).toBe('APROVADO');

    const official = testPerson(ca, { name: 'OFICIAL DA ENTIDADE', cpf: officialCpf });
    const second = await t.request('POST', `${BASE}/second/signature/xml/a1/${id}`, {
      token: tok.analista,
      ...a1Form(pkcs12Of(official, 'segredo')),
    });
    expect(second.statusCode, second.body).toBe(200);
    const row = await certificateRow(t.db, id);
    expect(row?.status).toBe('EMITIDO');
    expect(row?.issued_at).toBeTruthy();
    const complete = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador });
    expect(xmllintErrors(complete.body, 'complete')).toBeNull();
    expect(complete.body).toContain(`<CertificateID>${row?.certificate_number}</CertificateID>`);
    verifyCodSignature(complete.body, 'COD');
    verifyCodSignature(complete.body, 'CODEH');
    const [stored] = await t.db.select().from(certificateCods).where(eq(certificateCods.certificate_id, id));
    expect(stored?.stage).toBe('complete');
    expect(stored?.entity_signer).toBe(`OFICIAL DA ENTIDADE:${officialCpf}`);
  }, 60_000);

  it('refuses a wrong CPF, an expired certificate, an untrusted CA, a wrong or overlong password; nothing changes', async () => {
    const id = await awaitingSignature();
    const cases: [Buffer, string, RegExp][] = [
      [pkcs12Of(testPerson(ca, { name: 'OUTRA PESSOA', cpf: '11144477735' }), 'segredo'), 'segredo', /CPF/],
      [
        pkcs12Of(
          testPerson(ca, {
            name: 'VENCIDO',
            cpf: repCpf,
            notBefore: new Date(Date.now() - 400 * 86_400_000),
            notAfter: new Date(Date.now() - 86_400_000),
          }),
          'segredo',
        ),
        'segredo',
        /não estava válido/,
      ],
      [pkcs12Of(testPerson(rogue, { name: 'ESTRANHO', cpf: repCpf }), 'segredo'), 'segredo', /confiável/],
      [pkcs12Of(testPerson(ca, { name: 'CERTO', cpf: repCpf }), 'segredo'), 'errada', /senha/],
      [pkcs12Of(testPerson(ca, { name: 'CERTO', cpf: repCpf }), 'segredo'), 'x'.repeat(256), /no máximo 255/],
    ];
    for (const [p12, password, message] of cases) {
      const res = await signFirst(id, a1Form(p12, password));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await certificateRow(t.db, id))?.status).toBe('AGUARDANDO_ASSINATURA');
    const rows = await queryRows(t.db, sql`select 1 from certificate_cods where certificate_id = ${id}`);
    expect(rows).toHaveLength(0);
  }, 60_000);
});
