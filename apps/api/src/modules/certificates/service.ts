import { ErrorCode } from '@origem/contract/errors';
import { type ActionOf, certificateFlow, type StateOf, stateLabel } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import {
  type ApprovedCertificateQuery,
  type Certificate,
  type CertificateAction,
  type CertificateInput,
  type CertificateListQuery,
  type CertificateStatus,
  type CertificateVerification,
  certificateVerificationPath,
  EDITABLE_CERTIFICATE_STATES,
  INVOICE_MAX_AGE_DAYS,
  type InvoiceInUse,
  type InvoiceInUseQuery,
  type SelectNcmInput,
  type TypeAnalysis,
  certificateMessages as text,
} from '@origem/contract/schemas/certificates';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import {
  certificates,
  currencies,
  languages,
  measurementUnits,
  sectors,
  shipmentPorts,
  transports,
} from '../../db/schema';
import { FileChanges, findOwnerFile, type StoredFile, storedFileView } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, conflict, type FieldErrors, forbidden, invalid, notFound } from '../../lib/errors';
import { countHit } from '../../lib/rate-limit';
import { requireParentInScope } from '../../lib/scope';
import { nextNumber } from '../../lib/sequences';
import {
  availableActions,
  type FlowRow,
  type FlowSubject,
  flowHistory,
  recordCreation,
  transition,
} from '../../lib/workflow';
import { enqueueMail } from '../../mail/outbox';
import { citableAmong } from '../declarations/queries';
import { existingIds, lastNote } from '../issuance/queries';
import {
  type ActionEffect,
  checkRepresentativeAndDeal,
  fileOfRecord,
  requireEditable,
  takenByOther,
} from '../issuance/service';
import { type CertificateFacts, decisionMail, isDecision, signatureRequestMail } from './mails';
import * as q from './queries';

const flow = certificateFlow;
type Action = ActionOf<typeof flow>;
const IN_ANALYSIS: CertificateStatus = flow.actions.take.to;

const refusal = (message: string) => new AppError(422, ErrorCode.FlowActionRefused, message);
const isDigital = (row: FlowRow) => row.has_digital_signature === true;

/** Taking a certificate locks it to the analyst; an administrator may step in. */
const takenByActor = takenByOther(IN_ANALYSIS, text.takenByOther);

const PAPER_ONLY = 'Esta ação é do certificado em papel; este certificado tem assinatura digital.';
const DIGITAL_ONLY = 'Esta ação é do certificado com assinatura digital; este certificado é em papel.';

/**
 * The certificate under the kernel's flow (DOMAIN.md §4), acted on within the owner scope of lib/scope.ts. The
 * paper and digital paths share their routes (`send_analysis`, `approve`): the guards keep each certificate on its
 * own path, so `actions` lists exactly the one that applies.
 */
export const certificateSubject: FlowSubject<StateOf<typeof flow>, Action> = {
  flow,
  table: certificates,
  auditType: q.AUDIT_TYPE,
  scope: (actor) => q.ownerScope(actor) ?? null,
  guards: {
    send_analysis: (row) => (isDigital(row) ? PAPER_ONLY : null),
    send_for_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    send_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    // Taken only through the signature routes (signatures.ts), which verify the signature inside the transition.
    first_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    second_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    approve: (row, actor) => (isDigital(row) ? PAPER_ONLY : takenByActor(row, actor)),
    approve_digital: (row, actor) => (isDigital(row) ? takenByActor(row, actor) : DIGITAL_ONLY),
    reprove: takenByActor,
  },
};

// ---- reading -----------------------------------------------------------------------------------------------------

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
  const found = await q.findCertificate(db, id, q.ownerScope(actor));
  if (!found) throw notFound();
  const { row } = found;
  const [items, history, lineage, files, lastReason] = await Promise.all([
    q.itemsOf(db, id),
    flowHistory(db, flow, id),
    q.lineageOf(db, row),
    q.filesOf(db, id),
    lastNote(db, flow.name, id, REFUSALS),
  ]);
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
    })),
    can: { edit: creator && editable, delete: creator && editable, clone: creator },
    actions: availableActions(certificateSubject, row as unknown as FlowRow, actor),
    history,
    last_step_at: row.last_step_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// ---- the checks of a save ------------------------------------------------------------------------------------------

