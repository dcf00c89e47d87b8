import { ErrorCode } from '@origem/contract/errors';
import { stateLabel } from '@origem/contract/flows';
import {
  type ApprovedCertificateQuery,
  type Certificate,
  type CertificateListQuery,
  type CertificateStatus,
  type CertificateVerification,
  certificateVerificationPath,
  EDITABLE_CERTIFICATE_STATES,
  type InvoiceInUse,
  type InvoiceInUseQuery,
  certificateMessages as text,
} from '@origem/contract/schemas/certificates';
import type { Database, Executor } from '../../db/client';
import { type StoredFile, storedFileView } from '../../files/records';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { availableActions, type FlowRow, flowHistory } from '../../lib/workflow';
import { lastNote } from '../issuance/queries';
import { fileOfRecord } from '../issuance/service';
import { resolveExporter } from './checks';
import { certificateSubject, flow } from './flow-subject';
import * as q from './queries';

export function listCertificates(db: Database, actor: Actor, query: CertificateListQuery) {
  return q.pageCertificates(db, actor, query);
}

export function approvedCertificates(db: Database, actor: Actor, query: ApprovedCertificateQuery) {
  return q.pageApproved(db, actor, query);
}

/**
 * GET invoice_in_use: the exporter's other certificates with this invoice number, so a draft's save can warn first.
 * The exporter is resolved as a save resolves it (an exporter's user: its own; others: one they reach, else 403).
 */
export async function invoiceInUse(
  db: Database,
  actor: Actor,
  query: InvoiceInUseQuery,
): Promise<InvoiceInUse> {
  const exporter = await resolveExporter(db, actor, query.exporter_id ?? null);
  const rows = await q.certificatesWithInvoice(
    db,
    actor,
    exporter.id,
    query.invoice_number,
    query.except_id ?? null,
  );
  return { data: rows.map((row) => ({ ...row, status: row.status as CertificateStatus })) };
}

const fileView = (file: StoredFile | undefined) =>
  file
    ? storedFileView({
        file_name: file.original_name,
        file_mime: file.mime_type,
        file_size: file.size,
        file_created_at: file.created_at,
      })
    : null;

const REFUSALS = ['reprove', 'reprove_cancellation', 'reprove_substitution'] as const;

