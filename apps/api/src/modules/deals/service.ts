import { certificateFlow, type StateOf, stateLabel } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import { codSettingsIssues } from '@origem/contract/schemas/cod-settings';
import {
  DEAL_TEXTS,
  type DealInput,
  type DealListQuery,
  type DealNormsInput,
  type OriginNormInput,
  type OriginNormListQuery,
  type OriginRuleInput,
  type OriginRuleListQuery,
  type OriginRuleVersionInput,
  validityIssue,
} from '@origem/contract/schemas/deals';
import { eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { certificates, deals, originNorms, originRules } from '../../db/schema';
import { changedValues, recordAudit } from '../../lib/audit';
import { dayText, previousDay } from '../../lib/brasilia-days';
import type { ServiceContext } from '../../lib/context';
import {
  conflict,
  type FieldErrors,
  fieldError,
  invalid,
  isForeignKeyViolation,
  notFound,
  violatesConstraint,
} from '../../lib/errors';
import { ownedScope, TODAY } from '../issuance/queries';
import type { Period } from './origin-validity';
import * as q from './queries';

// ================================================================ deals

export async function listDeals(db: Database, filters: DealListQuery) {
  return q.listDeals(db, filters);
}

/** Every deal, active or not (the row says which), for selects and filters. */
export async function allDeals(db: Database) {
  return { data: await q.dealOptions(db) };
}

/** Active deals that accept digital certificates (COD): the ones a certificate may be signed under. */
export async function signatureDeals(db: Database) {
  return { data: await q.dealOptions(db, q.digitalDeals) };
}

export async function getDeal(db: Executor, id: number) {
  const deal = await q.findDeal(db, id);
  if (!deal) throw notFound();
  const norms = await q.normsOfDeal(db, id);
  return {
    ...deal,
    norms: norms.map(
      ({ id, name, legal_text, non_originating_ceiling_percent, valid_from, valid_until }) => ({
        id,
        name,
        legal_text,
        non_originating_ceiling_percent,
        valid_from,
        valid_until,
      }),
    ),
  };
}

/** The column values of a deal input (the partner countries live in their own table). */
function dealValues(input: DealInput) {
  return {
    abbreviation: input.abbreviation,
    name: input.name,
    aladi_acronym: input.aladi_acronym,
    form: input.form,
    classification_type: input.classification_type,
    accepts_digital: input.accepts_digital,
    cod_form: input.cod_form,
    cod_automotive_form: input.cod_automotive_form,
    cod_automotive_ncm: input.cod_automotive_ncm,
    cod_versions: input.cod_versions,
    declaration_validity_days: input.declaration_validity_days,
    certificate_validity_months: input.certificate_validity_months,
    non_originating_ceiling_percent: input.non_originating_ceiling_percent,
    active: input.active,
  };
}

/** The rules across the COD settings (accepts digital ⇒ acronym, form and version; versions that list the acronym). */
function checkCodSettings(input: DealInput): void {
  const issues = codSettingsIssues(input);
  if (issues.length === 0) return;
  const errors: FieldErrors = {};
  for (const { field, message } of issues) errors[field] = [...(errors[field] ?? []), message];
  throw invalid(errors);
}

/** Partner countries must exist; returns the unique ids and their codes (what the audit trail shows). */
async function validCountries(tx: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await q.existingCountries(tx, unique);
  if (found.length !== unique.length) throw fieldError('country_ids', DEAL_TEXTS.deal.countryInvalid);
  return { ids: unique, codes: found.map((c) => c.code) };
}

/**
 * The checks before each write can lose a race with a concurrent request (same abbreviation, a country removed,
 * a norm added while the deal is deleted); the database constraints then have the last word, answered as the
 * checks would have.
 */
async function dealRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, 'deals_abbreviation_unique'))
      throw fieldError('abbreviation', DEAL_TEXTS.deal.abbreviationTaken);
    if (violatesConstraint(err, 'deal_countries_country_id_countries_id_fk'))
      throw fieldError('country_ids', DEAL_TEXTS.deal.countryInvalid);
    if (isForeignKeyViolation(err)) throw conflict(DEAL_TEXTS.deal.inUseGeneric);
    throw err;
  }
}

