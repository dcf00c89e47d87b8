import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { certificates, deals } from '../../db/schema';
import { pkcs12Of, testPerson } from '../../documents/signing/test-pki';
import { xmlsecVerifies } from '../../documents/signing/xmlsec';
import { xmllintErrors } from '../../documents/xml/schemas';
import type { TestApp } from '../../test/app';
import { a1Form, signingTrust } from '../../test/signing';
import { representativeCpf } from '../declarations/test-support';
import {
  approvedDeclaration,
  approveSigned,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  daysAgo,
  entityOfficialCpf,
  openCertificateSuite,
  uploadInvoice,
} from './test-support';

/**
 * Issue 36: a digital certificate under each deal Brazil exchanges COD with goes from draft to EMITIDO with both A1
 * signatures, in the form ALADI's Annex 3 gives its goods and the version in force; xmllint checks each file against
 * the schema it declares and xmlsec1 verifies both signatures. Deals without COD, and ACE 02's non-automotive goods,
 * cannot be digital.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista' | 'admin', string>;
const { ca, env, remove, trustPem } = await signingTrust('cod-deals-');
let rep: Buffer;
let official: Buffer;
const deal: Record<string, number> = {};
const BASE = '/v1/certificate';

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista', 'admin'], env));
  rep = pkcs12Of(
    testPerson(ca, {
      name: 'RESPONSAVEL LEGAL',
      cpf: await representativeCpf(t.db, r.exporterRepresentative),
    }),
    'segredo',
  );
  official = pkcs12Of(
    testPerson(ca, { name: 'OFICIAL DA ENTIDADE', cpf: await entityOfficialCpf(t.db) }),
    'segredo',
  );
  for (const row of await t.db.select({ id: deals.id, abbreviation: deals.abbreviation }).from(deals)) {
    deal[row.abbreviation] = row.id;
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

/** A digital draft of the demo exporter under `abbreviation`, one item per NCM. */
async function digitalDraft(abbreviation: string, ncms: string[]) {
  const dealId = deal[abbreviation] ?? 0;
  const declarationIds = [];
  for (const ncm of ncms) declarationIds.push(await approvedDeclaration(t.db, r, { dealId, ncm }));
  return t.request('POST', BASE, {
    token: tok.exportador,
    body: certificateBody(r, declarationIds, { deal_id: dealId, has_digital_signature: true }),
  });
}

/** Draft → AGUARDANDO_ASSINATURA → (A1 over #COD) ENVIADO → APROVADO → (A1 over #CODEH) EMITIDO; the final XML. */
async function issueDigital(abbreviation: string, ncms: string[]): Promise<{ id: number; xml: string }> {
  const created = await digitalDraft(abbreviation, ncms);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
  const sent = await t.request('POST', `${BASE}/send_analysis/${id}`, { token: tok.exportador });
  expect(sent.statusCode, sent.body).toBe(200);
  const first = await t.request('POST', `${BASE}/first/signature/xml/a1/${id}`, {
    token: tok.exportador,
    ...a1Form(rep),
  });
  expect(first.statusCode, first.body).toBe(200);
  await approveSigned(t, tok.analista, id);
  const second = await t.request('POST', `${BASE}/second/signature/xml/a1/${id}`, {
    token: tok.analista,
    ...a1Form(official),
  });
  expect(second.statusCode, second.body).toBe(200);
  expect((await certificateRow(t.db, id))?.status).toBe('EMITIDO');
  const xml = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador });
  expect(xml.statusCode).toBe(200);
  return { id, xml: xml.body };
}

/** What the issued COD says of itself, and the independent checks of it. */
async function expectIssued(
  { id, xml }: { id: number; xml: string },
  expected: { version: '1.8.3' | '4.1.0'; form: string; acronym: string },
) {
  const { version, form, acronym } = expected;
  expect(xml).toContain(`<CODVer>${version}</CODVer>`);
  expect(xml).toContain(
    `xsi:schemaLocation="http://www.w3.org/2001/12/soap-envelope http://www.codaladi.org/directorio/cod_ver_${version}.xsd"`,
  );
  expect(xml).toContain(`<AgreementAcronym>${acronym}</AgreementAcronym></Agreement><Form${form}>`);
  const number = (await certificateRow(t.db, id))?.certificate_number ?? '';
  expect(number).toMatch(new RegExp(`^BR[A-Z0-9]{3}${acronym}\\d{2}\\d{8}00$`));
  expect(xml).toContain(`<CertificateID>${number}</CertificateID>`);
  expect(xmllintErrors(xml, 'complete', version)).toBeNull();
  expect(xmlsecVerifies(xml, 'COD', trustPem)).toBe(true);
  expect(xmlsecVerifies(xml, 'CODEH', trustPem)).toBe(true);
}