/** Whose certificate it is: an exporter's user always asks for its own; a dispatcher or staff name one they reach. */
async function resolveExporter(tx: Executor, actor: Actor, requested: number | null) {
  if (actor.roleType === 'exportador' && !actor.exporterId) throw forbidden(text.noParty);
  const id = actor.roleType === 'exportador' ? actor.exporterId : requested;
  if (!id) throw invalid({ exporter_id: [text.exporterRequired] }, text.exporterRequired);
  const parent = await requireParentInScope(tx, actor, 'exporter', id, 'exporter_id');
  if (parent.tradeAssociationId === null) {
    throw invalid({ exporter_id: [messages.field.invalidOption] });
  }
  return { id, tradeAssociationId: parent.tradeAssociationId };
}

type Checked = { values: q.CertificateValues; items: q.ItemValues[] };

const LOOKUP_FIELDS = [
  ['language_id', languages],
  ['currency_id', currencies],
  ['sector_id', sectors],
  ['shipment_port_id', shipmentPorts],
  ['transport_id', transports],
] as const;
const UNIT_FIELDS = [
  'measurement_unit_gross_weight_id',
  'measurement_unit_net_weight_id',
  'measurement_unit_volume_id',
] as const;

/**
 * Every reference the form names, checked against the exporter and the deal (its legal representative, the
 * companies of its book by type, the lookups), the invoice date (not in the future, at most 180 days old), and
 * each item's declaration (citable by this exporter under this deal). All refusals come back at once.
 */
async function checkedValues(
  tx: Executor,
  actor: Actor,
  input: CertificateInput,
  dispatcherId: number | null,
  memo?: CheckMemo,
): Promise<Checked> {
  const checked = await checkCertificateInput(tx, actor, input, dispatcherId, memo);
  if ('errors' in checked) throw invalid(checked.errors);
  return checked;
}

/**
 * Remembers a check's answer by key, for a caller checking many certificates against the same references (the
 * batch import: one exporter, deal and importer for hundreds of certificates). A form's save passes none.
 */
export type CheckMemo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: CheckMemo = (_key, load) => load();

/**
 * The save's checks without throwing for the field refusals: the form's save (above) and the batch import
 * (certificate-imports) run exactly these. An exporter out of scope still throws (403/422), as in a save.
 */