export async function getCertificate(
  db: Executor,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<Certificate> {
  return certificateDetail(ctx, actor, await readCertificate(db, actor, id));
}

/** Everything a certificate's detail shows, read at once: the row with its parties, and what hangs off it. */
export async function readCertificate(db: Executor, actor: Actor, id: number) {
  const found = await q.findCertificate(db, id, q.ownerScope(actor));
  if (!found) throw notFound();
  const [items, history, lineage, files, lastReason] = await Promise.all([
    q.itemsOf(db, id),
    flowHistory(db, flow, id),
    q.lineageOf(db, found.row),
    q.filesOf(db, id),
    lastNote(db, flow.name, id, REFUSALS),
  ]);
  return { found, items, history, lineage, files, lastReason };
}
export type CertificateRecord = Awaited<ReturnType<typeof readCertificate>>;

/** The detail of what `readCertificate` read, as `actor` sees it. */
export function certificateDetail(
  ctx: ServiceContext,
  actor: Actor,
  { found, items, history, lineage, files, lastReason }: CertificateRecord,
): Certificate {
  const { row } = found;
  const creator = actor.permissions.has('certificate.create');
  const editable = EDITABLE_CERTIFICATE_STATES.includes(row.status as CertificateStatus);
  return {
    id: row.id,
    status: row.status as CertificateStatus,
    certificate_flow: q.flowRef(row.status),
    certificate_number: row.certificate_number,
    exporter_id: row.exporter_id,
    exporter: {
      id: row.exporter_id,
      name: found.exporter.name,
      cnpj: found.exporter.cnpj,
      cpf: found.exporter.cpf,
    },
    trade_association: { id: row.trade_association_id, name: found.association.name },
    dispatcher:
      row.dispatcher_id && found.dispatcher_name
        ? { id: row.dispatcher_id, name: found.dispatcher_name }
        : null,
    legal_representative_id: row.legal_representative_id,
    legal_representative: {
      id: row.legal_representative_id,
      name: found.representative.name,
      cpf: found.representative.cpf,
    },
    deal_id: row.deal_id,
    deal: { id: row.deal_id, abbreviation: found.deal.abbreviation, name: found.deal.name },
    language_id: row.language_id,
    currency_id: row.currency_id,
    sector_id: row.sector_id,
    shipment_port_id: row.shipment_port_id,
    transport_id: row.transport_id,
    company_importer_id: row.company_importer_id,
    company_importer: { id: row.company_importer_id, corporate_name: found.importer.corporate_name },
    company_manufacturer_id: row.company_manufacturer_id,
    company_manufacturer:
      row.company_manufacturer_id && found.manufacturer_name
        ? { id: row.company_manufacturer_id, corporate_name: found.manufacturer_name }
        : null,
    company_intervenor_id: row.company_intervenor_id,
    company_intervenor:
      row.company_intervenor_id && found.intervenor?.corporate_name
        ? { id: row.company_intervenor_id, corporate_name: found.intervenor.corporate_name }
        : null,
    measurement_unit_gross_weight_id: row.measurement_unit_gross_weight_id,
    measurement_unit_net_weight_id: row.measurement_unit_net_weight_id,
    measurement_unit_volume_id: row.measurement_unit_volume_id,
    invoice_number: row.invoice_number,
    invoice_date: row.invoice_date,
    gross_weight: row.gross_weight,
    net_weight: row.net_weight,
    volume: row.volume,
    observations: row.observations,
    has_digital_signature: row.has_digital_signature,
    association_certification_id: row.association_certification_id,
    rectification: row.rectification,
    replaces: lineage.replaces,
    replaced_by: lineage.replacedBy,
    analyst: row.analyst_id && found.analyst_name ? { id: row.analyst_id, name: found.analyst_name } : null,
    issued_at: row.issued_at ? row.issued_at.toISOString() : null,
    valid_until: row.valid_until,
    verification_url: row.certificate_number
      ? `${ctx.appUrl}${certificateVerificationPath(row.verification_code)}`
      : null,
    commercial_invoice: fileView(files.get(q.FILE_ROLES.commercial_invoice)),
    intervenor_invoice: fileView(files.get(q.FILE_ROLES.intervenor_invoice)),
    substitution_letter: fileView(files.get(q.FILE_ROLES.substitution)),
    last_reason: lastReason,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      declaration_id: item.declaration_id,
      declaration: {
        id: item.declaration_id,
        product_name: item.declaration_product_name,
        status: item.declaration_status,
      },
      ncm: item.ncm,
      nomenclature_code: item.nomenclature_code,
      description: item.description,
      ncm_description: item.ncm_description,
      reference_description: item.reference_description,
      quantity: item.quantity,
      measurement_unit_id: item.measurement_unit_id,
      measurement_unit:
        item.measurement_unit_id && item.unit_code
          ? { id: item.measurement_unit_id, code: item.unit_code, name: item.unit_name ?? item.unit_code }
          : null,
      gross_weight: item.gross_weight,
      net_weight: item.net_weight,
      fob_value_usd: item.fob_value_usd,
      origin_criterion: item.origin_criterion,
      norm_text: item.norm_text,
      origin_rule_id: item.origin_rule_id,
      origin_norm_id: item.origin_norm_id,
    })),
    can: { edit: creator && editable, delete: creator && editable, clone: creator },
    actions: availableActions(certificateSubject, row as unknown as FlowRow, actor),
    history,
    last_step_at: row.last_step_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A stored file of a certificate the actor reaches. */
export async function certificateFile(
  db: Database,
  actor: Actor,
  id: number,
  role: q.FileRole,
): Promise<StoredFile> {
  const found = await q.findCertificate(db, id, q.ownerScope(actor));
  return fileOfRecord(db, found, q.certificateOwner(id), role);
}

// ---- public verification -----------------------------------------------------------------------------------------

/**
 * The public verification page's data (no sign-in): a certificate that was issued at some point — its number,
 * status, issuing entity, dates, exporter, the importer's country and the items' descriptions; no values, no
 * quantities, no parties' addresses. Drafts and certificates never issued are "not found".
 */
export async function verifyCertificate(db: Database, code: string): Promise<CertificateVerification> {
  const found = await q.findByVerificationCode(db, code);
  if (!found?.row.certificate_number) {
    throw new AppError(404, ErrorCode.NotFound, text.verificationNotFound);
  }
  const { row } = found;
  const [items, lineage] = await Promise.all([q.itemsOf(db, row.id), q.lineageOf(db, row)]);
  return {
    certificate_number: row.certificate_number,
    status: row.status as CertificateStatus,
    status_label: stateLabel(flow, row.status),
    substituted_by: lineage.replacedBy?.certificate_number ?? null,
    issuing_entity: found.association.name,
    exporter: found.exporter.name,
    importer_country: found.importer.country ?? null,
    deal: `${found.deal.abbreviation} — ${found.deal.name}`,
    issued_at: row.issued_at ? row.issued_at.toISOString() : null,
    valid_until: row.valid_until,
    items: items.map((item) => ({ description: item.description, ncm: item.ncm })),
  };
}
