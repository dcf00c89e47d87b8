import { TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import {
  type CitableDeclarationQuery,
  type Declaration,
  type DeclarationListQuery,
  type DeclarationStatus,
  EDITABLE_DECLARATION_STATES,
  SIGNABLE_DECLARATION_STATES,
} from '@origem/contract/schemas/declarations';
import type { Database, Executor } from '../../db/client';
import { storedFileView } from '../../files/records';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { findParentInScope } from '../../lib/scope';
import { availableActions, flowHistory } from '../../lib/workflow';
import { lastNote } from '../issuance/queries';
import { declarationSubject, flow, hasSignedPdf } from './flow-subject';
import { materialOrigin, originCheck } from './origin-check';
import * as q from './queries';

export async function listDeclarations(db: Database, actor: Actor, query: DeclarationListQuery) {
  return q.pageDeclarations(db, actor, query);
}

/** Whether the actor acts on the row (its read scope adds, for an exporter, the declarations linked to it). */
function actsOn(actor: Actor, row: q.DeclarationRow): boolean {
  return actor.roleType !== 'exportador' || row.exporter_id === actor.exporterId;
}

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
