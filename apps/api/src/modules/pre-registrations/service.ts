import { SpecialStatus } from '@origem/contract/errors';
import {
  type ActionOf,
  openStates,
  preRegistrationFlow,
  type StateOf,
  stateLabel,
} from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import { pickPartyFields } from '@origem/contract/schemas/party';
import {
  PENDENCY_LINK_DAYS,
  type PendencyView,
  PROFILE_TYPES,
  type PreRegistration,
  type PreRegistrationInput,
  type PreRegistrationListQuery,
  type PreRegistrationStatus,
  type ProfileType,
  preRegistrationMessages as text,
} from '@origem/contract/schemas/pre-registrations';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { preRegistrations } from '../../db/schema';
import { preRegistrationReceipt } from '../../documents/pdf/pre-registration-receipt';
import { FileChanges, findOwnerFile, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import {
  AppError,
  conflict,
  fieldError,
  forbidden,
  notFound,
  unauthenticated,
  violatesConstraint,
} from '../../lib/errors';
import { requireParentInScope } from '../../lib/scope';
import { randomToken, sha256 } from '../../lib/secrets';
import {
  availableActions,
  type FlowSubject,
  flowHistory,
  recordCreation,
  transition,
} from '../../lib/workflow';
import { enqueueMail } from '../../mail/outbox';
import { welcomeMail } from '../../mail/templates';
import { createResetLink, WELCOME_TTL_MS } from '../auth/service';
import { emailTaken } from '../users/queries';
import { pendencyMail, reprovalMail } from './mails';
import * as q from './queries';
import { preRegistrationScope, SOCIAL_CONTRACT_OWNER } from './queries';

const PENDENCY_TTL_MS = PENDENCY_LINK_DAYS * 24 * 60 * 60 * 1000;
const AUDIT_TYPE = 'pre_registration';
const ownerOf = (id: number) => ({ type: SOCIAL_CONTRACT_OWNER.preRegistration, id });

/** 253: the approval is refused with the reason; nothing is written. */
const approvalRefused = (reason: string) =>
  new AppError(SpecialStatus.ApprovalRefused, 'ApprovalRefused', reason);

const flow = preRegistrationFlow;

/** The pre-registration under the kernel's flow (DOMAIN.md §7): the staff act within their association's scope. */
const subject: FlowSubject<StateOf<typeof flow>, ActionOf<typeof flow>> = {
  flow,
  table: preRegistrations,
  auditType: AUDIT_TYPE,
  scope: (actor) => preRegistrationScope(actor) ?? null,
};

// ---- public options ------------------------------------------------------------------------------------------

export async function publicFederations(db: Database) {
  return { data: await q.publicFederations(db) };
}

export async function publicAssociations(db: Database, federationId: number | undefined) {
  return { data: await q.publicAssociations(db, federationId) };
}

export function profileTypes() {
  return {
    data: (Object.entries(PROFILE_TYPES) as [ProfileType, string][]).map(([id, name]) => ({ id, name })),
  };
}

/** Only Portuguese names are stored today, so every known language gets them; an unknown one is a 404. */
export async function countriesForLanguage(db: Database, languageId: number) {
  if (!(await q.languageExists(db, languageId))) throw notFound();
  return { data: await q.allCountries(db) };
}

// ---- shared checks -----------------------------------------------------------------------------------------------

/**
 * The chosen association must exist and belong to the chosen federation; returns it with its support channels. A
 * staff member may only name an association inside its own scope (the parent is checked, not only the record).
 */
async function checkedAssociation(db: Executor, input: PreRegistrationInput, actor: Actor | null) {
  const association = await q.findAssociation(db, input.trade_association_id);
  if (!association) throw fieldError('trade_association_id', messages.field.invalidOption);
  if (association.federation_id !== input.federation_id) {
    throw fieldError('trade_association_id', text.associationOutsideFederation);
  }
  if (actor) await requireParentInScope(db, actor, 'association', association.id, 'trade_association_id');
  return association;
}

/** Serialises every check-then-write on one CPF/CNPJ (create, edit, approval) for the transaction's length. */
async function lockTaxId(tx: Tx, taxId: q.TaxId): Promise<void> {
  const key = taxId.cpf ?? taxId.cnpj ?? '';
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pre_registration:${key}`}))`);
}

