import { messages } from '@origem/contract/messages.pt';
import {
  type CertificateInput,
  INVOICE_MAX_AGE_DAYS,
  certificateMessages as text,
} from '@origem/contract/schemas/certificates';
import type { Executor } from '../../db/client';
import { currencies, languages, measurementUnits, sectors, shipmentPorts, transports } from '../../db/schema';
import { dayText } from '../../lib/brasilia-days';
import type { Actor } from '../../lib/context';
import { type FieldErrors, forbidden, invalid } from '../../lib/errors';
import { requireParentInScope } from '../../lib/scope';
import { digitalRefusal } from '../deals/cod-settings';
import { originInForce } from '../deals/queries';
import { citableAmong } from '../declarations/queries';
import { existingIds } from '../issuance/queries';
import { checkRepresentativeAndDeal } from '../issuance/service';
import * as q from './queries';

/** Whose certificate it is: an exporter's user always asks for its own; a dispatcher or staff name one they reach. */
export async function resolveExporter(tx: Executor, actor: Actor, requested: number | null) {
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
export async function checkedValues(
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
  // The criteria and norms in force on the invoice date: an item cites those, whatever version its declaration
  // was made under (the rules changed in between: MERCOSUL's on 18 Jul 2024).
  const invoiceDay = input.invoice_date as string;
  const inForce = deal
    ? await memo(`origin:${deal.id}:${invoiceDay}`, () => originInForce(tx, deal.id, invoiceDay))
    : null;
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
    const rule = inForce?.rules.get(declaration.rule_code.toLowerCase());
    const norm = inForce?.norms.get(declaration.norm_name.toLowerCase());
    if (!rule)
      add(`items.${i}.declaration_id`, text.ruleNotInForce(declaration.rule_code, dayText(invoiceDay)));
    if (!norm)
      add(`items.${i}.declaration_id`, text.normNotInForce(declaration.norm_name, dayText(invoiceDay)));
    if (!rule || !norm) return;
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
      origin_criterion: `${rule.code} — ${rule.description}`.slice(0, 255),
      norm_text: norm.legal_text ?? norm.name,
      origin_rule_id: rule.id,
      origin_norm_id: norm.id,
    });
  });
  // Digital only where the deal exchanges COD for these goods (issue 36): the refusal says why.
  if (input.has_digital_signature && deal) {
    const ncms = input.items
      .map((item) => cited.get(item.declaration_id)?.ncm)
      .filter((n): n is string => !!n);
    const refusal = digitalRefusal(deal, ncms);
    if (refusal) add('has_digital_signature', refusal);
  }
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
