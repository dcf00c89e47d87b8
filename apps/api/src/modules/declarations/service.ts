import { ErrorCode, SpecialStatus } from '@origem/contract/errors';
import { type ActionOf, declarationFlow, type StateOf, stateLabel } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import { TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import {
  type CitableDeclarationQuery,
  type Declaration,
  type DeclarationAction,
  type DeclarationInput,
  type DeclarationListQuery,
  type DeclarationStatus,
  declarationConsultPath,
  EDITABLE_DECLARATION_STATES,
  SIGNABLE_DECLARATION_STATES,
  type TypeAnalysis,
  declarationMessages as text,
} from '@origem/contract/schemas/declarations';
import { CLASSIFICATION_TYPES, type ClassificationType } from '@origem/contract/schemas/nomenclature';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { declarations, storedFiles } from '../../db/schema';
import { declarationPdf } from '../../documents/pdf/declaration';
import {
  applyFileChoice,
  FileChanges,
  findOwnerFile,
  type StoredFile,
  storedFileView,
} from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import { type Actor, type ServiceContext, systemContext } from '../../lib/context';
import {
  AppError,
  conflict,
  type FieldErrors,
  fieldError,
  forbidden,
  invalid,
  notFound,
} from '../../lib/errors';
import { findParentInScope, requireParentInScope } from '../../lib/scope';
import {
  availableActions,
  type FlowSubject,
  flowHistory,
  recordCreation,
  transition,
} from '../../lib/workflow';
import { associationLogo } from '../issuance/documents';
import { queueCopies } from '../issuance/issued-copy';
import { lastNote } from '../issuance/queries';
import {
  type ActionEffect,
  checkRepresentativeAndDeal,
  fileOfRecord,
  requireEditable,
  takenByOther,
} from '../issuance/service';
import { declarationIsCited } from './citations';
import { declarationCopies } from './copy-policy';
import { materialOrigin, originCheck } from './origin-check';
import * as q from './queries';

const flow = declarationFlow;
type Action = ActionOf<typeof flow>;
const APPROVED: DeclarationStatus = flow.actions.approve_delivery.to;
const IN_ANALYSIS: DeclarationStatus = flow.actions.take.to;

/**
 * Whether `print-signed` has a PDF to seal (signatures.ts): the declaration was approved by its representative's
 * digital signature (A1 or A3), i.e. it is Aprovada and signed.
 */
export const hasSignedPdf = (row: { status: string; signed_at: Date | null }) =>
  row.status === APPROVED && row.signed_at !== null;
/** The legal representative's signed XML (signatures.ts) is the declaration's file under this role. */
export const SIGNED_XML_ROLE = 'signed_xml';

/** Taking a declaration locks it to the analyst; an administrator may step in. */
const takenByActor = takenByOther(IN_ANALYSIS, text.takenByOther);

/** The declaration under the kernel's flow (DOMAIN.md §3): acted on within the owner scope of lib/scope.ts. */
export const declarationSubject: FlowSubject<StateOf<typeof flow>, Action> = {
  flow,
  table: declarations,
  auditType: q.AUDIT_TYPE,
  scope: (actor) => q.ownerScope(actor) ?? null,
  guards: {
    approve_delivery: takenByActor,
    reject: takenByActor,
    // The signatures issue (14) verifies and stores the legal representative's A1/A3 signature.
    digitally_signed: (row, actor) =>
      takenByActor(row, actor) ?? (row.signed_at ? null : text.signatureRequired),
  },
  // Approved: its PDFs are rendered once, after the commit (copy-policy.ts).
  entered: (tx, id, to) => queueCopies(tx, declarationCopies, id, to),
};

// ---- reading -----------------------------------------------------------------------------------------------------

export async function listDeclarations(db: Database, actor: Actor, query: DeclarationListQuery) {
  return q.pageDeclarations(db, actor, query);
}

/** Whether the actor acts on the row (its read scope adds, for an exporter, the declarations linked to it). */
function actsOn(actor: Actor, row: q.DeclarationRow): boolean {
  return actor.roleType !== 'exportador' || row.exporter_id === actor.exporterId;
}

const addressOf = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** The declaration as its screens show it, with the origin check, the actions this user may take and the history. */
export async function getDeclaration(db: Executor, actor: Actor, id: number): Promise<Declaration> {
  const found = await q.findDeclaration(db, id, q.readScope(actor));
  if (!found) throw notFound();
  const { row } = found;
  const [materials, members, history, rejection] = await Promise.all([
    q.materialsOf(db, id),
    q.memberCountries(db, row.deal_id),
    flowHistory(db, flow, id),
    row.status === flow.actions.reject.to ? lastNote(db, flow.name, id, ['reject']) : Promise.resolve(null),
  ]);
  const owns = actsOn(actor, row);
  const creator = owns && actor.permissions.has('declaration.create');
  const editable = EDITABLE_DECLARATION_STATES.includes(row.status as DeclarationStatus);
  const signable = SIGNABLE_DECLARATION_STATES.includes(row.status as DeclarationStatus) && !row.signed_at;
  return {
    id: row.id,
    status: row.status as DeclarationStatus,
    declaration_flow: q.flowRef(row.status),
    exporter_id: row.exporter_id,
    exporter: { id: row.exporter_id, name: found.owner.name, cnpj: found.owner.cnpj, cpf: found.owner.cpf },
    trade_association: { id: row.trade_association_id, name: found.association_name },
    company_manufacturer_id: row.company_manufacturer_id,
    company_manufacturer: {
      id: row.company_manufacturer_id,
      corporate_name: found.company.corporate_name,
      cnpj: found.company.cnpj,
    },
    legal_representative_id: row.legal_representative_id,
    legal_representative: {
      id: row.legal_representative_id,
      name: found.representative.name,
      cpf: found.representative.cpf,
    },
    deal_id: row.deal_id,
    deal: {
      id: row.deal_id,
      abbreviation: found.deal.abbreviation,
      name: found.deal.name,
      classification_type: found.deal.classification_type,
    },
    product_name: row.product_name,
    internal_product_code: row.internal_product_code,
    ncm: row.ncm,
    ncm_description: found.ncm_description,
    nomenclature_code: row.nomenclature_code,
    production_process: row.production_process,
    fob_unit_value_min: row.fob_unit_value_min,
    fob_unit_value_max: row.fob_unit_value_max,
    origin_rule_id: row.origin_rule_id,
    origin_rule: { id: row.origin_rule_id, code: found.rule.code, description: found.rule.description },
    origin_norm_id: row.origin_norm_id,
    origin_norm: { id: row.origin_norm_id, name: found.norm.name, legal_text: found.norm.legal_text },
    materials: materials.map((m) => ({
      id: m.id,
      position: m.position,
      ncm: m.ncm,
      description: m.description,
      origin_country_id: m.origin_country_id,
      origin_country: { id: m.origin_country_id, code: m.country_code, name: m.country_name },
      cif_value_usd: m.cif_value_usd,
      fob_share_percent: m.fob_share_percent,
      ...materialOrigin(m, row.ncm, members),
    })),
    manufacturer_declaration: storedFileView(found),
    delivery_location_id: row.delivery_location_id,
    delivery_location:
      row.delivery_location_id && found.delivery_location_name
        ? { id: row.delivery_location_id, name: found.delivery_location_name }
        : null,
    analyst_id: row.analyst_id,
    analyst: row.analyst_id && found.analyst_name ? { id: row.analyst_id, name: found.analyst_name } : null,
    approved_at: row.approved_at ? row.approved_at.toISOString() : null,
    valid_until: row.valid_until,
    signed_at: row.signed_at ? row.signed_at.toISOString() : null,
    signed_by_cpf: row.signed_by_cpf,
    rejection_reason: rejection,
    has_signed_pdf: hasSignedPdf(row),
    can: {
      edit: creator && editable,
      delete: creator && editable,
      clone: creator,
      sign: creator && signable,
    },
    origin_check: originCheck({
      productNcm: row.ncm,
      fobUnitValueMax: row.fob_unit_value_max,
      ceilingPercent: found.norm.ceiling ?? found.deal.ceiling,
      materials,
      members,
    }),
    actions: owns ? availableActions(declarationSubject, row, actor) : [],
    history,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * GET /v1/declaration/origin_rules?deal_id: the deal's origin criteria for the declaration form. The rule screens
 * (origin_rule.view) are only the analyst's and the administrator's (SPEC §6), but whoever declares must choose one.
 */
export async function originRulesOfDeal(db: Database, dealId: number) {
  return { data: await q.rulesOfDeal(db, dealId) };
}

/**
 * GET /v1/declaration/certificate/{exporterId}: what that exporter may cite. The caller must reach the exporter
 * (its own, a linked dispatcher's, the association's…): otherwise 404, as if it did not exist.
 */
export async function citableDeclarations(
  db: Database,
  actor: Actor,
  exporterId: number,
  query: CitableDeclarationQuery,
) {
  if (!(await findParentInScope(db, actor, 'exporter', exporterId))) throw notFound();
  return q.pageCitable(db, exporterId, { ...query, per_page: query.per_page ?? TYPE_AHEAD_SIZE });
}

// ---- the checks of a save ------------------------------------------------------------------------------------------

/**
 * Whose declaration it is: an exporter's or manufacturer's user always declares for its own party; staff (and any
 * other role given the permission) name a party they reach.
 */
async function resolveOwner(tx: Executor, actor: Actor, requested: number | null) {
  const partyUser = actor.roleType === 'exportador' || actor.roleType === 'fabricante';
  if (partyUser && !actor.exporterId) throw forbidden(text.noParty);
  const id = partyUser ? actor.exporterId : requested;
  if (!id) throw fieldError('exporter_id', text.exporterRequired);
  const parent = await requireParentInScope(tx, actor, 'exporter', id, 'exporter_id');
  if (parent.tradeAssociationId === null) throw fieldError('exporter_id', messages.field.invalidOption);
  return { id, tradeAssociationId: parent.tradeAssociationId };
}

const digitsOnly = (value: string) => value.replace(/[\s.-]/g, '');

/**
 * The product's code in the deal's nomenclature: the NCM itself for an NCM deal; otherwise the deal's
 * classification list decides (a given code must match it, a blank one is filled from it); without a list for
 * that nomenclature, what the user typed (digits of the right length) stands.
 */
async function nomenclatureCode(
  tx: Executor,
  type: string,
  ncmCode: string,
  given: string | null,
  errors: FieldErrors,
): Promise<string | null> {
  if (type === 'NCM') return ncmCode;
  const listed = await q.classificationCode(tx, type, ncmCode);
  const typed = given ? digitsOnly(given) : null;
  if (listed === undefined) {
    const digits = CLASSIFICATION_TYPES[type as ClassificationType]?.digits;
    if (typed && digits && !new RegExp(`^\\d{${digits}}$`).test(typed)) {
      errors.nomenclature_code = [text.nomenclatureFormat(type, digits)];
    }
    return typed;
  }
  if (listed === null) {
    errors.ncm = [text.ncmNotInList(type)];
    return null;
  }
  if (typed && typed !== digitsOnly(listed))
    errors.nomenclature_code = [text.nomenclatureMismatch(type, listed)];
  return listed;
}

type Checked = { values: q.DeclarationValues; materials: q.MaterialValues[] };

/**
 * Every reference the form names, checked against the owner party and the deal: the manufacturer company of its
 * book, its live legal representative, an active deal with this origin criterion and norm, NCM subitems that exist,
 * the nomenclature code, the materials' countries. All refusals come back at once, next to their fields.
 */
async function checkedValues(tx: Executor, actor: Actor, input: DeclarationInput): Promise<Checked> {
  const owner = await resolveOwner(tx, actor, input.exporter_id);
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (!(await q.manufacturerCompanyOf(tx, owner.id, input.company_manufacturer_id))) {
    add('company_manufacturer_id', text.companyNotManufacturer);
  }
  const deal = await checkRepresentativeAndDeal(tx, owner.id, input, add, text);
  const rule = deal ? await q.ruleOfDeal(tx, deal.id, input.origin_rule_id) : 'ok';
  if (rule === 'absent') add('origin_rule_id', text.originRuleNotOfDeal);
  if (rule === 'expired') add('origin_rule_id', text.originRuleNotInForce);
  const norm = deal ? await q.normOfDeal(tx, deal.id, input.origin_norm_id) : 'ok';
  if (norm === 'absent') add('origin_norm_id', text.originNormNotOfDeal);
  if (norm === 'expired') add('origin_norm_id', text.originNormNotInForce);

  const leaves = await q.ncmLeaves(tx, [input.ncm, ...input.materials.map((m) => m.ncm)]);
  const ncmProblem = (code: string) => {
    const leaf = leaves.get(code);
    if (leaf === undefined) return text.ncmUnknown;
    return leaf ? null : text.ncmNotLeaf;
  };
  const productProblem = ncmProblem(input.ncm);
  if (productProblem) add('ncm', productProblem);
  const countries = await q.existingCountries(
    tx,
    input.materials.map((m) => m.origin_country_id),
  );
  input.materials.forEach((m, i) => {
    const problem = ncmProblem(m.ncm);
    if (problem) add(`materials.${i}.ncm`, problem);
    if (!countries.has(m.origin_country_id))
      add(`materials.${i}.origin_country_id`, messages.field.invalidOption);
  });
  const nomenclature =
    deal && !productProblem
      ? await nomenclatureCode(tx, deal.classification_type, input.ncm, input.nomenclature_code, errors)
      : null;
  if (Object.keys(errors).length > 0) throw invalid(errors);

  return {
    values: {
      exporter_id: owner.id,
      trade_association_id: owner.tradeAssociationId,
      company_manufacturer_id: input.company_manufacturer_id,
      legal_representative_id: input.legal_representative_id,
      deal_id: input.deal_id,
      product_name: input.product_name,
      internal_product_code: input.internal_product_code,
      ncm: input.ncm,
      nomenclature_code: nomenclature,
      production_process: input.production_process,
      fob_unit_value_min: input.fob_unit_value_min,
      fob_unit_value_max: input.fob_unit_value_max,
      origin_rule_id: input.origin_rule_id,
      origin_norm_id: input.origin_norm_id,
    },
    materials: input.materials.map((m) => ({
      ncm: m.ncm,
      description: m.description,
      origin_country_id: m.origin_country_id,
      cif_value_usd: m.cif_value_usd,
      fob_share_percent: m.fob_share_percent,
    })),
  };
}

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

// ---- create, edit, delete, clone ---------------------------------------------------------------------------------

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

// ---- the flow's actions ------------------------------------------------------------------------------------------

async function act(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: Action,
  effect: ActionEffect,
  note?: string,
): Promise<DeclarationAction> {
  await db.transaction((tx) =>
    transition(tx, ctx, declarationSubject, id, action, { note, effect: (row) => effect(tx, row) }),
  );
  return { message: flow.actions[action].success ?? null, declaration: await getDeclaration(db, actor, id) };
}

/** RASCUNHO or REPROVADA → ENVIADA; a re-sent declaration is free for any analyst to take. */
export function sendAnalysis(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'send_analysis', async (tx, row) => {
    if (row.analyst_id === null) return undefined;
    await q.updateDeclaration(tx, id, { analyst_id: null });
    return { old: { analyst_id: row.analyst_id }, new: { analyst_id: null } };
  });
}

/**
 * GET send_analyzing: `analise` takes the declaration (ENVIADA → EM_ANALISE, the analyst recorded; a second
 * analyst racing for it is refused), `consulta` only opens it for the analyst's view.
 */
export async function sendAnalyzing(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  type: TypeAnalysis,
): Promise<DeclarationAction> {
  if (type === 'consulta') return { message: null, declaration: await getDeclaration(db, actor, id) };
  return act(db, ctx, actor, id, 'take', async (tx, row) => {
    await q.updateDeclaration(tx, id, { analyst_id: actor.id });
    return { old: { analyst_id: row.analyst_id }, new: { analyst_id: actor.id } };
  });
}

/** EM_ANALISE → APROVADA: the signed paper declaration was delivered at `deliveryLocationId`. */
export function approveDelivery(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  deliveryLocationId: number,
) {
  return act(db, ctx, actor, id, 'approve_delivery', async (tx) => {
    if (!(await q.deliveryLocationExists(tx, deliveryLocationId))) {
      throw fieldError('delivery_location_id', messages.field.invalidOption);
    }
    const approved = await q.markApproved(tx, id, deliveryLocationId);
    return { new: { ...approved, delivery_location_id: deliveryLocationId } };
  });
}

/** EM_ANALISE → APROVADA by the legal representative's verified digital signature (refused without one). */
export function approveDigitallySigned(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'digitally_signed', async (tx) => ({
    new: await q.markApproved(tx, id, null),
  }));
}

/**
 * ENVIADA or EM_ANALISE → REPROVADA with the reason (kept in the history; the owner edits and re-sends). The legal
 * representative's signature goes with it: the content may change now, so it must be signed again.
 */
export function rejectDeclaration(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'reject', (tx, row) => dropSignature(tx, id, row.signed_at), reason);
}

