import { messages } from '@origem/contract/messages.pt';
import {
  type LegalRepresentativeInput,
  type LegalRepresentativeListQuery,
  legalRepresentativeMessages,
} from '@origem/contract/schemas/legal-representatives';
import type { Database, Executor, Tx } from '../../db/client';
import { applyFileChoice, FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { requireParentInScope } from '../../lib/scope';
import * as q from './queries';

const AUDIT_TYPE = 'legal_representative';

/** Today's date where the product is used (Brasília): a procuration valid until yesterday is expired. */
export function todayInBrazil(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export async function listRepresentatives(db: Database, actor: Actor, query: LegalRepresentativeListQuery) {
  return q.pageRepresentatives(db, actor, query, todayInBrazil());
}

export async function allRepresentatives(db: Database, actor: Actor, exporterId: number | undefined) {
  return { data: await q.allRepresentatives(db, actor, exporterId, todayInBrazil()) };
}

export async function getRepresentative(db: Executor, actor: Actor, id: number) {
  const found = await q.findRepresentative(db, actor, id, todayInBrazil());
  if (!found) throw notFound();
  return found;
}

/** The stored procuration of a representative the actor reaches; 404 when either is missing. */
export async function procurationFile(db: Database, actor: Actor, id: number) {
  await getRepresentative(db, actor, id);
  const file = await findOwnerFile(db, q.procurationOwner(id), q.PROCURATION_ROLE);
  if (!file) throw notFound();
  return file;
}

/**
 * Whose book the representative goes into: an exporter's user writes only into its own; staff name an exporter
 * they reach (anything else is refused next to the field, as an invalid option).
 */
async function resolveExporter(tx: Executor, actor: Actor, requested: number | null): Promise<number> {
  // A manufacturer's user keeps its party's representatives the same way (issue 12).
  if (actor.roleType === 'exportador' || actor.roleType === 'fabricante') {
    if (!actor.exporterId) throw forbidden(legalRepresentativeMessages.noExporter);
    return actor.exporterId;
  }
  if (!requested) throw fieldError('exporter_id', legalRepresentativeMessages.exporterRequired);
  await requireParentInScope(tx, actor, 'exporter', requested, 'exporter_id');
  return requested;
}

async function valuesOf(
  tx: Tx,
  actor: Actor,
  input: LegalRepresentativeInput,
  exceptId?: number,
): Promise<q.RepresentativeValues> {
  const exporterId = await resolveExporter(tx, actor, input.exporter_id);
  if (!(await q.jobPositionExists(tx, input.job_position_id))) {
    throw fieldError('job_position_id', messages.field.invalidOption);
  }
  if (await q.cpfTaken(tx, exporterId, input.cpf, exceptId)) {
    throw fieldError('cpf', legalRepresentativeMessages.cpfTaken);
  }
  return {
    exporter_id: exporterId,
    name: input.name,
    cpf: input.cpf,
    email: input.email,
    phone: input.phone,
    job_position_id: input.job_position_id,
    procuration_valid_until: input.procuration_valid_until,
  };
}

/**
 * Applies the form's procuration choice inside the transaction (see applyFileChoice); a procuration needs its
 * validity date. Returns the file's name before and after, for the audit row.
 */
async function applyProcuration(
  tx: Tx,
  changes: FileChanges,
  actor: Actor,
  id: number,
  values: q.RepresentativeValues,
  file: ReceivedFile | undefined,
  remove: boolean | undefined,
): Promise<{ before: string | null; after: string | null }> {
  const { before, after } = await applyFileChoice(tx, changes, q.procurationOwner(id), actor.id, {
    file,
    remove,
    role: q.PROCURATION_ROLE,
  });
  if (after !== null && !values.procuration_valid_until) {
    throw fieldError('procuration_valid_until', legalRepresentativeMessages.validUntilRequired);
  }
  return { before, after };
}

/** The form's file: the procuration. */
export type ProcurationUpload = { procuration?: ReceivedFile };

export async function createRepresentative(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  input: LegalRepresentativeInput,
  uploads: ProcurationUpload,
) {
  const id = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const values = await valuesOf(tx, actor, input);
      const created = await q.insertRepresentative(tx, values);
      const procuration = await applyProcuration(
        tx,
        changes,
        actor,
        created,
        values,
        uploads.procuration,
        false,
      );
      await recordAudit(tx, ctx, {
        event: 'created',
        type: AUDIT_TYPE,
        id: created,
        new: { ...values, procuration: procuration.after },
      });
      return created;
    }),
  );
  return getRepresentative(db, actor, id);
}

export async function updateRepresentative(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: LegalRepresentativeInput,
  uploads: ProcurationUpload,
) {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const before = await q.lockRepresentative(tx, actor, id);
      if (!before) throw notFound();
      const values = await valuesOf(tx, actor, input, id);
      await q.updateRepresentative(tx, id, values);
      const procuration = await applyProcuration(
        tx,
        changes,
        actor,
        id,
        values,
        uploads.procuration,
        input.remove_procuration,
      );
      const diff = changedValues(
        { ...before, procuration: procuration.before },
        { ...values, procuration: procuration.after },
      );
      await recordAudit(tx, ctx, { event: 'updated', type: AUDIT_TYPE, id, old: diff.old, new: diff.new });
    }),
  );
  return getRepresentative(db, actor, id);
}

/**
 * Soft delete: declarations and certificates of later issues name their representative, so the row (and its
 * procuration, evidence of who could sign) stays; it leaves every list, select and download.
 */
export async function deleteRepresentative(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await q.lockRepresentative(tx, actor, id);
    if (!before) throw notFound();
    await q.softDeleteRepresentative(tx, id);
    await recordAudit(tx, ctx, {
      event: 'deleted',
      type: AUDIT_TYPE,
      id,
      old: { name: before.name, cpf: before.cpf, exporter_id: before.exporter_id },
    });
  });
  return { message: legalRepresentativeMessages.deleted };
}