export async function checkCertificateInput(
  tx: Executor,
  actor: Actor,
  input: CertificateInput,
  dispatcherId: number | null,
  memo: CheckMemo = noMemo,
): Promise<Checked | { errors: FieldErrors }> {
  const exporter = await memo(`exporter:${input.exporter_id}`, () =>
    resolveExporter(tx, actor, input.exporter_id),
  );
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const head = await memo(
    `deal:${exporter.id}:${input.legal_representative_id}:${input.deal_id}`,
    async () => {
      const refusals: [string, string][] = [];
      const deal = await checkRepresentativeAndDeal(
        tx,
        exporter.id,
        input,
        (field, message) => refusals.push([field, message]),
        text,
      );
      return { deal, refusals };
    },
  );
  for (const [field, message] of head.refusals) add(field, message);
  const deal = head.deal;
  const companyChecks: [keyof CertificateInput, number | null, 1 | 2 | 3, string][] = [
    ['company_importer_id', input.company_importer_id, 1, 'importador'],
    ['company_manufacturer_id', input.company_manufacturer_id, 2, 'fabricante'],
    ['company_intervenor_id', input.company_intervenor_id, 3, 'interveniente'],
  ];
  for (const [field, id, type, what] of companyChecks) {
    if (
      id &&
      !(await memo(`company:${exporter.id}:${dispatcherId}:${id}:${type}`, () =>
        q.companyOf(tx, exporter.id, dispatcherId, id, type),
      ))
    )
      add(field, text.companyNotOfType(what));
  }
  for (const [field, table] of LOOKUP_FIELDS) {
    const id = input[field];
    if (id && !(await memo(`${field}:${id}`, () => existingIds(tx, table, table.id, [id]))).has(id))
      add(field, messages.field.invalidOption);
  }
  const unitIds = [
    ...UNIT_FIELDS.map((f) => input[f]),
    ...input.items.map((item) => item.measurement_unit_id),
  ].filter((id): id is number => Boolean(id));
  const units = await memo(`units:${[...new Set(unitIds)].sort()}`, () =>
    existingIds(tx, measurementUnits, measurementUnits.id, unitIds),
  );
  for (const field of UNIT_FIELDS) {
    const id = input[field];
    if (id && !units.has(id)) add(field, messages.field.invalidOption);
  }
  const age = await memo(`age:${input.invoice_date}`, () => q.invoiceAge(tx, input.invoice_date as string));
  if (age < 0) add('invoice_date', text.invoiceInFuture);
  else if (age > INVOICE_MAX_AGE_DAYS) add('invoice_date', text.invoiceTooOld);

  const declarationIds = input.items.map((item) => item.declaration_id);
  const cited = deal
    ? await memo(`citable:${exporter.id}:${deal.id}:${[...new Set(declarationIds)].sort()}`, () =>
        citableAmong(tx, exporter.id, deal.id, declarationIds),
      )
    : new Map();
  const items: q.ItemValues[] = [];
  input.items.forEach((item, i) => {
    if (item.measurement_unit_id && !units.has(item.measurement_unit_id)) {
      add(`items.${i}.measurement_unit_id`, messages.field.invalidOption);
    }
    const declaration = cited.get(item.declaration_id);
    if (!declaration) {
      if (deal) add(`items.${i}.declaration_id`, text.declarationNotCitable);
      return;
    }
    items.push({
      declaration_id: item.declaration_id,
      ncm: declaration.ncm,
      nomenclature_code: declaration.nomenclature_code,
      description: item.description ?? declaration.product_name,
      ncm_description: item.ncm_description ?? null,
      quantity: item.quantity,
      measurement_unit_id: item.measurement_unit_id,
      gross_weight: item.gross_weight ?? null,
      net_weight: item.net_weight ?? null,
      fob_value_usd: item.fob_value_usd,
      origin_criterion: `${declaration.rule_code} — ${declaration.rule_description}`.slice(0, 255),
      norm_text: declaration.norm_text ?? declaration.norm_name,
    });
  });
  if (Object.keys(errors).length > 0) return { errors };

  return {
    values: {
      exporter_id: exporter.id,
      trade_association_id: exporter.tradeAssociationId,
      dispatcher_id: dispatcherId,
      legal_representative_id: input.legal_representative_id,
      deal_id: input.deal_id,
      language_id: input.language_id,
      currency_id: input.currency_id,
      sector_id: input.sector_id,
      shipment_port_id: input.shipment_port_id,
      transport_id: input.transport_id,
      company_importer_id: input.company_importer_id,
      company_manufacturer_id: input.company_manufacturer_id,
      company_intervenor_id: input.company_intervenor_id,
      measurement_unit_gross_weight_id: input.measurement_unit_gross_weight_id,
      measurement_unit_net_weight_id: input.measurement_unit_net_weight_id,
      measurement_unit_volume_id: input.measurement_unit_volume_id,
      invoice_number: input.invoice_number,
      invoice_date: input.invoice_date as string,
      gross_weight: input.gross_weight ?? null,
      net_weight: input.net_weight ?? null,
      volume: input.volume ?? null,
      observations: input.observations,
      has_digital_signature: input.has_digital_signature ?? false,
    },
    items,
  };
}

const HEADER_KEYS = [
  'exporter_id',
  'trade_association_id',
  'dispatcher_id',
  'legal_representative_id',
  'deal_id',
  'language_id',
  'currency_id',
  'sector_id',
  'shipment_port_id',
  'transport_id',
  'company_importer_id',
  'company_manufacturer_id',
  'company_intervenor_id',
  'measurement_unit_gross_weight_id',
  'measurement_unit_net_weight_id',
  'measurement_unit_volume_id',
  'invoice_number',
  'invoice_date',
  'gross_weight',
  'net_weight',
  'volume',
  'observations',
  'has_digital_signature',
] as const satisfies readonly (keyof q.CertificateValues)[];

function headerOf(row: q.CertificateRow): q.CertificateValues {
  return Object.fromEntries(HEADER_KEYS.map((key) => [key, row[key]])) as q.CertificateValues;
}

