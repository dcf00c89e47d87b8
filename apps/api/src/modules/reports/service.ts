import { Readable } from 'node:stream';
import { PAGE_SIZE, TOTAL_CAP } from '@origem/contract/paging';
import type { RoleType } from '@origem/contract/permissions';
import {
  DEFAULT_REPORT_FIELDS,
  type FederationInvoiceBody,
  type ReportField,
  type ReportGrouping,
  type ReportPeriod,
  type ReportType,
  reportFileName,
} from '@origem/contract/schemas/reports';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { fieldError, notFound } from '../../lib/errors';
import { findParentInScope, type ParentKind } from '../../lib/scope';
import { endsWith, openRows } from '../../lib/stream-rows';
import {
  type BillingFilter,
  billingLines,
  billingSummary,
  countBillingLines,
  groupedBillingLines,
  type SummaryKind,
  subjectName,
} from './billing-queries';
import { requireCustomReport } from './custom-report-service';
import { centsToDecimal, reportHead, reportParts, toCents } from './model';
import { billingCsv } from './render-csv';
import { billingPdf } from './render-pdf';
import { billingXlsx } from './render-xlsx';

/** A report's file, as a stream written while its lines are read. */
export type ReportFile = { body: Readable; fileName: string; contentType: string };

const CONTENT_TYPES: Record<ReportType, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The summary lists behind the report screens' pickers: who billed what in the period, within the actor's scope. */
export async function summary(
  db: Database,
  actor: Actor,
  kind: SummaryKind,
  query: ReportPeriod & { name?: string; abbreviation?: string },
) {
  const rows = await billingSummary(db, actor, query, kind, {
    name: query.name,
    abbreviation: query.abbreviation,
    // A dispatcher summary lists what dispatchers pay; an exporter summary what exporters pay themselves.
    ...(kind === 'dispatcher' ? { payer: 'dispatcher' as const } : {}),
    ...(kind === 'exporter' ? { payer: 'exporter' as const } : {}),
  });
  const cents = rows.reduce((sum, r) => sum + toCents(r.amount), 0);
  return {
    data: rows,
    certificates: rows.reduce((sum, r) => sum + r.certificates, 0),
    amount: centsToDecimal(cents),
  };
}

/** The subject of a report, when it exists and the actor reaches it; a 404 otherwise (never telling which). */
async function requireSubject(db: Database, actor: Actor, kind: ParentKind, id: number) {
  if (!(await findParentInScope(db, actor, kind, id))) throw notFound();
}

const HIERARCHY: RoleType[] = ['admin', 'confederacao', 'federacao', 'associacao'];

/**
 * The exporter or dispatcher a payer report is about: a party's own user gets its own (and only its own);
 * the hierarchy names one in its scope. Anyone else has no such report.
 */
async function payerSubject(
  db: Database,
  actor: Actor,
  kind: 'exporter' | 'dispatcher',
  id: number | undefined,
): Promise<number> {
  const own = kind === 'exporter' ? actor.exporterId : actor.dispatcherId;
  const ownRole = kind === 'exporter' ? 'exportador' : 'despachante';
  if (actor.roleType === ownRole) {
    if (!own || (id !== undefined && id !== own)) throw notFound();
    return own;
  }
  if (!HIERARCHY.includes(actor.roleType)) throw notFound();
  if (id === undefined) throw fieldError('id', 'Campo obrigatório.');
  await requireSubject(db, actor, kind, id);
  return id;
}

/**
 * A report's file, streamed (docs/adr/010-reports-that-stream.md): its lines are read from the database a batch
 * at a time while the file is written, so neither memory nor the time to the first byte grows with the period.
 * The first batch is read here: a query that cannot start is still an error answer (JSON, in Portuguese). A
 * failure after the first bytes cuts the download short (the response is destroyed and the error logged): the
 * browser reports a failed download, never a file that looks whole.
 */
async function render(
  db: Database,
  actor: Actor,
  input: {
    kind: string;
    title: string;
    subject: string;
    period: ReportPeriod;
    type: ReportType;
    filter: BillingFilter;
    fields?: ReportField[] | null;
    grouping: ReportGrouping;
  },
): Promise<ReportFile> {
  const head = reportHead({
    title: input.title,
    subject: input.subject,
    period: input.period,
    fields: input.fields?.length ? input.fields : DEFAULT_REPORT_FIELDS,
    grouping: input.grouping,
  });
  const lines = await openRows(db, groupedBillingLines(actor, input.period, input.filter, input.grouping));
  const parts = reportParts(lines);
  const body =
    input.type === 'xlsx'
      ? billingXlsx(head, parts)
      : Readable.from(input.type === 'csv' ? billingCsv(head, parts) : billingPdf(head, parts), {
          objectMode: false,
        });
  return {
    body: endsWith(body, lines),
    fileName: reportFileName(input.kind, input.period, input.type),
    contentType: CONTENT_TYPES[input.type],
  };
}

