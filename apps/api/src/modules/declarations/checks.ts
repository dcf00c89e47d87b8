import { messages } from '@origem/contract/messages.pt';
import { type DeclarationInput, declarationMessages as text } from '@origem/contract/schemas/declarations';
import { CLASSIFICATION_TYPES, type ClassificationType } from '@origem/contract/schemas/nomenclature';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { type FieldErrors, fieldError, forbidden, invalid } from '../../lib/errors';
import { requireParentInScope } from '../../lib/scope';
import { checkRepresentativeAndDeal } from '../issuance/service';
import * as q from './queries';

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
export async function checkedValues(tx: Executor, actor: Actor, input: DeclarationInput): Promise<Checked> {
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