// ---- create, edit, delete, clone ---------------------------------------------------------------------------------

export type InvoiceFiles = { commercial_invoice?: ReceivedFile; intervenor_invoice?: ReceivedFile };

async function attachInvoices(tx: Tx, changes: FileChanges, actor: Actor, id: number, files: InvoiceFiles) {
  const attached: Record<string, string> = {};
  for (const role of [q.FILE_ROLES.commercial_invoice, q.FILE_ROLES.intervenor_invoice] as const) {
    const file = files[role];
    if (!file) continue;
    const stored = await changes.attach(tx, file, q.certificateOwner(id), actor.id, role);
    attached[role] = stored.original_name;
  }
  return attached;
}

/** The dispatcher acting (its certificates are billed to it), kept on edits by others. */
const dispatcherOf = (actor: Actor, current: number | null = null) =>
  actor.roleType === 'despachante' ? actor.dispatcherId : current;

export async function createCertificate(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  input: CertificateInput,
  uploads: InvoiceFiles,
): Promise<Certificate> {
  const id = await new FileChanges(files).run((changes) =>
    db.transaction((tx) =>
      createDraft(tx, ctx, actor, input, (created) => attachInvoices(tx, changes, actor, created, uploads)),
    ),
  );
  return getCertificate(db, ctx, actor, id);
}

/**
 * A new RASCUNHO in the caller's transaction, after the save's checks: the form's create (with its invoices) and
 * the batch import (naming the import in the audit row) share it, so scope, checks, history and audit are one.
 */
export async function createDraft(
  tx: Tx,
  ctx: ServiceContext,
  actor: Actor,
  input: CertificateInput,
  extra: (created: number) => Promise<Record<string, unknown>> = async () => ({}),
  memo?: CheckMemo,
): Promise<number> {
  const { values, items } = await checkedValues(tx, actor, input, dispatcherOf(actor), memo);
  const created = await q.insertCertificate(tx, {
    ...values,
    status: flow.initial,
    created_by: actor.id,
  });
  await q.insertItems(tx, created, items);
  await recordCreation(tx, ctx, flow, created);
  const attached = await extra(created);
  await recordAudit(tx, ctx, {
    event: 'created',
    type: q.AUDIT_TYPE,
    id: created,
    new: { ...values, status: flow.initial, items, ...attached },
  });
  return created;
}

/** The row in the actor's scope, locked, in a state that may still change (RASCUNHO or REPROVADO). */
async function lockEditable(tx: Tx, actor: Actor, id: number, refuse: (label: string) => string) {
  const row = await q.lockCertificate(tx, id, q.ownerScope(actor));
  return requireEditable(row, flow, EDITABLE_CERTIFICATE_STATES, refuse);
}

export async function updateCertificate(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: CertificateInput,
  uploads: InvoiceFiles,
): Promise<Certificate> {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const before = await lockEditable(tx, actor, id, text.notEditable);
      const beforeItems = await q.storedItems(tx, id);
      const { values, items } = await checkedValues(
        tx,
        actor,
        input,
        dispatcherOf(actor, before.dispatcher_id),
      );
      await q.updateCertificate(tx, id, values);
      await q.replaceItems(tx, id, items);
      const attached = await attachInvoices(tx, changes, actor, id, uploads);
      const diff = changedValues(
        { ...headerOf(before), items: beforeItems },
        { ...values, items, ...attached },
      );
      await recordAudit(tx, ctx, { event: 'updated', type: q.AUDIT_TYPE, id, old: diff.old, new: diff.new });
    }),
  );
  return getCertificate(db, ctx, actor, id);
}

/** Deletes a RASCUNHO or REPROVADO certificate with its items and files (its history steps stay). */
export async function deleteCertificate(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  if (!actor.permissions.has('certificate.create')) throw forbidden();
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const row = await lockEditable(tx, actor, id, text.notDeletable);
      const items = await q.storedItems(tx, id);
      await changes.detachAll(tx, q.certificateOwner(id));
      await q.deleteCertificate(tx, id);
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: q.AUDIT_TYPE,
        id,
        old: { ...headerOf(row), status: row.status, items },
      });
    }),
  );
  return { message: text.deleted };
}

