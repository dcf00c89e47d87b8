import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  certificates,
  deals,
  dispatchers,
  exporters,
  federations,
  tradeAssociationFees,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import { certificateRefs } from '../certificates/test-support';
import { addAssociation, addExporter, addUser } from '../declarations/test-support';

/**
 * A billing period seeded straight into the tables (March 2026, Brasília), with totals computed by hand:
 *
 * Santos (FACESP), fees ACE-18 45,00 / 90,00 and ACE-35 47,35 / 94,70 (set here), no fee for ACE-36:
 *  1. Café Santista (member), ACE-18, 02/03                         → exporter pays     45,00
 *  2. Café Santista (member), ACE-35, 15/03                         → exporter pays     47,35
 *  3. Café Santista, ACE-18, asked by Porto Despachos (non-member)  → dispatcher pays   90,00
 *  4. Cerâmica Nova (non-member), ACE-35, 31/03 23:30 Brasília       → exporter pays     94,70
 *  5. Café Santista, ACE-36 (no fee on file), 20/03                  → exporter pays      0,00
 * Santos: 5 certificates, 277,05. Café Santista pays 92,35 (3); Porto Despachos 90,00 (1); Cerâmica Nova 94,70 (1).
 * Outside the period or not issued: 28/02 23:59 and 01/04 00:10 Brasília, and a draft.
 * Associação de Outra Federação (Federação do Sul), ACE-18 50,00 / 100,00: Exportadora Sul (non-member),
 * 10/03 → 100,00.
 */
export const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };

export async function seedBillingPeriod(db: Executor) {
  const r = await certificateRefs(db);
  const [acordo36] = await db.select({ id: deals.id }).from(deals).where(eq(deals.abbreviation, 'ACE-36'));
  const ace36 = acordo36?.id ?? 0;
  await db
    .update(tradeAssociationFees)
    .set({ member_fee: '47.35', non_member_fee: '94.70' })
    .where(
      and(
        eq(tradeAssociationFees.trade_association_id, r.association),
        eq(tradeAssociationFees.deal_id, r.chile),
      ),
    );
  await db
    .delete(tradeAssociationFees)
    .where(
      and(
        eq(tradeAssociationFees.trade_association_id, r.association),
        eq(tradeAssociationFees.deal_id, ace36),
      ),
    );
  await db.update(exporters).set({ associated: true }).where(eq(exporters.id, r.exporterId));
  const [dispatcher] = await db.select({ id: dispatchers.id }).from(dispatchers);
  await db
    .update(dispatchers)
    .set({ associated: false })
    .where(eq(dispatchers.id, dispatcher?.id ?? 0));
  const ceramica = await addExporter(db, r.association, 901, 'Cerâmica Nova Ltda.');

  const [south] = await db
    .insert(federations)
    .values({ name: 'Federação do Sul', abbreviation: 'FSUL' })
    .returning({ id: federations.id });
  const otherAssociation = await addAssociation(db, south?.id ?? null, 'Associação de Outra Federação');
  await db.insert(tradeAssociationFees).values({
    trade_association_id: otherAssociation,
    deal_id: r.mercosul,
    member_fee: '50.00',
    non_member_fee: '100.00',
  });
  const sul = await addExporter(db, otherAssociation, 902, 'Exportadora Sul S.A.');

  let n = 0;
  const issue = async (values: {
    exporter: { id: number; representative: number; company: number };
    association: number;
    deal: number;
    at: string | null;
    dispatcher?: number;
  }) => {
    n += 1;
    const [row] = await db
      .insert(certificates)
      .values({
        status: values.at ? 'EMITIDO' : 'RASCUNHO',
        exporter_id: values.exporter.id,
        trade_association_id: values.association,
        dispatcher_id: values.dispatcher ?? null,
        legal_representative_id: values.exporter.representative,
        deal_id: values.deal,
        company_importer_id: values.exporter.company,
        invoice_number: `FAT-${n}`,
        invoice_date: '2026-02-20',
        // Far above the demo seed's issued certificate (sequence 1): numbers are unique.
        certificate_number: values.at ? `BRACSA1826${String(900_000 + n).padStart(8, '0')}00` : null,
        verification_code: randomBytes(12).toString('hex'),
        issued_at: values.at ? new Date(values.at) : null,
      })
      .returning({ id: certificates.id });
    return row?.id ?? 0;
  };
  const santista = { id: r.exporterId, representative: r.exporterRepresentative, company: r.importer };
  const ids = {
    c1: await issue({
      exporter: santista,
      association: r.association,
      deal: r.mercosul,
      at: '2026-03-02T10:00:00-03:00',
    }),
    c2: await issue({
      exporter: santista,
      association: r.association,
      deal: r.chile,
      at: '2026-03-15T10:00:00-03:00',
    }),
    c3: await issue({
      exporter: santista,
      association: r.association,
      deal: r.mercosul,
      at: '2026-03-20T10:00:00-03:00',
      dispatcher: dispatcher?.id,
    }),
    c4: await issue({
      exporter: ceramica,
      association: r.association,
      deal: r.chile,
      at: '2026-03-31T23:30:00-03:00',
    }),
    c5: await issue({
      exporter: santista,
      association: r.association,
      deal: ace36,
      at: '2026-03-20T11:00:00-03:00',
    }),
    before: await issue({
      exporter: santista,
      association: r.association,
      deal: r.mercosul,
      at: '2026-02-28T23:59:00-03:00',
    }),
    after: await issue({
      exporter: ceramica,
      association: r.association,
      deal: r.mercosul,
      at: '2026-04-01T00:10:00-03:00',
    }),
    draft: await issue({ exporter: santista, association: r.association, deal: r.mercosul, at: null }),
    sul: await issue({
      exporter: sul,
      association: otherAssociation,
      deal: r.mercosul,
      at: '2026-03-10T09:00:00-03:00',
    }),
  };
  // The draft lies in the period by creation date: it must still not be billed.
  await db.execute(
    sql`update certificates set created_at = '2026-03-05T10:00:00-03:00' where id = ${ids.draft}`,
  );
  return {
    r,
    ids,
    dispatcherId: dispatcher?.id ?? 0,
    ceramica: ceramica.id,
    sul: sul.id,
    south: south?.id ?? 0,
    otherAssociation,
  };
}
export type BillingSeed = Awaited<ReturnType<typeof seedBillingPeriod>>;

/** The token of a user of the seed's association in the other federation ('sul@origem.local'), out of Santos' reach. */
export const otherAssociationUser = (t: TestApp, seed: BillingSeed): Promise<string> =>
  addUser(t, { email: 'sul@origem.local', role: 'associacao', tradeAssociationId: seed.otherAssociation });

/** A `;` CSV with quotes doubled (RFC 4180), as spreadsheets read it. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
