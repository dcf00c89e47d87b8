import {
  type CodInput,
  type CodProfile,
  declarationXml,
  goodsXml,
  invoicesXml,
  partyXml,
  transportXml,
} from './cod-blocks';
import { group } from './cod-text';

/**
 * FormA14 (ACE 14, goods outside its automotive list; Annex 3 of ALADI/SEC/di 2327 Rev. 13): the same elements in
 * 1.8.3 and 4.1.0 — exporter and importer with a mandatory `…Locality`, FOB values, no comments — except that 4.1.0's
 * `Declaration` carries the exporter's `Affidavit`.
 */
export function formA14(input: CodInput, target: CodProfile): string {
  return group(
    'FormA14',
    group('Exporter', partyXml('Exporter', input.exporter, target, { locality: true })),
    invoicesXml(input.invoice, 'ordered'),
    goodsXml(input.items, target, { value: 'GoodsItemFOB', counted: true, declarationDate: 'optional' }),
    group('Importer', partyXml('Importer', input.importer, target, { locality: true })),
    transportXml(input.transport, 'full'),
    declarationXml(input, target),
  );
}