/** A new RASCUNHO with the header and items of `source` (no files, number or lineage). */
async function copyCertificate(
  tx: Tx,
  ctx: ServiceContext,
  actor: Actor,
  source: q.CertificateRow,
  lineage: { replaces_id: number; number_base: string | null; rectification: number } | null,
  note: string,
): Promise<number> {
  const values = headerOf(source);
  const items = await q.storedItems(tx, source.id);
  const copy = await q.insertCertificate(tx, {
    ...values,
    status: flow.initial,
    created_by: actor.id,
    ...(lineage ?? {}),
  });
  await q.replaceItems(tx, copy, items);
  await recordCreation(tx, ctx, flow, copy, 'create', note);
  await recordAudit(tx, ctx, {
    event: 'created',
    type: q.AUDIT_TYPE,
    id: copy,
    new: { ...values, status: flow.initial, items, ...(lineage ?? { cloned_from: source.id }) },
  });
  return copy;
}

export async function cloneCertificate(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<CertificateAction> {
  if (!actor.permissions.has('certificate.create')) throw forbidden();
  const created = await db.transaction(async (tx) => {
    const source = await q.lockCertificate(tx, id, q.ownerScope(actor));
    if (!source) throw notFound();
    return copyCertificate(tx, ctx, actor, source, null, text.clonedFrom(id));
  });
  return { message: text.cloned(created), certificate: await getCertificate(db, ctx, actor, created) };
}

// ---- the flow's actions ------------------------------------------------------------------------------------------

async function factsOf(
  tx: Executor,
  ctx: ServiceContext,
  id: number,
): Promise<CertificateFacts & { emails: string[] }> {
  const [row] = await tx
    .select({
      number: certificates.certificate_number,
      invoice: certificates.invoice_number,
      exporter_id: certificates.exporter_id,
    })
    .from(certificates)
    .where(eqId(id));
  if (!row) throw notFound();
  const { name, emails } = await q.exporterEmails(tx, row.exporter_id);
  return {
    id,
    number: row.number,
    invoice: row.invoice,
    exporterName: name,
    link: `${ctx.appUrl}/certificado-consulta/${id}`,
    emails,
  };
}

const eqId = (id: number) => eq(certificates.id, id);

/**
 * One flow action in one transaction: the kernel's transition (lock, state, permission, scope, guard, history, audit)
 * with the action's own writes, the list's order key moved to now, and the exporter's mail for a decision.
 */
async function step(
  db: Database,
  ctx: ServiceContext,
  id: number,
  action: Action,
  effect: ActionEffect = async () => undefined,
  note?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const result = await transition(tx, ctx, certificateSubject, id, action, {
      note,
      effect: async (row) => {
        await q.touchStep(tx, id);
        return effect(tx, row);
      },
    });
    if (isDecision(action)) {
      const facts = await factsOf(tx, ctx, id);
      for (const to of facts.emails)
        await enqueueMail(tx, decisionMail(to, facts, action, note?.trim() || null));
    }
    return result;
  });
}

/** What an action answers: the flow's success text and the certificate as it is now. */
async function answer(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: Action,
): Promise<{ message: string | null; certificate: Certificate; created?: number }> {
  return {
    message: flow.actions[action].success ?? null,
    certificate: await getCertificate(db, ctx, actor, id),
  };
}

/** A flow action (`step`) answered with the certificate (`answer`). */
async function act(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: Action,
  effect?: ActionEffect,
  note?: string,
): Promise<{ message: string | null; certificate: Certificate; created?: number }> {
  await step(db, ctx, id, action, effect, note);
  return answer(db, ctx, actor, id, action);
}

/** Whether the row is digital, read inside the action's transaction (which path `send_analysis`/`approve` take). */
async function digitalOf(db: Executor, actor: Actor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ digital: certificates.has_digital_signature })
    .from(certificates)
    .where(and(eqId(id), q.ownerScope(actor)));
  if (!row) throw notFound();
  return row.digital;
}

/**
 * What must hold before the certificate goes to analysis (DOMAIN.md §4): at least one item, every cited declaration
 * still citable, the commercial invoice attached (and the intervenor's when there is an intervenor), and an invoice
 * at most 180 days old.
 */