describe('a digital certificate under each deal that exchanges COD, draft to EMITIDO (A1)', () => {
  it('ACE 02 (Uruguay), an automotive item: FormA18 in 1.8.3, agreement A02', async () => {
    await expectIssued(await issueDigital('ACE-2', ['87042210']), {
      version: '1.8.3',
      form: 'A18',
      acronym: 'A02',
    });
  }, 120_000);

  it('ACE 14 (Argentina), other goods on FormA14; its automotive goods on FormA18', async () => {
    await expectIssued(await issueDigital('ACE-14', ['09012100']), {
      version: '1.8.3',
      form: 'A14',
      acronym: 'A14',
    });
    const automotive = await digitalDraft('ACE-14', ['87083090', '84082090']);
    expect(automotive.statusCode, automotive.body).toBe(201);
    const unsigned = await t.request('GET', `${BASE}/xml/download/${automotive.json<{ id: number }>().id}`, {
      token: tok.exportador,
    });
    expect(unsigned.body).toContain('<AgreementAcronym>A14</AgreementAcronym></Agreement><FormA18>');
    expect(xmllintErrors(unsigned.body, 'unsigned', '1.8.3')).toBeNull();
  }, 120_000);

  it('ACE 18 (MERCOSUL): FormA18 in 1.8.3', async () => {
    await expectIssued(await issueDigital('ACE-18', ['09012100']), {
      version: '1.8.3',
      form: 'A18',
      acronym: 'A18',
    });
  }, 120_000);

  it('ACE 72 (Colombia): FormA72 in 1.8.3', async () => {
    await expectIssued(await issueDigital('ACE-72', ['09012100']), {
      version: '1.8.3',
      form: 'A72',
      acronym: 'A72',
    });
  }, 120_000);

  it('ACE 74 (Paraguay, since 1 Dec 2025): FormA18 in 4.1.0, agreement A74', async () => {
    const issued = await issueDigital('ACE-74', ['87089990']);
    await expectIssued(issued, { version: '4.1.0', form: 'A18', acronym: 'A74' });
    expect(issued.xml).toContain('<Subscriber><SubscriberSubmitterName>');
    expect(issued.xml).toContain('<EHCityLocality>');
  }, 120_000);

  it('an administrator moves ACE 18 to 4.1.0 from today: the next COD is written and validated in it', async () => {
    const current = await t.request('GET', `/v1/deal/${deal['ACE-18']}`, { token: tok.admin });
    const body = current.json<Record<string, unknown> & { countries: { id: number }[] }>();
    const today = daysAgo(0);
    const moved = await t.request('PUT', `/v1/deal/${deal['ACE-18']}`, {
      token: tok.admin,
      body: {
        ...body,
        country_ids: body.countries.map((c) => c.id),
        cod_versions: [
          { version: '1.8.3', valid_from: '2021-12-01' },
          { version: '4.1.0', valid_from: today },
        ],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const issued = await issueDigital('ACE-18', ['09012100']);
    await expectIssued(issued, { version: '4.1.0', form: 'A18', acronym: 'A18' });
    expect(xmllintErrors(issued.xml, 'complete', '1.8.3')).not.toBeNull();
  }, 120_000);
});

describe('a certificate that cannot be digital', () => {
  const count = async () =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from certificates`))[0]?.n;

  it('a deal without COD exchange (ACE 35, Chile) refuses it on create and on edit, in Portuguese, changing nothing', async () => {
    const before = await count();
    const refused = await digitalDraft('ACE-35', ['09012100']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      has_digital_signature: [
        'O acordo ACE-35 não troca certificado de origem digital (COD): emita o certificado em papel.',
      ],
    });
    expect(await count()).toBe(before);

    const dec = await approvedDeclaration(t.db, r, { dealId: deal['ACE-35'] });
    const paper = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [dec], { deal_id: deal['ACE-35'] }),
    });
    expect(paper.statusCode, paper.body).toBe(201);
    const id = paper.json<{ id: number }>().id;
    const edit = await t.request('PUT', `${BASE}/${id}`, {
      token: tok.exportador,
      body: certificateBody(r, [dec], { deal_id: deal['ACE-35'], has_digital_signature: true }),
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.has_digital_signature).toHaveLength(1);
    expect((await certificateRow(t.db, id))?.has_digital_signature).toBe(false);
  }, 60_000);

  it('under ACE 02 only automotive goods have a COD form; ACE 14 cannot mix its two forms', async () => {
    const coffee = await digitalDraft('ACE-2', ['09012100']);
    expect(coffee.statusCode).toBe(422);
    expect(coffee.json().errors.has_digital_signature).toEqual([
      'Sob o ACE-2, só os bens automotivos (lista automotiva do acordo) têm formulário COD; o item 1 (NCM 0901.21.00) não é automotivo: emita este certificado em papel.',
    ]);
    const mixed = await digitalDraft('ACE-14', ['87042210', '09012100']);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.has_digital_signature).toEqual([
      'Sob o ACE-14, os bens automotivos vão no FormA18 e os demais no FormA14: o item 1 é automotivo e o item 2 não. Separe-os em dois certificados.',
    ]);
    // On paper the same goods are fine.
    const dec = await approvedDeclaration(t.db, r, { dealId: deal['ACE-2'] });
    const paper = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [dec], { deal_id: deal['ACE-2'] }),
    });
    expect(paper.statusCode, paper.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, paper.json<{ id: number }>().id));
    expect(row?.has_digital_signature).toBe(false);
  }, 60_000);
});
