import { certificateFlow } from '@origem/contract/flows';
import { and, eq } from 'drizzle-orm';
import { nextNumber } from '../../lib/sequences';
import { newVerificationCode } from '../../modules/certificates/queries';
import type { Executor, Tx } from '../client';
import {
  certificateItems,
  certificates,
  companies,
  currencies,
  deals,
  declarations,
  exporters,
  flowSteps,
  languages,
  legalRepresentatives,
  measurementUnits,
  originNorms,
  originRules,
  sectors,
  shipmentPorts,
  tradeAssociations,
  transports,
  users,
} from '../schema';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const isoDay = (moment: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(moment);

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`${what} não semeado`);
  return row;
}

type Step = { action: string; from: string | null; to: string; userId: number; at: Date; note?: string };

/**
 * Certificates of the demo exporter under ACE-18, citing the ceramic declaration it reaches through its approved
 * declaration link, so `npm start` shows the workflow and the dashboard at once: a draft, one the analyst has taken,
 * and a half-year of issued ones, two of them cancelled since (numbered by the numbering kernel, so the next issue
 * continues the sequence).
 */
export async function seedDemoCertificates(db: Executor, tradeAssociationId: number): Promise<void> {
  const userId = async (email: string) =>
    (await one(db.select({ id: users.id }).from(users).where(eq(users.email, email)), email)).id;
  const exporterUser = await userId('exportador@origem.local');
  const analyst = await userId('analista@origem.local');
  const exporter = await one(
    db
      .select({ id: exporters.id })
      .from(exporters)
      .where(eq(exporters.name, 'Café Santista Exportadora Ltda.')),
    'exportador de demonstração',
  );
  const company = async (type: number) =>
    (
      await one(
        db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.exporter_id, exporter.id), eq(companies.company_type_id, type))),
        `empresa tipo ${type}`,
      )
    ).id;
  const representative = await one(
    db
      .select({ id: legalRepresentatives.id })
      .from(legalRepresentatives)
      .where(eq(legalRepresentatives.exporter_id, exporter.id)),
    'responsável legal',
  );
  const deal = await one(
    db
      .select({ id: deals.id, acronym: deals.aladi_acronym, months: deals.certificate_validity_months })
      .from(deals)
      .where(eq(deals.abbreviation, 'ACE-18')),
    'ACE-18',
  );
  const declaration = await one(
    db
      .select({
        id: declarations.id,
        product_name: declarations.product_name,
        ncm: declarations.ncm,
        nomenclature_code: declarations.nomenclature_code,
        rule_id: originRules.id,
        norm_id: originNorms.id,
        rule_code: originRules.code,
        rule_description: originRules.description,
        norm_text: originNorms.legal_text,
        norm_name: originNorms.name,
      })
      .from(declarations)
      .innerJoin(originRules, eq(originRules.id, declarations.origin_rule_id))
      .innerJoin(originNorms, eq(originNorms.id, declarations.origin_norm_id))
      .where(and(eq(declarations.deal_id, deal.id), eq(declarations.status, 'APROVADA'))),
    'declaração aprovada do ACE-18',
  );
  const association = await one(
    db
      .select({ ehid: tradeAssociations.ehid })
      .from(tradeAssociations)
      .where(eq(tradeAssociations.id, tradeAssociationId)),
    'associação',
  );
  const idBy = async (table: typeof currencies | typeof measurementUnits | typeof languages, code: string) =>
    (await one(db.select({ id: table.id }).from(table).where(eq(table.code, code)), code)).id;
  const idByName = async (table: typeof sectors | typeof shipmentPorts | typeof transports, name: string) =>
    (await one(db.select({ id: table.id }).from(table).where(eq(table.name, name)), name)).id;
  const kg = await idBy(measurementUnits, 'KG');
  const m2 = await idBy(measurementUnits, 'M2');

  const PRINTED = 'Ladrilhos e placas de cerâmica, vidrados ou esmaltados, para pavimentação ou revestimento';
  const header = {
    exporter_id: exporter.id,
    trade_association_id: tradeAssociationId,
    legal_representative_id: representative.id,
    deal_id: deal.id,
    language_id: await idBy(languages, 'es'),
    currency_id: await idBy(currencies, 'USD'),
    sector_id: await idByName(sectors, 'Móveis e madeira'),
    shipment_port_id: await idByName(shipmentPorts, 'Porto de Santos'),
    transport_id: await idByName(transports, 'Marítimo'),
    company_importer_id: await company(1),
    measurement_unit_gross_weight_id: kg,
    measurement_unit_net_weight_id: kg,
    created_by: exporterUser,
  };
  const item = (
    position: number,
    quantity: string,
    net: string,
    fob: string,
    description?: string,
    printed: string | null = PRINTED,
  ) => ({
    position,
    declaration_id: declaration.id,
    ncm: declaration.ncm,
    nomenclature_code: declaration.nomenclature_code,
    description: description ?? declaration.product_name,
    // Chosen with select_ncm; the draft leaves it blank to show the NcmDescriptionError warning on print.
    ncm_description: printed,
    quantity,
    measurement_unit_id: m2,
    gross_weight: (Number(net) * 1.08).toFixed(3),
    net_weight: net,
    fob_value_usd: fob,
    origin_criterion: `${declaration.rule_code} — ${declaration.rule_description}`.slice(0, 255),
    norm_text: declaration.norm_text ?? declaration.norm_name,
    // The demo's invoices are recent: the declaration's (current) versions are the ones in force.
    origin_rule_id: declaration.rule_id,
    origin_norm_id: declaration.norm_id,
  });

  /** The certificates to write, each with its items and history: one insert per table for all (a fast seed). */
  const planned: {
    values: typeof certificates.$inferInsert;
    items: ReturnType<typeof item>[];
    steps: Step[];
  }[] = [];
  const insert = (
    values: Partial<typeof certificates.$inferInsert> & { invoice_number: string; invoice_date: string },
    items: ReturnType<typeof item>[],
    steps: Step[],
  ) => {
    const last = steps.at(-1)?.at ?? new Date();
    planned.push({
      values: {
        ...header,
        ...values,
        verification_code: newVerificationCode(),
        last_step_at: last,
        created_at: steps[0]?.at ?? last,
        updated_at: last,
      },
      items,
      steps,
    });
  };

  const { send_analysis, take, approve, solicit_cancellation, send_cancellation } = certificateFlow.actions;
  /** Sent, taken and approved: numbered by the numbering kernel on its issue day, valid for the deal's months. */
  const issue = async (
    tx: Tx,
    days: number,
    invoice: string,
    netKg: number,
    after: { cancelledDaysLater?: number } = {},
  ) => {
    const issuedAt = daysAgo(days);
    const year = isoDay(issuedAt).slice(2, 4);
    const sequence = await nextNumber(tx, `certificate:${association.ehid}:${deal.acronym}:${year}`);
    const base = `BR${association.ehid}${deal.acronym}${year}${String(sequence).padStart(8, '0')}`;
    const validUntil = new Date(issuedAt);
    validUntil.setMonth(validUntil.getMonth() + deal.months);
    const steps: Step[] = [
      { action: 'create', from: null, to: 'RASCUNHO', userId: exporterUser, at: daysAgo(days + 5) },
      {
        action: 'send_analysis',
        from: 'RASCUNHO',
        to: send_analysis.to,
        userId: exporterUser,
        at: daysAgo(days + 4),
      },
      { action: 'take', from: send_analysis.to, to: take.to, userId: analyst, at: daysAgo(days + 1) },
      { action: 'approve', from: take.to, to: approve.to, userId: analyst, at: issuedAt },
    ];
    const cancelled = after.cancelledDaysLater;
    if (cancelled !== undefined) {
      const note = 'Embarque cancelado pelo importador.';
      steps.push(
        {
          action: 'solicit_cancellation',
          from: approve.to,
          to: solicit_cancellation.to,
          userId: exporterUser,
          at: daysAgo(days - cancelled + 1),
          note,
        },
        {
          action: 'send_cancellation',
          from: solicit_cancellation.to,
          to: send_cancellation.to,
          userId: analyst,
          at: daysAgo(days - cancelled),
        },
      );
    }
    const quantity = (netKg * 0.6).toFixed(3);
    const fob = (netKg * 6.12).toFixed(2);
    insert(
      {
        status: cancelled === undefined ? approve.to : send_cancellation.to,
        invoice_number: invoice,
        invoice_date: isoDay(daysAgo(days + 6)),
        gross_weight: (netKg * 1.08).toFixed(3),
        net_weight: netKg.toFixed(3),
        number_base: base,
        certificate_number: `${base}00`,
        analyst_id: analyst,
        issued_at: issuedAt,
        valid_until: isoDay(validUntil),
      },
      [item(1, quantity, netKg.toFixed(3), fob)],
      steps,
    );
  };
  // 1. Issued over the last months (oldest first, so the numbers follow the days), one of them cancelled since:
  // the dashboard's charts show a real half-year at once.
  const history: [days: number, invoice: string, netKg: number, cancelledDaysLater?: number][] = [
    [170, 'FC-2026-0112', 18000],
    [152, 'FC-2026-0139', 21000],
    [131, 'FC-2026-0171', 12500],
    [118, 'FC-2026-0188', 30000],
    [96, 'FC-2026-0224', 16000, 9],
    [74, 'FC-2026-0259', 22000],
    [61, 'FC-2026-0281', 9800],
    [45, 'FC-2026-0307', 26000],
    [38, 'FC-2026-0319', 14000],
    [24, 'FC-2026-0345', 19500, 6],
  ];
  await db.transaction(async (tx) => {
    for (const [days, invoice, netKg, cancelledDaysLater] of history) {
      await issue(tx, days, invoice, netKg, { cancelledDaysLater });
    }
    await issue(tx, 10, 'FC-2026-0371', 24000);
  });
  // 2. Taken by the analyst.
  insert(
    {
      status: take.to,
      invoice_number: 'FC-2026-0398',
      invoice_date: isoDay(daysAgo(4)),
      gross_weight: '17280.000',
      net_weight: '16000.000',
      analyst_id: analyst,
      company_intervenor_id: null,
    },
    [
      item(1, '6000.000', '10000.000', '61200.00'),
      item(
        2,
        '3600.000',
        '6000.000',
        '40680.00',
        'Revestimento cerâmico esmaltado 60x60 cm, linha Mármore Carrara',
      ),
    ],
    [
      { action: 'create', from: null, to: 'RASCUNHO', userId: exporterUser, at: daysAgo(3) },
      {
        action: 'send_analysis',
        from: 'RASCUNHO',
        to: send_analysis.to,
        userId: exporterUser,
        at: daysAgo(2),
      },
      { action: 'take', from: send_analysis.to, to: take.to, userId: analyst, at: daysAgo(1) },
    ],
  );
  // 3. A draft the exporter is still filling in.
  insert(
    { status: certificateFlow.initial, invoice_number: 'FC-2026-0412', invoice_date: isoDay(daysAgo(1)) },
    [item(1, '2400.000', '4000.000', '24480.00', undefined, null)],
    [{ action: 'create', from: null, to: 'RASCUNHO', userId: exporterUser, at: daysAgo(0.5) }],
  );

  const rows = await db
    .insert(certificates)
    .values(planned.map((p) => p.values))
    .returning({ id: certificates.id, code: certificates.verification_code });
  const idOf = new Map(rows.map((row) => [row.code, row.id]));
  const withIds = planned.map((p) => {
    const id = idOf.get(p.values.verification_code);
    if (!id) throw new Error('certificado de demonstração não criado');
    return { ...p, id };
  });
  await db
    .insert(certificateItems)
    .values(withIds.flatMap((p) => p.items.map((i) => ({ ...i, certificate_id: p.id }))));
  await db.insert(flowSteps).values(
    withIds.flatMap((p) =>
      p.steps.map((s) => ({
        flow: certificateFlow.name,
        record_id: p.id,
        action: s.action,
        from_status: s.from,
        to_status: s.to,
        note: s.note ?? null,
        user_id: s.userId,
        created_at: s.at,
      })),
    ),
  );
}
