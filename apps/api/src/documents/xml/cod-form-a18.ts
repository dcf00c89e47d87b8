import {
  type CodInput,
  type CodProfile,
  commentsXml,
  declarationXml,
  generalComments,
  goodsXml,
  invoicesXml,
  partyXml,
  required,
  transportXml,
} from './cod-blocks';
import { address, country, el, group, opt, token } from './cod-text';

/**
 * FormA18: MERCOSUL's certificate (ACE 18, 13, 57 and 74, and the automotive goods of ACE 02 and 14 — Annex 3 of
 * ALADI/SEC/di 2327 Rev. 13). The two versions differ in shape: 4.1.0 follows Dec. CMC 05/23's form (the
 * `Subscriber` who signs, invoices without numbering, each item's declaration date and number, the importer's city,
 * the port alone as transport, no consignee, an `Affidavit`); 1.8.3 keeps the earlier one.
 */
export function formA18(input: CodInput, target: CodProfile): string {
  return target.version === '4.1.0' ? formA18v4(input, target) : formA18v1(input, target);
}

function formA18v1(input: CodInput, target: CodProfile): string {
  const consignee = input.consignee
    ? group(
        'Consignee',
        el('ConsigneeCountry', country(input.consignee.country, 'do consignatário')),
        el('ConsigneeBusinessName', token(input.consignee.name, 100) || '-'),
        el('ConsigneeAddress', address(input.consignee.address)),
        opt('ConsigneeCity', token(input.consignee.city, 50)),
      )
    : '';
  return group(
    'FormA18',
    group('Exporter', partyXml('Exporter', input.exporter, target)),
    invoicesXml(input.invoice, 'ordered'),
    goodsXml(input.items, target, { value: 'GoodsItemValue', counted: true, declarationDate: 'optional' }),
    group('Importer', partyXml('Importer', input.importer, target)),
    consignee,
    transportXml(input.transport, 'full'),
    commentsXml(generalComments(input), opt('LocalCurrency', token(input.currency, 256))),
    declarationXml(input, target),
  );
}

function formA18v4(input: CodInput, target: CodProfile): string {
  const subscriber = required(
    token(input.subscriber, 100),
    'o nome de quem assina pelo exportador (Subscriber)',
    target,
    'cadastre o responsável legal do certificado',
  );
  return group(
    'FormA18',
    group('Exporter', partyXml('Exporter', input.exporter, target, { contacts: 'required' })),
    group('Subscriber', el('SubscriberSubmitterName', subscriber)),
    invoicesXml(input.invoice, 'plain'),
    goodsXml(input.items, target, {
      value: 'GoodsItemValue',
      counted: false,
      declarationDate: 'required',
      declarationNumber: true,
    }),
    group('Importer', partyXml('Importer', input.importer, target, { cityRequired: true, contacts: 'none' })),
    transportXml(input.transport, 'port'),
    commentsXml(generalComments(input)),
    declarationXml(input, target),
  );
}
