import {
  type CodInput,
  type CodProfile,
  commentsXml,
  declarationXml,
  generalComments,
  goodsXml,
  invoicesXml,
  partyXml,
  transportXml,
} from './cod-blocks';
import { group } from './cod-text';

/**
 * FormA72 (ACE 72, MERCOSUL–Colombia): FOB values and each item's declaration date mandatory, in 1.8.3 and 4.1.0
 * alike but for 4.1.0's `Affidavit`.
 */
export function formA72(input: CodInput, target: CodProfile): string {
  return group(
    'FormA72',
    group('Exporter', partyXml('Exporter', input.exporter, target)),
    invoicesXml(input.invoice, 'ordered'),
    goodsXml(input.items, target, { value: 'GoodsItemFOB', counted: true, declarationDate: 'required' }),
    group('Importer', partyXml('Importer', input.importer, target)),
    transportXml(input.transport, 'full'),
    commentsXml(generalComments(input)),
    declarationXml(input, target),
  );
}