async function readyToSend(tx: Tx, row: FlowRow): Promise<void> {
  const id = row.id;
  const items = await q.storedItems(tx, id);
  if (items.length === 0) throw refusal(text.itemsRequired);
  const cited = await citableAmong(
    tx,
    Number(row.exporter_id),
    Number(row.deal_id),
    items.map((i) => i.declaration_id),
  );
  if (items.some((item) => !cited.has(item.declaration_id))) throw refusal(text.declarationNotCitable);
  const files = await q.filesOf(tx, id);
  if (!files.has(q.FILE_ROLES.commercial_invoice)) throw refusal(text.commercialInvoiceRequired);
  if (row.company_intervenor_id && !files.has(q.FILE_ROLES.intervenor_invoice)) {
    throw refusal(text.intervenorInvoiceRequired);
  }
  if ((await q.invoiceAge(tx, String(row.invoice_date))) > INVOICE_MAX_AGE_DAYS)
    throw refusal(text.invoiceTooOld);
  await requireNcmDescriptions(tx, id);
}

/** What printing will need, asked for before the step (send, approve): a description for every item's NCM. */
async function requireNcmDescriptions(tx: Tx, id: number): Promise<void> {
  const missing = q.ncmsWithoutDescription(await q.itemsOf(tx, id));
  if (missing.length > 0) throw refusal(text.ncmDescriptionRequired(missing));
}

/**
 * The certificate's legal representative is asked by e-mail to sign it (DOMAIN.md §4), in the action's transaction
 * (the outbox delivers after the commit). Answers the address written to, or null when there is none.
 */
async function askForSignature(tx: Tx, ctx: ServiceContext, id: number): Promise<string | null> {
  const found = await q.findCertificate(tx, id, undefined);
  const to = found?.representative.email;
  if (!found || !to) return null;
  await enqueueMail(tx, signatureRequestMail(to, found.representative.name, await factsOf(tx, ctx, id)));
  return to;
}

/**
 * RASCUNHO or REPROVADO → ENVIADO (paper), or → AGUARDANDO_ASSINATURA (digital: the legal representative is asked by
 * e-mail to sign). A re-sent certificate is free for any analyst to take. Answers the action taken; the bulk send
 * (bulk-send.ts) runs exactly this for each of its certificates, without reading each one back.
 */
export async function sendAnalysisStep(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<Action> {
  const digital = await digitalOf(db, actor, id);
  const action = digital ? 'send_for_signature' : 'send_analysis';
  await step(db, ctx, id, action, async (tx, row) => {
    await readyToSend(tx, row);
    if (row.analyst_id !== null) await q.updateCertificate(tx, id, { analyst_id: null });
    if (digital) await askForSignature(tx, ctx, id);
    return row.analyst_id !== null
      ? { old: { analyst_id: row.analyst_id }, new: { analyst_id: null } }
      : undefined;
  });
  return action;
}

/** POST send_analysis/{id}: the send, answered with the certificate. */
export async function sendAnalysis(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return answer(db, ctx, actor, id, await sendAnalysisStep(db, ctx, actor, id));
}

/** Re-sends of one certificate's signing request within RESEND_WINDOW_MS (a mail box is not a target to flood). */
const RESENDS_PER_WINDOW = 3;
const RESEND_WINDOW_MS = 15 * 60_000;

/**
 * POST send_signature/{id}: a digital certificate still AGUARDANDO_ASSINATURA has its signing request mailed again to
 * the legal representative (a lost or expired mail). The state stays; the history and the audit record the resend.
 * Refused when the representative has no e-mail (send_analysis skips the mail then; a resend has no other point),
 * and with 429 past three re-sends in 15 minutes. The re-send is counted in the action's transaction, after the
 * state and permission checks: a refused request counts nothing, so nobody else can use up the owner's re-sends.
 */
export function sendSignature(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'send_signature', async (tx) => {
    const { hits } = await countHit(tx, `send_signature:${id}`, RESEND_WINDOW_MS);
    if (hits > RESENDS_PER_WINDOW)
      throw new AppError(429, ErrorCode.RateLimited, text.tooManySignatureRequests);
    const to = await askForSignature(tx, ctx, id);
    if (!to) throw refusal(text.signerWithoutEmail);
    return { new: { signature_request_to: to } };
  });
}