/** Clears the signature and its XML's file row (the blob goes with the orphan sweep); the delta for the audit. */
async function dropSignature(tx: Tx, id: number, signedAt: unknown) {
  if (!signedAt) return undefined;
  const ownerType = `${q.declarationOwner(id).type}.${SIGNED_XML_ROLE}`;
  await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.owner_type, ownerType), eq(storedFiles.owner_id, id)));
  await q.updateDeclaration(tx, id, { signed_at: null, signed_by_cpf: null });
  return { old: { signed_at: signedAt }, new: { signed_at: null, signed_by_cpf: null } };
}

// ---- expiry (the daily job) ------------------------------------------------------------------------------------------

export const EXPIRY_JOB = 'declaration_expiry';
const EXPIRY_BATCH = 200;

/**
 * APROVADA declarations past `valid_until` become VENCIDA, each through the flow's `expire` in its own transaction
 * (history step and audit row with no user). One a concurrent action moved meanwhile is skipped. Returns how many.
 */
export async function expireDeclarations(db: Database): Promise<number> {
  const ctx = systemContext(EXPIRY_JOB);
  let expired = 0;
  for (;;) {
    const ids = await q.expiredIds(db, EXPIRY_BATCH);
    let moved = 0;
    for (const id of ids) {
      try {
        await db.transaction((tx) => transition(tx, ctx, declarationSubject, id, 'expire'));
        moved += 1;
      } catch (err) {
        if (!(err instanceof AppError && err.code === ErrorCode.FlowActionRefused)) throw err;
      }
    }
    expired += moved;
    if (ids.length < EXPIRY_BATCH || moved === 0) return expired;
  }
}

