import { certificateFlow, refusalMessage } from '@origem/contract/flows';
import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, dispatchers, legalRepresentatives } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { mailBody, type SmtpListener, startSmtpListener } from '../../test/smtp';
import { addExporterWithUser, auditsOf, linkDispatcher, stepsOf } from '../declarations/test-support';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  openCertificateSuite,
  uploadInvoice,
} from './test-support';

/**
 * POST send_signature/{id} (DOMAIN.md §4): the signing request of a digital certificate awaiting the exporter's
 * signature is mailed again to its legal representative, through the real SMTP listener; who may ask and in which
 * state. And the exporter's book: the company list narrows to one exporter, and a save naming another exporter's
 * importer or intervenor is refused on the field.
 */

let t: TestApp;
let r: CertificateRefs;
let smtp: SmtpListener;
const tok = {} as Record<'exportador' | 'analista' | 'admin' | 'despachante' | 'other', string>;
let repEmail = '';
let other: { id: number; importer: number; intervenor: number };
const BASE = '/v1/certificate';

beforeAll(async () => {
  smtp = await startSmtpListener();
  const suite = await openCertificateSuite(['exportador', 'analista', 'admin', 'despachante'], {
    SMTP_URL: smtp.url,
  });
  ({ t, r } = suite);
  Object.assign(tok, suite.tok);
  const [rep] = await t.db
    .select({ email: legalRepresentatives.email })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.id, r.exporterRepresentative));
  repEmail = rep?.email ?? '';
  // Another exporter of the same association, with an importer and an intervenor of its own.
  const exporter = await addExporterWithUser(
    t,
    r.association,
    913,
    'Outra Exportadora Ltda.',
    'outra.exportadora@origem.local',
  );
  tok.other = exporter.token;
  const company = async (type: number, name: string) => {
    const [row] = await t.db
      .insert(companies)
      .values({
        company_type_id: type,
        exporter_id: exporter.id,
        trade_association_id: r.association,
        corporate_name: name,
        foreign_tax_id: `X-${type}-913`,
        country_id: r.AR,
      })
      .returning({ id: companies.id });
    if (!row) throw new Error('empresa não criada');
    return row.id;
  };
  other = {
    id: exporter.id,
    importer: await company(1, 'Importadora Alheia S.A.'),
    intervenor: await company(3, 'Intermediária Alheia S.A.'),
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Detail = { id: number; status: string; actions: string[] };

async function draft(digital: boolean): Promise<number> {
  const dec = await approvedDeclaration(t.db, r);
  const res = await t.request('POST', BASE, {
    token: tok.exportador,
    body: certificateBody(r, [dec], { has_digital_signature: digital }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<Detail>().id;
  expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
  return id;
}

/** A digital certificate sent by the exporter: AGUARDANDO_ASSINATURA, its first request already mailed. */
async function awaitingSignature(): Promise<number> {
  const id = await draft(true);
  const sent = await t.request('POST', `${BASE}/send_analysis/${id}`, { token: tok.exportador });
  expect(sent.json<{ certificate: Detail }>().certificate.status).toBe('AGUARDANDO_ASSINATURA');
  return id;
}

const resend = (id: number, token: string) => t.request('POST', `${BASE}/send_signature/${id}`, { token });

/**
 * The signing requests for certificate `id` the listener received, once `expected` of them arrived (or a short wait
 * ran out): the routes deliver in the background, so the outbox is run here too.
 */
async function requestsFor(id: number, expected = 0) {
  const matching = () =>
    smtp.mails.filter(
      (m) =>
        m.to.includes(repEmail) && new RegExp(`/certificado-consulta/${id}(?!\\d)`).test(mailBody(m.raw)),
    );
  await t.app.mail.flush();
  for (let attempt = 0; attempt < 20 && matching().length < expected; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    await t.app.mail.flush();
  }
  return matching();
}

describe('send_signature', () => {
  it('mails the legal representative again; the state stays, the history and the audit record it', async () => {
    expect(repEmail).toMatch(/@/);
    const id = await awaitingSignature();
    expect(await requestsFor(id, 1)).toHaveLength(1);
    const detail = await t.request('GET', `${BASE}/${id}`, { token: tok.exportador });
    expect(detail.json<Detail>().actions).toContain('send_signature');

    const res = await resend(id, tok.exportador);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ message: string; certificate: Detail }>();
    expect(answer.message).toBe(certificateFlow.actions.send_signature.success);
    expect(answer.certificate.status).toBe('AGUARDANDO_ASSINATURA');
    expect((await certificateRow(t.db, id))?.status).toBe('AGUARDANDO_ASSINATURA');

    expect(await requestsFor(id, 2)).toHaveLength(2);
    expect((await stepsOf(t.db, 'certificate', id)).at(-1)).toMatchObject({
      action: 'send_signature',
      from_status: 'AGUARDANDO_ASSINATURA',
      to_status: 'AGUARDANDO_ASSINATURA',
    });
    expect((await auditsOf(t.db, 'certificate', id)).at(-1)).toMatchObject({
      event: 'send_signature',
      new_values: expect.objectContaining({ signature_request_to: repEmail }),
    });
  });

  it('only whoever acts for the exporter: the analyst 403, another exporter and an unlinked dispatcher 404, the admin 200', async () => {
    const id = await awaitingSignature();
    expect((await resend(id, tok.analista)).statusCode).toBe(403);
    expect((await resend(id, tok.other)).statusCode).toBe(404);
    expect((await resend(id, tok.despachante)).statusCode).toBe(404);
    expect(await requestsFor(id, 1)).toHaveLength(1);
    expect((await resend(id, tok.admin)).statusCode).toBe(200);
    expect(await requestsFor(id, 2)).toHaveLength(2);
  });

  it('is refused in Portuguese outside AGUARDANDO_ASSINATURA, and for a paper certificate; nothing is mailed or recorded', async () => {
    const digitalDraft = await draft(true);
    const res = await resend(digitalDraft, tok.exportador);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(
      refusalMessage(certificateFlow, 'send_signature', 'RASCUNHO'),
    );
    const paper = await draft(false);
    expect(
      (await t.request('POST', `${BASE}/send_analysis/${paper}`, { token: tok.exportador })).statusCode,
    ).toBe(200);
    const sentPaper = await resend(paper, tok.exportador);
    expect(sentPaper.statusCode).toBe(422);
    expect(sentPaper.json<{ message: string }>().message).toContain('Enviado para análise');
    expect((await stepsOf(t.db, 'certificate', paper)).map((s) => s.action)).toEqual([
      'create',
      'send_analysis',
    ]);
    expect(await requestsFor(digitalDraft)).toHaveLength(0);
  });

  it('answers 429 past three re-sends in 15 minutes: no fourth mail, no step, no audit row', async () => {
    const id = await awaitingSignature();
    for (let i = 0; i < 3; i += 1) expect((await resend(id, tok.exportador)).statusCode).toBe(200);
    const stepsBefore = await stepsOf(t.db, 'certificate', id);
    const auditsBefore = await auditsOf(t.db, 'certificate', id);
    const res = await resend(id, tok.admin);
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toBe(text.tooManySignatureRequests);
    expect(await requestsFor(id, 5)).toHaveLength(4);
    expect(await stepsOf(t.db, 'certificate', id)).toHaveLength(stepsBefore.length);
    expect(await auditsOf(t.db, 'certificate', id)).toHaveLength(auditsBefore.length);
    // Another certificate's re-sends are counted apart.
    expect((await resend(await awaitingSignature(), tok.exportador)).statusCode).toBe(200);
  });

  it('is refused when the legal representative has no e-mail', async () => {
    const id = await awaitingSignature();
    await t.db
      .update(legalRepresentatives)
      .set({ email: null })
      .where(eq(legalRepresentatives.id, r.exporterRepresentative));
    try {
      const res = await resend(id, tok.exportador);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(text.signerWithoutEmail);
      expect((await stepsOf(t.db, 'certificate', id)).at(-1)?.action).toBe('send_for_signature');
    } finally {
      await t.db
        .update(legalRepresentatives)
        .set({ email: repEmail })
        .where(eq(legalRepresentatives.id, r.exporterRepresentative));
    }
  });
});

describe("the exporter's book", () => {
  type Page = { data: { id: number; exporter_id: number | null; corporate_name: string }[] };

  it('GET /v2/company?exporter_id lists only that exporter’s companies of the type', async () => {
    const list = async (exporterId: number, type: number) => {
      const res = await t.request(
        'GET',
        `/v2/company?company_type_id=${type}&exporter_id=${exporterId}&count=false`,
        { token: tok.admin },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>().data;
    };
    const own = await list(r.exporterId, 1);
    expect(own.map((c) => c.id)).toContain(r.importer);
    expect(own.every((c) => c.exporter_id === r.exporterId)).toBe(true);
    expect((await list(other.id, 1)).map((c) => c.id)).toEqual([other.importer]);
    expect((await list(other.id, 3)).map((c) => c.id)).toEqual([other.intervenor]);
    // Type-ahead: the search narrows within the book.
    const typed = await t.request(
      'GET',
      `/v2/company?company_type_id=1&exporter_id=${other.id}&corporate_name=alheia&count=false`,
      { token: tok.admin },
    );
    expect(typed.json<Page>().data.map((c) => c.id)).toEqual([other.importer]);
    // The exporter's own user cannot see another book through the filter.
    const peek = await t.request('GET', `/v2/company?company_type_id=1&exporter_id=${other.id}`, {
      token: tok.exportador,
    });
    expect(peek.json<Page>().data).toEqual([]);
  });

  it("for a linked dispatcher, the exporter's book and its own, never another exporter's", async () => {
    await linkDispatcher(t.db, r.exporterId);
    const [dispatcher] = await t.db.select({ id: dispatchers.id }).from(dispatchers).limit(1);
    const [own] = await t.db
      .insert(companies)
      .values({
        company_type_id: 1,
        dispatcher_id: dispatcher?.id,
        trade_association_id: r.association,
        corporate_name: 'Importadora do Despachante S.A.',
        foreign_tax_id: 'X-D-913',
        country_id: r.AR,
      })
      .returning({ id: companies.id });
    const res = await t.request('GET', `/v2/company?company_type_id=1&exporter_id=${r.exporterId}`, {
      token: tok.despachante,
    });
    const ids = res.json<Page>().data.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([r.importer, own?.id]));
    expect(ids).not.toContain(other.importer);
  });

  it("a save naming another exporter's importer or intervenor is refused on the field", async () => {
    const dec = await approvedDeclaration(t.db, r);
    const body = certificateBody(r, [dec], {
      company_importer_id: other.importer,
      company_intervenor_id: other.intervenor,
    });
    const res = await t.request('POST', BASE, {
      token: tok.admin,
      body: { ...body, exporter_id: r.exporterId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      company_importer_id: [text.companyNotOfType('importador')],
      company_intervenor_id: [text.companyNotOfType('interveniente')],
    });
    const id = await draft(false);
    const edit = await t.request('PUT', `${BASE}/${id}`, {
      token: tok.exportador,
      body: certificateBody(r, [dec], { company_importer_id: other.importer }),
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json<{ errors: Record<string, string[]> }>().errors.company_importer_id).toEqual([
      text.companyNotOfType('importador'),
    ]);
    expect((await certificateRow(t.db, id))?.company_importer_id).toBe(r.importer);
  });
});