export async function createDeal(db: Database, ctx: ServiceContext, input: DealInput) {
  const id = await dealRace(
    db.transaction(async (tx) => {
      if (await q.abbreviationTaken(tx, input.abbreviation))
        throw fieldError('abbreviation', DEAL_TEXTS.deal.abbreviationTaken);
      checkCodSettings(input);
      const partners = await validCountries(tx, input.country_ids);
      const values = dealValues(input);
      const [created] = await tx.insert(deals).values(values).returning({ id: deals.id });
      if (!created) throw new Error('insert returned nothing');
      await q.replaceCountries(tx, created.id, partners.ids);
      await recordAudit(tx, ctx, {
        event: 'created',
        type: 'deal',
        id: created.id,
        new: { ...values, countries: partners.codes },
      });
      return created.id;
    }),
  );
  return getDeal(db, id);
}

export async function updateDeal(db: Database, ctx: ServiceContext, id: number, input: DealInput) {
  await dealRace(
    db.transaction(async (tx) => {
      if (!(await q.lockDeal(tx, id))) throw notFound();
      const before = await q.findDeal(tx, id);
      if (!before) throw notFound();
      if (await q.abbreviationTaken(tx, input.abbreviation, id))
        throw fieldError('abbreviation', DEAL_TEXTS.deal.abbreviationTaken);
      checkCodSettings(input);
      const partners = await validCountries(tx, input.country_ids);
      const values = dealValues(input);
      const oldCodes = await q.dealCountryCodes(tx, id);
      await tx.update(deals).set(values).where(eq(deals.id, id));
      await q.replaceCountries(tx, id, partners.ids);
      const { id: _id, ...stored } = before;
      const diff = changedValues(
        { ...stored, countries: oldCodes },
        { ...values, countries: partners.codes },
      );
      await recordAudit(tx, ctx, { event: 'updated', type: 'deal', id, old: diff.old, new: diff.new });
    }),
  );
  return getDeal(db, id);
}

/** Refused (409, with the reason) while norms, rules, a certificate model or association fees point at the deal. */
export async function deleteDeal(db: Database, ctx: ServiceContext, id: number) {
  await dealRace(
    db.transaction(async (tx) => {
      if (!(await q.lockDeal(tx, id))) throw notFound();
      const deal = await q.findDeal(tx, id);
      if (!deal) throw notFound();
      const refs = await q.dealReferences(tx, id);
      const used = DEAL_TEXTS.deal.usedBy;
      const reasons = [
        refs.norms > 0 ? used.norms(refs.norms) : null,
        refs.rules > 0 ? used.rules(refs.rules) : null,
        refs.certificateModel ? used.certificateModel : null,
        refs.fees > 0 ? used.fees(refs.fees) : null,
      ].filter((r): r is string => r !== null);
      if (reasons.length > 0) throw conflict(DEAL_TEXTS.deal.inUse(reasons));
      await tx.delete(deals).where(eq(deals.id, id));
      const { id: _id, norms_count, rules_count, certificate_model, countries, ...values } = deal;
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: 'deal',
        id,
        old: { ...values, countries: countries.map((c) => c.code) },
      });
    }),
  );
  return { message: DEAL_TEXTS.deal.deleted };
}

// ================================================================ origin norms

/** The deal a norm belongs to, locked: norm writes of one deal queue behind each other and behind its deletion. */
async function lockedDeal(tx: Executor, dealId: number, field = 'deal_id') {
  const deal = await q.lockDeal(tx, dealId);
  if (!deal) throw fieldError(field, messages.field.invalidOption);
  return deal;
}

type NormValues = Period & {
  deal_id: number;
  name: string;
  legal_text: string | null;
  non_originating_ceiling_percent: string | null;
};