/** `analise` takes the certificate (ENVIADO → EM_ANALISE, the analyst recorded); `consulta` only opens it. */
export async function sendAnalyzing(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  type: TypeAnalysis,
): Promise<CertificateAction> {
  if (type === 'consulta') return { message: null, certificate: await getCertificate(db, ctx, actor, id) };
  return act(db, ctx, actor, id, 'take', async (tx, row) => {
    await q.updateCertificate(tx, id, { analyst_id: actor.id });
    return { old: { analyst_id: row.analyst_id }, new: { analyst_id: actor.id } };
  });
}

/**
 * The CertificateID (DOMAIN.md §4): BR + EHId + agreement acronym + two-digit year + 8-digit sequence per
 * entity/agreement/year (the numbering kernel, in this transaction) + the two-digit rectification counter. A
 * substitute already carries its original's base.
 */
async function assignNumber(
  tx: Tx,
  row: FlowRow,
): Promise<{ number_base: string; certificate_number: string }> {
  const id = row.id;
  let base = (row.number_base as string | null) ?? null;
  const facts = await q.numberingOf(tx, id);
  if (!base) {
    if (!facts.ehid || !facts.acronym) throw refusal(text.numberingUnavailable);
    const ehid = facts.ehid.toUpperCase();
    const acronym = facts.acronym.toUpperCase();
    const sequence = await nextNumber(tx, `certificate:${ehid}:${acronym}:${facts.year}`);
    base = `BR${ehid}${acronym}${facts.year}${String(sequence).padStart(8, '0')}`;
  }
  const number = `${base}${String(Number(row.rectification ?? 0)).padStart(2, '0')}`;
  await q.updateCertificate(tx, id, { number_base: base, certificate_number: number });
  return { number_base: base, certificate_number: number };
}

/**
 * EM_ANALISE → EMITIDO (paper: numbered and issued now, valid for the deal's months) or → APROVADO (digital:
 * numbered now, for the entity's signature to issue). The invoice must still be at most 180 days old.
 */
export async function approveCertificate(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const digital = await digitalOf(db, actor, id);
  return act(db, ctx, actor, id, digital ? 'approve_digital' : 'approve', async (tx, row) => {
    if ((await q.invoiceAge(tx, String(row.invoice_date))) > INVOICE_MAX_AGE_DAYS)
      throw refusal(text.invoiceTooOld);
    await requireNcmDescriptions(tx, id);
    const numbered = await assignNumber(tx, row);
    if (digital) return { new: numbered };
    const { validity_months } = await q.numberingOf(tx, id);
    return { new: { ...numbered, ...(await q.markIssued(tx, id, validity_months)) } };
  });
}

/** EM_ANALISE → REPROVADO with the reasons (one per line in the history; the exporter edits and re-sends). */
export function reproveCertificate(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reasons: string[],
) {
  return act(db, ctx, actor, id, 'reprove', undefined, reasons.join('\n'));
}

export function solicitCancellation(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'solicit_cancellation', undefined, reason);
}

export function sendCancellation(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'send_cancellation');
}

export function reproveCancellation(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'reprove_cancellation', undefined, reason);
}

/** EMITIDO → SUBSTITUICAO_SOLICITADA with the reason and the substitution letter (PDF). */
export async function solicitSubstitution(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
  letter: ReceivedFile | undefined,
) {
  if (!letter) throw invalid({ file: [text.letterRequired] }, text.letterRequired);
  let result: Awaited<ReturnType<typeof act>> | undefined;
  await new FileChanges(files).run(async (changes) => {
    result = await act(
      db,
      ctx,
      actor,
      id,
      'solicit_substitution',
      async (tx) => {
        const stored = await changes.attach(
          tx,
          letter,
          q.certificateOwner(id),
          actor.id,
          q.FILE_ROLES.substitution,
        );
        return { new: { substitution_letter: stored.original_name } };
      },
      reason,
    );
  });
  return result as Awaited<ReturnType<typeof act>>;
}

/**
 * SUBSTITUICAO_SOLICITADA → SUBSTITUIDO: a new RASCUNHO copy replaces the original, keeping its number's base with
 * the rectification counter plus one (DOMAIN.md §4). Answers the original, naming the substitute.
 */
