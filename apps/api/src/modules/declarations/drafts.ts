import { SpecialStatus } from '@origem/contract/errors';
import { stateLabel } from '@origem/contract/flows';
import {
  type Declaration,
  type DeclarationAction,
  type DeclarationInput,
  type DeclarationStatus,
  EDITABLE_DECLARATION_STATES,
  declarationMessages as text,
} from '@origem/contract/schemas/declarations';
import type { Database, Executor, Tx } from '../../db/client';
import { applyFileChoice, FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { recordCreation } from '../../lib/workflow';
import { requireEditable } from '../issuance/service';
import { checkedValues } from './checks';
import { declarationIsCited } from './citations';
import { flow } from './flow-subject';
import * as q from './queries';
import { getDeclaration } from './read';

/** The stored materials in the shape a save writes (what the audit row compares). */
async function storedMaterials(db: Executor, id: number): Promise<q.MaterialValues[]> {
  return (await q.materialsOf(db, id)).map((m) => ({
    ncm: m.ncm,
    description: m.description,
    origin_country_id: m.origin_country_id,
    cif_value_usd: m.cif_value_usd,
    fob_share_percent: m.fob_share_percent,
  }));
}

const HEADER_KEYS = [
  'exporter_id',
  'trade_association_id',
  'company_manufacturer_id',
  'legal_representative_id',
  'deal_id',
  'product_name',
  'internal_product_code',
  'ncm',
  'nomenclature_code',
  'production_process',
  'fob_unit_value_min',
  'fob_unit_value_max',
  'origin_rule_id',
  'origin_norm_id',
] as const satisfies readonly (keyof q.DeclarationValues)[];

function headerOf(row: q.DeclarationRow): q.DeclarationValues {
  return Object.fromEntries(HEADER_KEYS.map((key) => [key, row[key]])) as q.DeclarationValues;
}

/** The form's file: the manufacturer's signed declaration. */
export type ManufacturerUpload = { manufacturer_declaration?: ReceivedFile };

const fileChoice = (file: ReceivedFile | undefined, remove: boolean | undefined) => ({
  file,
  remove,
  role: q.MANUFACTURER_DECLARATION_ROLE,
});

export async function createDeclaration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  input: DeclarationInput,
  uploads: ManufacturerUpload,
): Promise<Declaration> {
  const id = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const { values, materials } = await checkedValues(tx, actor, input);
      const created = await q.insertDeclaration(tx, { ...values, status: flow.initial });
      await q.replaceMaterials(tx, created, materials);
      await recordCreation(tx, ctx, flow, created);
      const stored = await applyFileChoice(
        tx,
        changes,
        q.declarationOwner(created),
        actor.id,
        fileChoice(uploads.manufacturer_declaration, false),
      );
      await recordAudit(tx, ctx, {
        event: 'created',
        type: q.AUDIT_TYPE,
        id: created,
        new: { ...values, status: flow.initial, materials, manufacturer_declaration: stored.after },
      });
      return created;
    }),
  );
  return getDeclaration(db, actor, id);
}

/** The row in the actor's owner scope, locked, in a state that may still change (RASCUNHO or REPROVADA). */
async function lockEditable(tx: Tx, actor: Actor, id: number, refusal: (label: string) => string) {
  const row = await q.lockDeclaration(tx, id, q.ownerScope(actor));
  return requireEditable(row, flow, EDITABLE_DECLARATION_STATES, refusal);
}

export async function updateDeclaration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: DeclarationInput,
  uploads: ManufacturerUpload,
): Promise<Declaration> {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const before = await lockEditable(tx, actor, id, text.notEditable);
      const beforeMaterials = await storedMaterials(tx, id);
      const { values, materials } = await checkedValues(tx, actor, input);
      await q.updateDeclaration(tx, id, values);
      await q.replaceMaterials(tx, id, materials);
      const stored = await applyFileChoice(
        tx,
        changes,
        q.declarationOwner(id),
        actor.id,
        fileChoice(uploads.manufacturer_declaration, input.remove_manufacturer_declaration),
      );
      const diff = changedValues(
        { ...headerOf(before), materials: beforeMaterials, manufacturer_declaration: stored.before },
        { ...values, materials, manufacturer_declaration: stored.after },
      );
      await recordAudit(tx, ctx, { event: 'updated', type: q.AUDIT_TYPE, id, old: diff.old, new: diff.new });
    }),
  );
  return getDeclaration(db, actor, id);
}

/**
 * Deletes a RASCUNHO or REPROVADA declaration with its materials and file (its history steps stay, with the audit
 * trail). A declaration a certificate cites is refused first with SPEC §8's 235, whatever its state.
 */
export async function deleteDeclaration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const row = await q.lockDeclaration(tx, id, q.ownerScope(actor));
      if (!row) throw notFound();
      if (await declarationIsCited(tx, id)) {
        throw new AppError(SpecialStatus.LinkedCertificate, 'LinkedCertificate', text.linkedCertificate);
      }
      if (!EDITABLE_DECLARATION_STATES.includes(row.status as DeclarationStatus)) {
        throw conflict(text.notDeletable(stateLabel(flow, row.status)));
      }
      const stored = await findOwnerFile(tx, q.declarationOwner(id), q.MANUFACTURER_DECLARATION_ROLE);
      const materials = await storedMaterials(tx, id);
      await changes.detachAll(tx, q.declarationOwner(id));
      await q.deleteDeclaration(tx, id);
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: q.AUDIT_TYPE,
        id,
        old: {
          ...headerOf(row),
          status: row.status,
          materials,
          manufacturer_declaration: stored?.original_name ?? null,
        },
      });
    }),
  );
  return { message: text.deleted };
}

/**
 * A new RASCUNHO with the header and materials of a declaration the actor acts on (the manufacturer's file is not
 * copied); its history starts with 'create', noting where it came from.
 */
export async function cloneDeclaration(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<DeclarationAction> {
  const created = await db.transaction(async (tx) => {
    const source = await q.lockDeclaration(tx, id, q.ownerScope(actor));
    if (!source) throw notFound();
    const values = headerOf(source);
    const materials = await storedMaterials(tx, id);
    const copy = await q.insertDeclaration(tx, { ...values, status: flow.initial });
    await q.replaceMaterials(tx, copy, materials);
    await recordCreation(tx, ctx, flow, copy, 'create', text.clonedFrom(id));
    await recordAudit(tx, ctx, {
      event: 'created',
      type: q.AUDIT_TYPE,
      id: copy,
      new: { ...values, status: flow.initial, materials, cloned_from: id },
    });
    return copy;
  });
  return { message: text.cloned(created), declaration: await getDeclaration(db, actor, created) };
}
