import type { CodVersion } from '@origem/contract/schemas/cod-settings';
import { CodDataError } from './cod-text';
import { type CodStage, codSchemaErrors } from './schemas';

/**
 * The check every COD the product writes passes before anyone signs it (issue 36): xmllint against ALADI's schema
 * for the document's version and stage. A complaint becomes a refusal naming the field in Portuguese (the element
 * too, for whoever reads the XML), so a signed invalid file never exists.
 */

/** The elements a refusal may name, as the user knows them. */
const FIELD_LABELS: Record<string, string> = {
  CODVer: 'versão do COD',
  AgreementName: 'nome do acordo',
  AgreementAcronym: 'sigla ALADI do acordo',
  Exporter: 'exportador',
  ExporterCountry: 'país do exportador',
  ExporterBusinessName: 'razão social do exportador',
  ExporterAddress: 'endereço do exportador',
  ExporterLocality: 'localidade do exportador',
  ExporterCity: 'cidade do exportador',
  ExporterTelephone: 'telefone do exportador',
  ExporterEmail: 'e-mail do exportador',
  Subscriber: 'quem assina pelo exportador',
  SubscriberSubmitterName: 'nome de quem assina pelo exportador',
  Invoices: 'faturas',
  InvoiceNo: 'número da fatura',
  InvoiceDate: 'data da fatura',
  GoodsList: 'itens',
  Goods: 'item',
  GoodsItemCode: 'código NCM do item',
  GoodsItemName: 'descrição do item',
  GoodsItemWeightAmount: 'quantidade do item',
  GoodsItemMeasureUnit: 'unidade do item',
  GoodsItemValue: 'valor do item',
  GoodsItemFOB: 'valor FOB do item',
  GoodsItemOriginRules: 'critério de origem do item',
  GoodsDeclarationDate: 'data da declaração de origem do item',
  GoodsDeclarationNumber: 'número da declaração de origem do item',
  Importer: 'importador',
  ImporterCountry: 'país do importador',
  ImporterBusinessName: 'razão social do importador',
  ImporterAddress: 'endereço do importador',
  ImporterLocality: 'localidade do importador',
  ImporterCity: 'cidade do importador',
  ImporterTelephone: 'telefone do importador',
  ImporterEmail: 'e-mail do importador',
  Consignee: 'consignatário',
  Transport: 'transporte',
  TransportPortOfLoading: 'porto de embarque',
  TransportMeans: 'meio de transporte',
  TransportCountryDestination: 'país de destino',
  Comments: 'observações',
  GeneralComments: 'observações',
  Declaration: 'declaração do exportador',
  DeclarationDate: 'data da declaração do exportador',
  Affidavit: 'declaração juramentada do exportador',
  EH: 'entidade emissora',
  EHId: 'código EHId da entidade',
  EHName: 'nome da entidade',
  EHAddress: 'endereço da entidade',
  EHCity: 'cidade da entidade',
  EHCityLocality: 'cidade da entidade',
  EHTelephone: 'telefone da entidade',
  EHEmail: 'e-mail da entidade',
  EHURL: 'endereço de verificação da entidade',
  CertificationEH: 'certificação da entidade',
  CertificateControlCode: 'código de controle da associação',
  CertificateDate: 'data da certificação',
  CertificateID: 'número do certificado (CertificateID)',
  Signature: 'assinatura digital',
};

const labelOf = (element: string) => FIELD_LABELS[element] ?? element;
/** `{namespace}Name` or `Name` → `Name`. */
const localName = (name: string) => name.replace(/^\{[^}]*\}/, '');
const named = (element: string) => `${labelOf(element)} (${element})`;

/** What xmllint's message says is wrong with a value, in the user's words. */
const PROBLEMS: [RegExp, string][] = [
  [/This element is not expected/, 'não cabe nesta posição do formulário'],
  [/facet 'maxLength'/, 'passa do tamanho máximo'],
  [/facet 'minLength'/, 'está vazio'],
  [/facet 'pattern'/, 'não está no formato exigido'],
  [/facet 'enumeration'/, 'tem um valor que o esquema não aceita'],
  [
    /facet '(minExclusive|maxInclusive|maxExclusive|totalDigits|fractionDigits)'/,
    'tem um valor numérico fora do permitido',
  ],
];

/** One xmllint complaint (`Linha N: Element 'X': …`) → the element and what is wrong with it, in Portuguese. */
export function describeComplaint(line: string): { element: string; text: string } {
  const m = /Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/.exec(line);
  if (!m) return { element: 'cod', text: `o XML não segue o esquema (${line})` };
  const element = localName(m[1] ?? '');
  const detail = m[3] ?? '';
  const expected = /Expected is (?:one of )?\( ([^)]*) \)/.exec(detail)?.[1];
  // xmllint lists the optional elements that may come first, then the required one: the last is what is missing.
  const missing = expected ? localName(expected.split(',').at(-1)?.trim() ?? '') : null;
  if (/Missing child element/.test(detail) && missing) {
    return { element: missing, text: `falta ${named(missing)} em ${labelOf(element)}` };
  }
  if (/This element is not expected/.test(detail) && missing) {
    return { element: missing, text: `falta ${named(missing)} antes de ${named(element)}` };
  }
  const problem = PROBLEMS.find(([pattern]) => pattern.test(detail))?.[1] ?? 'tem um valor inválido';
  return { element, text: `${named(element)} ${problem}` };
}

/** The refusal: a 422 naming each field (`errors['cod.<Element>']`), nothing signed. */
export class CodSchemaRefused extends CodDataError {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
  }
}

const STAGE_WORDS: Record<CodStage, string> = {
  unsigned: 'antes da assinatura do exportador',
  exporter_signed: 'com a assinatura do exportador',
  certified: 'preenchido pela entidade, antes da sua assinatura',
  complete: 'completo',
};

/** Throws CodSchemaRefused unless the document satisfies its version's schema for the stage. */
export async function assertCodSchema(xml: string, version: CodVersion, stage: CodStage): Promise<void> {
  const complaints = await codSchemaErrors(xml, version, stage);
  if (complaints.length === 0) return;
  const fields: Record<string, string[]> = {};
  const texts: string[] = [];
  for (const line of complaints.slice(0, 10)) {
    const { element, text } = describeComplaint(line);
    const field = `cod.${element}`;
    fields[field] = [...(fields[field] ?? []), text];
    if (!texts.includes(text)) texts.push(text);
  }
  throw new CodSchemaRefused(
    `O XML do COD (versão ${version}, ${STAGE_WORDS[stage]}) não segue o esquema da ALADI e não foi assinado: ${texts.join('; ')}.`,
    fields,
  );
}