const normAuditValues = (n: NormValues) => ({
  deal_id: n.deal_id,
  name: n.name,
  legal_text: n.legal_text,
  non_originating_ceiling_percent:
    n.non_originating_ceiling_percent === null ? null : Number(n.non_originating_ceiling_percent).toFixed(2),
  valid_from: n.valid_from,
  valid_until: n.valid_until,
});

/** A period that ends before it starts is refused on its field. */
function checkPeriod(period: Period, prefix = ''): void {
  const issue = validityIssue(period);
  if (issue) throw fieldError(`${prefix}${issue.field}`, issue.message);
}

export async function listNorms(db: Database, filters: OriginNormListQuery) {
  return q.listNorms(db, filters);
}

export async function getNorm(db: Executor, id: number) {
  const norm = await q.findNorm(db, id);
  if (!norm) throw notFound();
  return norm;
}

export async function normsByDeal(db: Database, dealId: number) {
  if (!(await q.findDeal(db, dealId))) throw notFound();
  // What a declaration written today may cite: the versions in force today.
  return { data: await q.normsOfDeal(db, dealId, TODAY) };
}

export async function createNorm(db: Database, ctx: ServiceContext, input: OriginNormInput) {
  const id = await db.transaction(async (tx) => {
    await lockedDeal(tx, input.deal_id);
    checkPeriod(input);
    if (await q.normNameTaken(tx, input.deal_id, input.name, input))
      throw fieldError('name', DEAL_TEXTS.norm.nameTaken);
    const values = normAuditValues(input);
    const [created] = await tx.insert(originNorms).values(values).returning({ id: originNorms.id });
    if (!created) throw new Error('insert returned nothing');
    await recordAudit(tx, ctx, { event: 'created', type: 'origin_norm', id: created.id, new: values });
    return created.id;
  });
  return getNorm(db, id);
}

export async function updateNorm(db: Database, ctx: ServiceContext, id: number, input: OriginNormInput) {
  await db.transaction(async (tx) => {
    const before = await q.findNorm(tx, id);
    if (!before) throw notFound();
    // Both deals when the norm moves, in id order so two moves in opposite directions cannot deadlock.
    for (const dealId of [...new Set([before.deal_id, input.deal_id])].sort((a, b) => a - b)) {
      await lockedDeal(tx, dealId);
    }
    checkPeriod(input);
    if (await q.normNameTaken(tx, input.deal_id, input.name, input, id))
      throw fieldError('name', DEAL_TEXTS.norm.nameTaken);
    const values = normAuditValues(input);
    await tx.update(originNorms).set(values).where(eq(originNorms.id, id));
    const diff = changedValues(normAuditValues(before), values);
    await recordAudit(tx, ctx, { event: 'updated', type: 'origin_norm', id, old: diff.old, new: diff.new });
  });
  return getNorm(db, id);
}

/** Deletes one norm inside the caller's transaction; a record that cites it makes the database refuse. */
async function removeNorm(tx: Tx, ctx: ServiceContext, norm: q.NormView, inUse: string): Promise<void> {
  try {
    await tx.delete(originNorms).where(eq(originNorms.id, norm.id));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(inUse);
    throw err;
  }
  await recordAudit(tx, ctx, {
    event: 'deleted',
    type: 'origin_norm',
    id: norm.id,
    old: normAuditValues(norm),
  });
}

export async function deleteNorm(db: Database, ctx: ServiceContext, id: number) {
  await db.transaction(async (tx) => {
    const norm = await q.findNorm(tx, id);
    if (!norm) throw notFound();
    await lockedDeal(tx, norm.deal_id);
    await removeNorm(tx, ctx, norm, DEAL_TEXTS.norm.inUse);
  });
  return { message: DEAL_TEXTS.norm.deleted };
}

/**
 * Replaces a deal's set of norms in one transaction: rows with an id are kept (and updated when changed), rows
 * without one are created, stored norms left out are deleted. A norm in use refuses the whole save.
 */