/** GET /v1/report/trade_association/invoice: an association's certificates, grouped by who pays. */
export async function associationInvoice(
  db: Database,
  actor: Actor,
  query: ReportPeriod & { ca_id: number; type: ReportType },
) {
  await requireSubject(db, actor, 'association', query.ca_id);
  return render(db, actor, {
    kind: 'associacao',
    title: 'Faturamento da associação comercial',
    subject: await subjectName(db, 'association', query.ca_id),
    period: query,
    type: query.type,
    filter: { associationId: query.ca_id },
    grouping: 3,
  });
}

/** What differs between the two payers' reports: the file's name, the title, what is billed and the grouping. */
const PAYER_REPORTS = {
  exporter: {
    kind: 'exportador',
    title: 'Faturamento do exportador',
    // What it pays itself: the certificates no dispatcher asked for, by deal.
    filter: (id: number): BillingFilter => ({ exporterId: id, payer: 'exporter' }),
    grouping: 4,
  },
  dispatcher: {
    kind: 'despachante',
    title: 'Faturamento do despachante',
    // What it pays, by exporter.
    filter: (id: number): BillingFilter => ({ dispatcherId: id }),
    grouping: 5,
  },
} as const satisfies Record<
  'exporter' | 'dispatcher',
  { kind: string; title: string; filter: (id: number) => BillingFilter; grouping: ReportGrouping }
>;

/** GET /v1/report/exporter/invoice and /v1/report/dispatcher/invoice: what one payer pays in the period. */
export async function payerInvoice(
  db: Database,
  actor: Actor,
  payer: 'exporter' | 'dispatcher',
  query: ReportPeriod & { id?: number; type: ReportType },
) {
  const id = await payerSubject(db, actor, payer, query.id);
  const report = PAYER_REPORTS[payer];
  return render(db, actor, {
    kind: report.kind,
    title: report.title,
    subject: await subjectName(db, payer, id),
    period: query,
    type: query.type,
    filter: report.filter(id),
    grouping: report.grouping,
  });
}

/**
 * POST /v1/report/federation/invoice: the federation's certificates (only its associations the actor reaches),
 * with the columns and grouping the settings choose (defaults SPEC §9).
 */
export async function federationInvoice(db: Database, actor: Actor, body: FederationInvoiceBody) {
  await requireSubject(db, actor, 'federation', body.id);
  // A saved layout decides the columns and the grouping (SPEC §3 "Custom report").
  const custom = body.custom_report_id ? await requireCustomReport(db, body.custom_report_id) : null;
  return render(db, actor, {
    kind: 'federacao',
    title: 'Faturamento da federação',
    subject: await subjectName(db, 'federation', body.id),
    period: body,
    type: body.type,
    filter: { federationId: body.id },
    fields: custom ? (custom.fields as ReportField[]) : body.fields,
    grouping: (custom?.grouping_report_id ?? body.grouping_report_id) as ReportGrouping,
  });
}

/**
 * GET /v1/report/prereceipt: the certificates of the period the actor is billed for (or, for the hierarchy, bills),
 * a page at a time, each with its fee; the pré-recibo of each is GET /v1/certificate/prereceipt/{id}.
 */
export async function prereceiptLines(
  db: Database,
  actor: Actor,
  query: ReportPeriod & { page: number; per_page?: number },
) {
  const perPage = query.per_page ?? PAGE_SIZE;
  const offset = (query.page - 1) * perPage;
  const [rows, counted] = [
    await billingLines(db, actor, query, {}, { limit: perPage, offset }),
    await countBillingLines(db, actor, query, {}, TOTAL_CAP + 1),
  ];
  const capped = counted > TOTAL_CAP;
  const total = Math.min(counted, TOTAL_CAP);
  return {
    data: rows.map((line) => ({
      id: line.certificate_id,
      certificate_number: line.certificate_number,
      issued_on: line.issued_on,
      invoice_number: line.invoice_number,
      deal: line.deal,
      association: line.association,
      exporter: line.exporter,
      payer: line.dispatcher ?? line.exporter,
      payer_kind: line.dispatcher_id ? ('dispatcher' as const) : ('exporter' as const),
      member: line.member,
      amount: line.amount,
    })),
    current_page: query.page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total_capped: capped,
  };
}
