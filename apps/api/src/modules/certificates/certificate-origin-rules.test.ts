import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { certificateItems, originNorms, originRules } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { pdfDrawnText } from '../../test/pdf';
import { originInForce } from '../deals/queries';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  daysAgo,
  openCertificateSuite,
} from './test-support';

/**
 * Issue 36, rules of origin by date: a certificate's items cite the criterion and norm in force on its invoice date,
 * whatever version its declarations were made under, and print them; a changed rule keeps its history with the
 * certificates that cited each version.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'admin', string>;
const BASE = '/v1/certificate';

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'admin']));
}, 60_000);
afterAll(() => t?.close());

describe('MERCOSUL’s regime before and after 18 Jul 2024 (seeded)', () => {
  it('on 17 Jul 2024 Dec. CMC 01/09 applies; on 18 Jul 2024 Dec. CMC 05/23; TO is the same version on both days', async () => {
    const before = await originInForce(t.db, r.mercosul, '2024-07-17');
    const after = await originInForce(t.db, r.mercosul, '2024-07-18');
    expect([...before.rules.keys()].sort()).toEqual(['cr', 're', 'st', 'to']);
    expect([...after.rules.keys()].sort()).toEqual(['cr', 're', 'st', 'to']);
    expect(before.rules.get('cr')?.description).toMatch(/40% do valor FOB \(Dec\. CMC nº 01\/09/);
    expect(after.rules.get('cr')?.description).toMatch(/45% do valor FOB para o Brasil; Dec\. CMC nº 05\/23/);
    expect(before.rules.get('st')?.id).not.toBe(after.rules.get('st')?.id);
    expect(before.rules.get('to')?.id).toBe(after.rules.get('to')?.id);
    expect(before.norms.get('regime de origem do mercosul')?.legal_text).toContain('Decisão CMC nº 01/09');
    expect(after.norms.get('regime de origem do mercosul')?.legal_text).toContain('Decisão CMC nº 05/23');
  });
});

describe('a certificate judged by the rules in force on its invoice date', () => {
  /** The day the administrator's change takes effect: five days ago, so both invoices are recent enough. */
  const changeDay = daysAgo(5);
  const dayBefore = daysAgo(6);
  let oldRule: number;
  let newRule: number;
  let oldNorm: number;
  let newNorm: number;
  let declaration: number;

  const create = (invoiceDate: string) =>
    t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [declaration], { invoice_date: invoiceDate }),
    });
  const itemOf = async (id: number) => {
    const [item] = await t.db.select().from(certificateItems).where(eq(certificateItems.certificate_id, id));
    return item;
  };
  const printed = async (id: number) =>
    pdfDrawnText(
      (await t.request('GET', `${BASE}/print?certificateId=${id}`, { token: tok.exportador })).rawPayload,
    );
  const squeeze = (text: string) => text.replace(/\s+/g, '');

  beforeAll(async () => {
    const [cr] = await t.db
      .select({ id: originRules.id })
      .from(originRules)
      .where(and(eq(originRules.deal_id, r.mercosul), eq(originRules.code, 'CR'), sql`valid_until is null`));
    oldRule = cr?.id ?? 0;
    const [norm] = await t.db
      .select()
      .from(originNorms)
      .where(
        and(
          eq(originNorms.deal_id, r.mercosul),
          eq(originNorms.name, 'Regime de Origem do MERCOSUL'),
          sql`valid_until is null`,
        ),
      );
    oldNorm = norm?.id ?? 0;
    // A declaration made before the change, under the versions then in force.
    declaration = await approvedDeclaration(t.db, r, { ruleId: oldRule, normId: oldNorm });

    // The administrator changes the criterion and the regime from `changeDay` on.
    const versioned = await t.request('POST', `/v1/origin_rule/${oldRule}/version`, {
      token: tok.admin,
      body: {
        valid_from: changeDay,
        description: 'Valor de conteúdo: até 50% do valor FOB (regra de teste).',
      },
    });
    expect(versioned.statusCode, versioned.body).toBe(201);
    newRule = versioned.json<{ id: number }>().id;
    const closed = await t.request('PUT', `/v1/origin_norm/${oldNorm}`, {
      token: tok.admin,
      body: {
        deal_id: r.mercosul,
        name: norm?.name,
        legal_text: norm?.legal_text,
        non_originating_ceiling_percent: '45',
        valid_from: norm?.valid_from,
        valid_until: daysAgo(6),
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const opened = await t.request('POST', '/v1/origin_norm', {
      token: tok.admin,
      body: {
        deal_id: r.mercosul,
        name: 'Regime de Origem do MERCOSUL',
        legal_text: 'Regime de Origem do MERCOSUL — Norma de teste em vigor desde a mudança',
        non_originating_ceiling_percent: '50',
        valid_from: changeDay,
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    newNorm = opened.json<{ id: number }>().id;
  }, 60_000);

  it('invoiced the day before the change: the old versions; on the day: the new ones — in the items and the PDF', async () => {
    const before = await create(dayBefore);
    expect(before.statusCode, before.body).toBe(201);
    const after = await create(changeDay);
    expect(after.statusCode, after.body).toBe(201);
    const beforeId = before.json<{ id: number }>().id;
    const afterId = after.json<{ id: number }>().id;

    expect(await itemOf(beforeId)).toMatchObject({
      origin_rule_id: oldRule,
      origin_norm_id: oldNorm,
      origin_criterion: expect.stringMatching(/^CR — Valor de conteúdo: .*\(45% do valor FOB para o Brasil/),
      norm_text: expect.stringContaining('Decisão CMC nº 05/23'),
    });
    expect(await itemOf(afterId)).toMatchObject({
      origin_rule_id: newRule,
      origin_norm_id: newNorm,
      origin_criterion: 'CR — Valor de conteúdo: até 50% do valor FOB (regra de teste).',
      norm_text: 'Regime de Origem do MERCOSUL — Norma de teste em vigor desde a mudança',
    });
    expect(after.json()).toMatchObject({ items: [{ origin_rule_id: newRule, origin_norm_id: newNorm }] });
    const oldPdf = await printed(beforeId);
    const newPdf = await printed(afterId);
    // The ACE-18 form is in Spanish: the version in force prints its own translation (05/23's names its decision);
    // the new test version, which has none, the code's generic one.
    expect(oldPdf).toContain(
      squeeze('CR — Valor de contenido: el valor CIF de los materiales no originarios'),
    );
    expect(oldPdf).toContain(squeeze('(45 % del valor FOB para Brasil; Dec. CMC n.º 05/23)'));
    expect(newPdf).toContain(
      squeeze('CR — Contenido regional: el valor CIF de los materiales no originarios'),
    );
    expect(newPdf).not.toContain(squeeze('Dec. CMC n.º 05/23'));

    // The rules screen: each version with the certificates that cited it.
    const history = await t.request('GET', `/v1/origin_rule/${newRule}/history`, { token: tok.admin });
    expect(history.statusCode).toBe(200);
    const versions = history.json<{
      data: {
        id: number;
        valid_until: string | null;
        certificates: { id: number }[];
        certificates_count: number;
      }[];
    }>().data;
    const old = versions.find((v) => v.id === oldRule);
    const current = versions.find((v) => v.id === newRule);
    expect(old?.valid_until).toBe(dayBefore);
    expect(old?.certificates.map((c) => c.id)).toContain(beforeId);
    expect(old?.certificates.map((c) => c.id)).not.toContain(afterId);
    expect(current).toMatchObject({
      certificates_count: 1,
      certificates: [expect.objectContaining({ id: afterId })],
    });

    // Moving the first certificate's invoice to the change day moves its items to the new versions.
    const moved = await t.request('PUT', `${BASE}/${beforeId}`, {
      token: tok.exportador,
      body: certificateBody(r, [declaration], { invoice_date: changeDay }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await itemOf(beforeId)).toMatchObject({ origin_rule_id: newRule, origin_norm_id: newNorm });
  }, 60_000);

  it('a criterion with no version in force on the invoice date is refused with the reason, nothing saved', async () => {
    // (Its norm is matched by name: the regime's version in force that day serves.)
    const late = await t.request('POST', '/v1/origin_rule', {
      token: tok.admin,
      body: { deal_id: r.mercosul, code: 'NV', description: 'Critério novo', valid_from: changeDay },
    });
    expect(late.statusCode, late.body).toBe(201);
    const cites = await approvedDeclaration(t.db, r, {
      ruleId: late.json<{ id: number }>().id,
      normId: newNorm,
    });
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from certificates`))[0]?.n;
    const before = await count();
    const res = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [cites], { invoice_date: dayBefore }),
    });
    expect(res.statusCode).toBe(422);
    const [y, m, d] = dayBefore.split('-');
    expect(res.json().errors['items.0.declaration_id']).toEqual([
      `O critério de origem NV da declaração não está em vigor na data da fatura (${d}/${m}/${y}): as regras mudaram desde a declaração; cite uma declaração feita sob as regras em vigor.`,
    ]);
    expect(await count()).toBe(before);
  }, 60_000);
});