export async function saveDealNorms(db: Database, ctx: ServiceContext, input: DealNormsInput) {
  await db.transaction(async (tx) => {
    await lockedDeal(tx, input.deal_id);
    const stored = new Map((await q.normsOfDeal(tx, input.deal_id)).map((n) => [n.id, n]));
    const errors: FieldErrors = {};
    input.norms.forEach((norm, index) => {
      if (norm.id !== undefined && !stored.has(norm.id))
        errors[`norms.${index}.id`] = [DEAL_TEXTS.norm.notOfDeal];
      const issue = validityIssue(norm);
      if (issue) errors[`norms.${index}.${issue.field}`] = [issue.message];
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);

    let changes = 0;
    const kept = new Set(input.norms.map((n) => n.id).filter((id): id is number => id !== undefined));
    for (const norm of stored.values()) {
      if (kept.has(norm.id)) continue;
      await removeNorm(tx, ctx, norm, DEAL_TEXTS.norm.inUseNamed(norm.name));
      changes += 1;
    }
    for (const norm of input.norms) {
      const values = normAuditValues({ ...norm, deal_id: input.deal_id });
      const before = norm.id === undefined ? undefined : stored.get(norm.id);
      if (!before) {
        const [created] = await tx.insert(originNorms).values(values).returning({ id: originNorms.id });
        if (!created) throw new Error('insert returned nothing');
        await recordAudit(tx, ctx, { event: 'created', type: 'origin_norm', id: created.id, new: values });
        changes += 1;
        continue;
      }
      const diff = changedValues(normAuditValues(before), values);
      if (Object.keys(diff.new).length === 0) continue;
      await tx.update(originNorms).set(values).where(eq(originNorms.id, before.id));
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: 'origin_norm',
        id: before.id,
        old: diff.old,
        new: diff.new,
      });
      changes += 1;
    }
    // A save that changed nothing still leaves its trace on the deal, as an unchanged update does elsewhere.
    if (changes === 0) {
      await recordAudit(tx, ctx, { event: 'updated', type: 'deal', id: input.deal_id, old: {}, new: {} });
    }
  });
  return { data: await q.normsOfDeal(db, input.deal_id) };
}

// ================================================================ origin rules

const ruleValues = (input: OriginRuleInput) => ({
  deal_id: input.deal_id,
  code: input.code,
  description: input.description,
  valid_from: input.valid_from,
  valid_until: input.valid_until,
});

async function ruleRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, 'origin_rules_deal_code_open_unique'))
      throw fieldError('code', DEAL_TEXTS.rule.codeTaken);
    if (violatesConstraint(err, 'origin_rules_deal_id_deals_id_fk'))
      throw fieldError('deal_id', messages.field.invalidOption);
    throw err;
  }
}

export async function listRules(db: Database, filters: OriginRuleListQuery) {
  return q.listRules(db, filters);
}

export async function allRules(db: Database, dealId?: number) {
  return { data: await q.allRules(db, dealId) };
}

export async function getRule(db: Executor, id: number) {
  const rule = await q.findRule(db, id);
  if (!rule) throw notFound();
  return rule;
}

export async function createRule(db: Database, ctx: ServiceContext, input: OriginRuleInput) {
  const id = await ruleRace(
    db.transaction(async (tx) => {
      await lockedDeal(tx, input.deal_id);
      checkPeriod(input);
      if (await q.ruleCodeTaken(tx, input.deal_id, input.code, input))
        throw fieldError('code', DEAL_TEXTS.rule.codeTaken);
      const values = ruleValues(input);
      const [created] = await tx.insert(originRules).values(values).returning({ id: originRules.id });
      if (!created) throw new Error('insert returned nothing');
      await recordAudit(tx, ctx, { event: 'created', type: 'origin_rule', id: created.id, new: values });
      return created.id;
    }),
  );
  return getRule(db, id);
}

