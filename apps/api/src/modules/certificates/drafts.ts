import { messages } from '@origem/contract/messages.pt';
import {
  type Certificate,
  type CertificateAction,
  type CertificateInput,
  type CertificateStatus,
  EDITABLE_CERTIFICATE_STATES,
  type SelectNcmInput,
  certificateMessages as text,
} from '@origem/contract/schemas/certificates';
import type { Database, Tx } from '../../db/client';
import { FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { conflict, type FieldErrors, forbidden, invalid, notFound } from '../../lib/errors';
import { recordCreation } from '../../lib/workflow';
import { requireEditable } from '../issuance/service';
import { type CheckMemo, checkedValues } from './checks';
import { flow } from './flow-subject';
import * as q from './queries';
import { getCertificate } from './read';

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
export async function copyCertificate(
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