function refusal(
  status: number,
  message: string,
  association: { name: string; email: string | null; phone: string | null },
) {
  const code = status === SpecialStatus.AlreadyRegistered ? 'AlreadyRegistered' : 'UnderRegistrationAnalysis';
  return new AppError(status, code, message, undefined, {
    support: { name: association.name, email: association.email, phone: association.phone },
  });
}

function valuesOf(input: PreRegistrationInput) {
  return {
    profile_type: input.profile_type,
    ...pickPartyFields(input),
    federation_id: input.federation_id,
  };
}

// ---- public sign-up -----------------------------------------------------------------------------------------------

export async function createPreRegistration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  input: PreRegistrationInput,
  file: ReceivedFile | undefined,
): Promise<PendencyView> {
  if (!file) throw fieldError('social_contract', text.fileRequired);
  const id = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const association = await checkedAssociation(tx, input, null);
      const taxId = { cpf: input.cpf, cnpj: input.cnpj };
      await lockTaxId(tx, taxId);
      if (await q.registeredParty(tx, taxId)) {
        throw refusal(SpecialStatus.AlreadyRegistered, text.alreadyRegistered, association);
      }
      if (await q.openPreRegistrationExists(tx, taxId)) {
        throw refusal(SpecialStatus.UnderRegistrationAnalysis, text.underAnalysis, association);
      }
      const values = { ...valuesOf(input), status: flow.initial };
      const created = await q.insertPreRegistration(tx, values);
      await recordCreation(tx, ctx, flow, created);
      const stored = await changes.attach(tx, file, ownerOf(created), ctx.actor?.id ?? null);
      await recordAudit(tx, ctx, {
        event: 'created',
        type: AUDIT_TYPE,
        id: created,
        new: { ...values, social_contract: stored.original_name },
      });
      return created;
    }),
  );
  const view = await q.findPreRegistration(db, null, id);
  if (!view) throw notFound();
  return pendencyView(view);
}

// ---- staff reading -------------------------------------------------------------------------------------------------

export async function listPreRegistrations(db: Database, actor: Actor, query: PreRegistrationListQuery) {
  return q.pagePreRegistrations(db, actor, query);
}

export async function allPreRegistrations(db: Database, actor: Actor) {
  return { data: await q.allPreRegistrations(db, actor) };
}

/** The staff's view: the record, the actions this user may take now, and its history. */
export async function getPreRegistration(db: Executor, actor: Actor, id: number): Promise<PreRegistration> {
  const view = await q.findPreRegistration(db, actor, id);
  if (!view) throw notFound();
  return {
    ...view,
    actions: availableActions(subject, { ...view, id: view.id, status: view.status }, actor),
    history: await flowHistory(db, flow, id),
  };
}