export async function updateRule(db: Database, ctx: ServiceContext, id: number, input: OriginRuleInput) {
  await ruleRace(
    db.transaction(async (tx) => {
      const before = await q.findRule(tx, id);
      if (!before) throw notFound();
      await lockedDeal(tx, input.deal_id);
      checkPeriod(input);
      if (await q.ruleCodeTaken(tx, input.deal_id, input.code, input, id))
        throw fieldError('code', DEAL_TEXTS.rule.codeTaken);
      const values = ruleValues(input);
      await tx.update(originRules).set(values).where(eq(originRules.id, id));
      const diff = changedValues(ruleValues(before), values);
      await recordAudit(tx, ctx, { event: 'updated', type: 'origin_rule', id, old: diff.old, new: diff.new });
    }),
  );
  return getRule(db, id);
}

export async function deleteRule(db: Database, ctx: ServiceContext, id: number) {
  try {
    await db.transaction(async (tx) => {
      const rule = await q.findRule(tx, id);
      if (!rule) throw notFound();
      await tx.delete(originRules).where(eq(originRules.id, id));
      await recordAudit(tx, ctx, {
        event: 'deleted',
        type: 'origin_rule',
        id,
        old: ruleValues(rule),
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(DEAL_TEXTS.rule.inUse);
    throw err;
  }
  return { message: DEAL_TEXTS.rule.deleted };
}

/**
 * POST /v1/origin_rule/{id}/version: the rule changes from `valid_from` on. The version given ends the day before
 * and a new one, with its code and the new description, starts that day (keeping the old end, if it had one). One
 * transaction under the deal's lock; the certificates that cited the old version keep citing it.
 */
export async function newRuleVersion(
  db: Database,
  ctx: ServiceContext,
  id: number,
  input: OriginRuleVersionInput,
) {
  const created = await ruleRace(
    db.transaction(async (tx) => {
      const current = await q.findRule(tx, id);
      if (!current) throw notFound();
      await lockedDeal(tx, current.deal_id);
      if (current.valid_from && input.valid_from <= current.valid_from)
        throw fieldError('valid_from', DEAL_TEXTS.rule.versionStartsTooEarly(dayText(current.valid_from)));
      if (current.valid_until && input.valid_from > current.valid_until)
        throw fieldError('valid_from', DEAL_TEXTS.rule.versionAfterEnd(dayText(current.valid_until)));
      const closed = previousDay(input.valid_from);
      await tx.update(originRules).set({ valid_until: closed }).where(eq(originRules.id, id));
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: 'origin_rule',
        id,
        old: { valid_until: current.valid_until },
        new: { valid_until: closed },
      });
      const values = ruleValues({
        deal_id: current.deal_id,
        code: current.code,
        description: input.description,
        valid_from: input.valid_from,
        valid_until: current.valid_until,
      });
      if (await q.ruleCodeTaken(tx, current.deal_id, current.code, values, id))
        throw fieldError('valid_from', DEAL_TEXTS.rule.codeTaken);
      const [row] = await tx.insert(originRules).values(values).returning({ id: originRules.id });
      if (!row) throw new Error('insert returned nothing');
      await recordAudit(tx, ctx, { event: 'created', type: 'origin_rule', id: row.id, new: values });
      return row.id;
    }),
  );
  return getRule(db, created);
}

/** GET /v1/origin_rule/{id}/history: the code's versions, each with the certificates (in the reader's scope) citing it. */
export async function ruleHistory(db: Database, ctx: ServiceContext, id: number) {
  const rule = await getRule(db, id);
  const scope = ctx.actor ? ownedScope(ctx.actor, certificates) : undefined;
  const versions = await q.ruleHistory(db, rule, scope);
  return {
    data: versions.map((v) => ({
      ...v,
      certificates: v.certificates.map((c) => ({
        ...c,
        status_label: stateLabel(certificateFlow, c.status as StateOf<typeof certificateFlow>),
      })),
    })),
  };
}