// ---- documents -----------------------------------------------------------------------------------------------------

/**
 * The declaration's PDF (`print`, or `print_preview` when `preview`): "SEM VALOR" on every preview and on any
 * declaration that is not APROVADA.
 */
export async function declarationDocument(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
  preview: boolean,
): Promise<Buffer> {
  const found = await q.findDeclaration(db, id, actor ? q.readScope(actor) : undefined);
  if (!found) throw notFound();
  const { row } = found;
  const [materials, members, logo] = await Promise.all([
    q.materialsOf(db, id),
    q.memberCountries(db, row.deal_id),
    associationLogo(db, files, row.trade_association_id),
  ]);
  const association = addressOf([
    [found.association_address, found.association_number].filter(Boolean).join(', '),
    [found.association_city, found.association_state].filter(Boolean).join(' - '),
  ]);
  const owner = found.owner;
  const company = found.company;
  return declarationPdf({
    id,
    status: row.status,
    association: { name: found.association_name, cnpj: found.association_cnpj, address: association },
    logo,
    owner: {
      name: owner.name,
      taxId: owner.cnpj ?? owner.cpf,
      address: addressOf([
        [owner.address, owner.number].filter(Boolean).join(', '),
        owner.neighborhood,
        [owner.city, owner.state].filter(Boolean).join(' - '),
        owner.postcode ? `CEP ${owner.postcode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : null,
      ]),
      city: owner.city,
    },
    company: {
      name: company.corporate_name,
      cnpj: company.cnpj,
      address: addressOf([
        [company.address, company.number].filter(Boolean).join(', '),
        [company.city, company.state].filter(Boolean).join(' - '),
      ]),
    },
    product: {
      name: row.product_name,
      internalCode: row.internal_product_code,
      ncm: row.ncm,
      ncmDescription: found.ncm_description,
      nomenclatureCode: row.nomenclature_code,
      classificationType: found.deal.classification_type,
    },
    deal: { abbreviation: found.deal.abbreviation, name: found.deal.name },
    fobMin: row.fob_unit_value_min,
    fobMax: row.fob_unit_value_max,
    productionProcess: row.production_process,
    materials: materials.map((m) => ({
      position: m.position,
      ncm: m.ncm,
      description: m.description,
      country: m.country_name,
      cif: m.cif_value_usd,
      share: m.fob_share_percent,
      originating: members.has(m.origin_country_id),
    })),
    rule: { code: found.rule.code, description: found.rule.description },
    norm: { name: found.norm.name, legalText: found.norm.legal_text },
    representative: {
      name: found.representative.name,
      cpf: found.representative.cpf,
      jobPosition: found.representative.job_position,
    },
    approvedAt: row.approved_at,
    validUntil: row.valid_until,
    deliveryLocation: found.delivery_location_name,
    signedAt: row.signed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    url: `${ctx.appUrl}${declarationConsultPath(id)}`,
    watermark: preview || row.status !== APPROVED,
  });
}

/** The manufacturer's signed declaration of a declaration the actor reads. */
export async function manufacturerDeclarationFile(
  db: Database,
  actor: Actor,
  id: number,
): Promise<StoredFile> {
  const found = await q.findDeclaration(db, id, q.readScope(actor));
  return fileOfRecord(db, found, q.declarationOwner(id), q.MANUFACTURER_DECLARATION_ROLE);
}