export async function sendSubstitution(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  let substitute = 0;
  const result = await act(db, ctx, actor, id, 'send_substitution', async (tx) => {
    const source = await q.lockCertificate(tx, id, undefined);
    if (!source) throw notFound();
    if (source.rectification >= 99) throw refusal('Este certificado já atingiu o limite de retificações.');
    substitute = await copyCertificate(
      tx,
      ctx,
      actor,
      source,
      { replaces_id: id, number_base: source.number_base, rectification: source.rectification + 1 },
      text.substituteOf(id),
    );
    return { new: { replaced_by_id: substitute } };
  });
  return { ...result, created: substitute };
}

export function reproveSubstitution(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'reprove_substitution', undefined, reason);
}

// ---- attachments and the association's control number ------------------------------------------------------------

/** POST commercial_invoice/upload and intervenor_invoice/upload: replaces that invoice of an editable certificate. */
export async function uploadInvoice(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  role: typeof q.FILE_ROLES.commercial_invoice | typeof q.FILE_ROLES.intervenor_invoice,
  file: ReceivedFile | undefined,
): Promise<CertificateAction> {
  if (!file) throw invalid({ file: [text.fileRequired] }, text.fileRequired);
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      await lockEditable(tx, actor, id, text.notEditable);
      const before = await findOwnerFile(tx, q.certificateOwner(id), role);
      const stored = await changes.attach(tx, file, q.certificateOwner(id), actor.id, role);
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: q.AUDIT_TYPE,
        id,
        old: { [role]: before?.original_name ?? null },
        new: { [role]: stored.original_name },
      });
    }),
  );
  return { message: text.uploaded, certificate: await getCertificate(db, ctx, actor, id) };
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

const CONTROL_CODE_STATES: readonly CertificateStatus[] = [
  'ENVIADO',
  'EM_ANALISE',
  'APROVADO',
  'EMITIDO',
  'CANCELAMENTO_SOLICITADO',
  'SUBSTITUICAO_SOLICITADA',
];

/** POST associationCertificationId/{id}: the association's own control number, once the certificate was sent. */
export async function setAssociationCertificationId(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  code: string,
): Promise<CertificateAction> {
  await db.transaction(async (tx) => {
    const row = await q.lockCertificate(tx, id, q.ownerScope(actor));
    if (!row) throw notFound();
    if (!CONTROL_CODE_STATES.includes(row.status as CertificateStatus)) throw conflict(text.controlCodeState);
    await q.updateCertificate(tx, id, { association_certification_id: code });
    await recordAudit(tx, ctx, {
      event: 'updated',
      type: q.AUDIT_TYPE,
      id,
      old: { association_certification_id: row.association_certification_id },
      new: { association_certification_id: code },
    });
  });
  return { message: text.controlCodeSaved, certificate: await getCertificate(db, ctx, actor, id) };
}

/** PATCH select_ncm: per item, the NCM reference description that prints (blank: the NCM table's reference). */
export async function selectNcm(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  input: SelectNcmInput,
): Promise<CertificateAction> {
  const id = input.certificate_id;
  await db.transaction(async (tx) => {
    const row = await q.lockCertificate(tx, id, q.ownerScope(actor));
    if (!row) throw notFound();
    const items = await q.itemsOf(tx, id);
    const byId = new Map(items.map((item) => [item.id, item]));
    const errors: FieldErrors = {};
    input.items.forEach((choice, i) => {
      if (!byId.has(choice.id)) errors[`items.${i}.id`] = [messages.field.invalidOption];
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const old: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const choice of input.items) {
      const before = byId.get(choice.id)?.ncm_description ?? null;
      if (before === choice.ncm_description) continue;
      await q.setItemNcmDescription(tx, choice.id, choice.ncm_description);
      old[`item_${choice.id}.ncm_description`] = before;
      now[`item_${choice.id}.ncm_description`] = choice.ncm_description;
    }
    await recordAudit(tx, ctx, { event: 'updated', type: q.AUDIT_TYPE, id, old, new: now });
  });
  return { message: text.ncmSelected, certificate: await getCertificate(db, ctx, actor, id) };
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