/** The receipt (comprovante) PDF: what was sent, to whom, its status and history. */
export async function receipt(db: Database, ctx: ServiceContext, actor: Actor, id: number): Promise<Buffer> {
  const view = await getPreRegistration(db, actor, id);
  const address = [
    [view.address, view.number].filter(Boolean).join(', '),
    view.complement,
    view.neighborhood,
    [view.city, view.state].filter(Boolean).join(' - '),
    view.postcode ? `CEP ${view.postcode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return preRegistrationReceipt({
    id: view.id,
    status: view.status,
    profile: PROFILE_TYPES[view.profile_type],
    name: view.name,
    trade_name: view.trade_name,
    cpf: view.cpf,
    cnpj: view.cnpj,
    email: view.email,
    phone: view.phone,
    address,
    association: view.trade_association.name,
    federation: view.federation?.name ?? null,
    created_at: view.created_at,
    history: view.history,
    url: `${ctx.appUrl}/pre-cadastro-analise/${view.id}`,
    printedAt: new Date(),
  });
}

/** Where the social contract lives: with the pre-registration, or with the party its approval created. */
function contractOwner(row: { id: number; exporter_id: number | null; dispatcher_id: number | null }) {
  if (row.exporter_id) return { type: SOCIAL_CONTRACT_OWNER.exportador, id: row.exporter_id };
  if (row.dispatcher_id) return { type: SOCIAL_CONTRACT_OWNER.despachante, id: row.dispatcher_id };
  return ownerOf(row.id);
}

export async function socialContract(db: Database, actor: Actor, id: number): Promise<StoredFile> {
  const view = await getPreRegistration(db, actor, id);
  const file = await findOwnerFile(db, contractOwner(view));
  if (!file) throw notFound();
  return file;
}

// ---- the applicant's pendency link ----------------------------------------------------------------------------------

function pendencyView(view: q.PreRegistrationView): PendencyView {
  return {
    id: view.id,
    status: view.status,
    profile_type: view.profile_type,
    person_type_id: view.person_type_id,
    cpf: view.cpf,
    cnpj: view.cnpj,
    name: view.name,
    email: view.email,
    trade_association: view.trade_association,
    created_at: view.created_at,
    trade_name: view.trade_name,
    state_registration: view.state_registration,
    phone: view.phone,
    postcode: view.postcode,
    address: view.address,
    number: view.number,
    complement: view.complement,
    neighborhood: view.neighborhood,
    city: view.city,
    state: view.state,
    federation_id: view.federation_id,
    trade_association_id: view.trade_association_id,
    pendency_reason: view.pendency_reason,
    pendency_expires_at: view.pendency_expires_at,
    social_contract: view.social_contract,
  };
}

/** A wrong, used or expired token, or another id: 404 — the link opens nothing but its own pre-registration. */
async function assertPendencyToken(db: Executor, id: number, token: string): Promise<void> {
  if (!(await q.pendencyHolder(db, id, sha256(token)))) throw notFound();
}

export async function getPendency(db: Database, id: number, token: string): Promise<PendencyView> {
  await assertPendencyToken(db, id, token);
  const view = await q.findPreRegistration(db, null, id);
  if (!view) throw notFound();
  return pendencyView(view);
}

// ---- edit: the applicant (pendency token) or the staff ----------------------------------------------------------------

/** 251 when the CPF/CNPJ belongs to a live party; an edit that changes it may not take another's either. */
async function checkEditedTaxId(
  tx: Tx,
  id: number,
  before: { cpf: string | null; cnpj: string | null },
  input: PreRegistrationInput,
  association: Awaited<ReturnType<typeof checkedAssociation>>,
): Promise<void> {
  const taxId = { cpf: input.cpf, cnpj: input.cnpj };
  await lockTaxId(tx, taxId);
  if (await q.registeredParty(tx, taxId)) {
    throw refusal(SpecialStatus.AlreadyRegistered, text.alreadyRegistered, association);
  }
  const changed = taxId.cpf !== before.cpf || taxId.cnpj !== before.cnpj;
  if (
    changed &&
    ((await q.openPreRegistrationExists(tx, taxId, id)) || (await q.companyHoldsTaxId(tx, taxId)))
  ) {
    throw refusal(SpecialStatus.AlreadyRegistered, text.taxIdInUse, association);
  }
}

/**
 * The edit's writes on the locked row: the data, optionally a new social contract; returns what changed for the
 * audit row.
 */
async function applyEdit(
  tx: Tx,
  changes: FileChanges,
  ctx: ServiceContext,
  id: number,
  before: Record<string, unknown>,
  values: Partial<q.PreRegistrationValues>,
  file: ReceivedFile | undefined,
) {
  await q.updatePreRegistration(tx, id, values);
  const previousFile = file ? await findOwnerFile(tx, ownerOf(id)) : null;
  const stored = file ? await changes.attach(tx, file, ownerOf(id), ctx.actor?.id ?? null) : null;
  const diff = changedValues(
    { ...before, social_contract: previousFile?.original_name ?? null },
    { ...values, social_contract: stored ? stored.original_name : (previousFile?.original_name ?? null) },
  );
  return {
    old: diff.old,
    new: { ...diff.new, ...(stored ? { social_contract: `${stored.original_name} (novo arquivo)` } : {}) },
  };
}

/**
 * With the pendency token, the applicant's corrections: the data (and, optionally, a new social contract) and the
 * flow's `resubmit` (back to analysis, the link spent). Without it, the staff's edit (`pre_registration.analyse`,
 * in scope, of a pre-registration still open) — the association it names must be in the editor's scope too. 251
 * when the CPF/CNPJ belongs to an exporter or dispatcher, or (when changed) to another pre-registration or company.
 */
export async function updatePreRegistration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  id: number,
  input: PreRegistrationInput,
  file: ReceivedFile | undefined,
): Promise<{ message: string; pre_registration: PendencyView }> {
  const token = input.token?.trim();
  const actor = ctx.actor;
  if (!token) {
    if (!actor) throw unauthenticated();
    if (!actor.permissions.has('pre_registration.analyse')) throw forbidden();
  }
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      if (token) {
        await assertPendencyToken(tx, id, token);
        await transition(tx, ctx, subject, id, 'resubmit', {
          effect: async (before) => {
            const association = await checkedAssociation(tx, input, null);
            await checkEditedTaxId(tx, id, q.taxIdOf(before), input, association);
            const values = { ...valuesOf(input), pendency_token_hash: null, pendency_expires_at: null };
            return applyEdit(tx, changes, ctx, id, before, values, file);
          },
        });
        return;
      }
      if (!actor || !(await q.findPreRegistration(tx, actor, id))) throw notFound();
      const before = await q.lockPreRegistration(tx, id);
      if (!before) throw notFound();
      if (!openStates(flow).includes(before.status as PreRegistrationStatus)) {
        throw conflict(text.notEditable(stateLabel(flow, before.status)));
      }
      const association = await checkedAssociation(tx, input, actor);
      await checkEditedTaxId(tx, id, before, input, association);
      const delta = await applyEdit(tx, changes, ctx, id, before, valuesOf(input), file);
      await recordAudit(tx, ctx, { event: 'updated', type: AUDIT_TYPE, id, ...delta });
    }),
  );
  const view = await q.findPreRegistration(db, null, id);
  if (!view) throw notFound();
  return { message: token ? text.resubmitted : text.updated, pre_registration: pendencyView(view) };
}

// ---- decisions (the flow's actions) -------------------------------------------------------------------------------

/** The typed row inside an action's effect (the transition has already locked it). */
async function lockedRow(tx: Tx, id: number) {
  const row = await q.lockPreRegistration(tx, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Approval, in one transaction: the exporter or dispatcher (not associated, at the pre-registration's association),
 * the applicant's social contract handed to it, its user (role by the profile's slug, password to be set) and the
 * welcome e-mail with the set-password link. 253 (nothing written) when the state does not allow it, the CPF/CNPJ
 * became a live exporter or dispatcher meanwhile, or the e-mail belongs to a live user.
 */
export async function approvePreRegistration(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  try {
    await db.transaction((tx) =>
      transition(tx, ctx, subject, id, 'approve', {
        effect: async () => {
          const row = await lockedRow(tx, id);
          const profile = row.profile_type as ProfileType;
          const taxId = q.taxIdOf(row);
          await lockTaxId(tx, taxId);
          const registered = await q.registeredParty(tx, taxId);
          if (registered) throw approvalRefused(text.taxIdNowRegistered(PROFILE_TYPES[registered]));
          if (!row.email || (await emailTaken(tx, row.email))) throw approvalRefused(text.emailTaken);
          const roleId = await q.roleIdByName(tx, profile);
          if (!roleId)
            throw approvalRefused(`O perfil ${PROFILE_TYPES[profile]} não está cadastrado no Sistema.`);
          const association = await q.findAssociation(tx, row.trade_association_id);
          if (!association) throw notFound();

          const party: q.PartyValues = { ...pickPartyFields(row), associated: false };
          const partyId = await q.insertParty(tx, profile, party);
          const partyOwner = { type: SOCIAL_CONTRACT_OWNER[profile], id: partyId };
          const contractName = await q.moveOwnerFiles(tx, ownerOf(id), partyOwner);
          await recordAudit(tx, ctx, {
            event: 'created',
            type: q.PARTY_AUDIT_TYPE[profile],
            id: partyId,
            new: { ...party, social_contract: contractName, pre_registration_id: id },
          });

          const user = {
            name: row.name,
            email: row.email,
            cpf: row.cpf,
            cnpj: row.cnpj,
            phone: row.phone,
            role_id: roleId,
            trade_association_id: association.id,
            federation_id: association.federation_id,
            confederation_id: association.confederation_id,
            exporter_id: profile === 'exportador' ? partyId : null,
            dispatcher_id: profile === 'despachante' ? partyId : null,
            active: true,
            change_password: true,
          };
          const userId = await q.insertUser(tx, user);
          const link = await createResetLink(tx, ctx.appUrl, userId, WELCOME_TTL_MS);
          await enqueueMail(tx, welcomeMail(row.email, row.name, link));
          await recordAudit(tx, ctx, { event: 'created', type: 'user', id: userId, new: user });

          const decision = {
            exporter_id: user.exporter_id,
            dispatcher_id: user.dispatcher_id,
            analysed_by: actor.id,
            analysed_at: new Date(),
            pendency_token_hash: null,
            pendency_expires_at: null,
          };
          await q.updatePreRegistration(tx, id, decision);
          return { new: { ...decision, user_id: userId } };
        },
      }),
    );
  } catch (err) {
    // A concurrent registration won the race past the checks: the unique indexes have the last word.
    if (
      violatesConstraint(err, 'exporters_cpf_live_idx') ||
      violatesConstraint(err, 'exporters_cnpj_live_idx') ||
      violatesConstraint(err, 'dispatchers_cpf_live_idx') ||
      violatesConstraint(err, 'dispatchers_cnpj_live_idx')
    ) {
      throw approvalRefused(text.taxIdNowRegistered('cadastro'));
    }
    if (violatesConstraint(err, 'users_email_live_idx')) throw approvalRefused(text.emailTaken);
    throw err;
  }
  return { message: text.approved, pre_registration: await getPreRegistration(db, actor, id) };
}

/** Pendency: the reason, a private link (token stored only hashed, valid 7 days) e-mailed to the applicant. */
export async function markPendency(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  await db.transaction((tx) =>
    transition(tx, ctx, subject, id, 'pendency', {
      note: reason,
      effect: async () => {
        const row = await lockedRow(tx, id);
        const token = randomToken();
        const decision = {
          pendency_reason: reason,
          pendency_token_hash: sha256(token),
          pendency_expires_at: new Date(Date.now() + PENDENCY_TTL_MS),
          analysed_by: actor.id,
          analysed_at: new Date(),
        };
        await q.updatePreRegistration(tx, id, decision);
        if (row.email) {
          const link = `${ctx.appUrl}/pre-cadastro-pendencia/${id}?token=${token}`;
          await enqueueMail(tx, pendencyMail(row.email, row.name, reason, link));
        }
        return { old: { pendency_reason: row.pendency_reason }, new: decision };
      },
    }),
  );
  return { message: text.pendency, pre_registration: await getPreRegistration(db, actor, id) };
}

/** Reproval (from ENVIADO or PENDENTE): the reason is kept and e-mailed; a pending link stops working. */
export async function reprovePreRegistration(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  await db.transaction((tx) =>
    transition(tx, ctx, subject, id, 'reprove', {
      note: reason,
      effect: async () => {
        const row = await lockedRow(tx, id);
        const decision = {
          reproval_reason: reason,
          pendency_token_hash: null,
          pendency_expires_at: null,
          analysed_by: actor.id,
          analysed_at: new Date(),
        };
        await q.updatePreRegistration(tx, id, decision);
        if (row.email) await enqueueMail(tx, reprovalMail(row.email, row.name, reason, ctx.appUrl));
        return { new: decision };
      },
    }),
  );
  return { message: text.reproved, pre_registration: await getPreRegistration(db, actor, id) };
}

/** Removes a pre-registration and its file; an approved one stays, as the history of the party it created. */
export async function deletePreRegistration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      if (!(await q.findPreRegistration(tx, actor, id))) throw notFound();
      const row = await q.lockPreRegistration(tx, id);
      if (!row) throw notFound();
      if (row.status === flow.actions.approve.to) throw conflict(text.approvedNotDeletable);
      const stored = await findOwnerFile(tx, ownerOf(id));
      await changes.detachAll(tx, ownerOf(id));
      await q.deletePreRegistration(tx, id);
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: AUDIT_TYPE,
        id,
        old: { ...row, social_contract: stored?.original_name ?? null },
      });
    }),
  );
  return { message: text.deleted };
}
