import type { CodForm, CodVersion } from '@origem/contract/schemas/cod-settings';
import {
  address,
  CodDataError,
  codDateTime,
  country,
  dayTime,
  decimal,
  el,
  email,
  group,
  itemCode,
  opt,
  phone,
  token,
} from './cod-text';

/**
 * A certificate's facts as a COD carries them, and the blocks of ALADI's schemas the forms compose (parties,
 * invoices, goods, transport, declaration). Each form module (cod-form-*.ts) arranges them in its schema's order.
 */

export type CodParty = {
  country: string;
  name: string;
  address: string;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
};

export type CodItem = {
  /** NCM, 8 digits. */
  ncm: string;
  name: string;
  quantity: string;
  unit: string;
  value: string;
  originRule: string;
  declarationDate?: Date | string | null;
  /** The origin declaration's number (4.1.0's FormA18 prints it per item). */
  declarationNumber?: number | null;
};

export type CodInput = {
  /** The deal's agreement: its name and ALADI acronym (A02, A74…), whatever the form. */
  agreement: { name: string; acronym: string };
  exporter: CodParty;
  importer: CodParty;
  consignee?: CodParty | null;
  /** Who signs for the exporter (4.1.0's FormA18 `Subscriber`). */
  subscriber?: string | null;
  invoice: { number: string; date: string };
  items: CodItem[];
  transport: { port: string; means: string; destination: string };
  comments?: string | null;
  currency?: string | null;
  /** The exporter's sworn statement (4.1.0's `Affidavit`). */
  affidavit?: string | null;
  declaredAt: Date;
};

/** The form and version a COD is written in, for the refusals' wording. */
export type CodProfile = { form: CodForm; version: CodVersion };
export const formName = ({ form, version }: CodProfile) => `Form${form} da versão ${version}`;

/** A value the form requires, or a refusal naming what is missing and where to complete it. */
export function required<T>(value: T | null | undefined, what: string, target: CodProfile, where: string): T {
  if (value === null || value === undefined || value === '') {
    throw new CodDataError(`O ${formName(target)} do COD exige ${what}: ${where}.`);
  }
  return value;
}

type PartyShape = {
  /** `…Locality` after the address, mandatory (FormA14). */
  locality?: boolean;
  /** Telephone and e-mail: optional, mandatory (4.1.0's FormA18 exporter) or absent (its importer). */
  contacts?: 'optional' | 'required' | 'none';
  cityRequired?: boolean;
};

const PARTY_WORDS = {
  Exporter: { of: 'do exportador', where: 'complete o cadastro do exportador' },
  Importer: { of: 'do importador', where: 'complete o cadastro da empresa importadora' },
} as const;

/** `ExporterCountry`, `…BusinessName`, `…Address` and the rest, in the schema's order for the shape. */
export function partyXml(
  prefix: 'Exporter' | 'Importer',
  p: CodParty,
  target: CodProfile,
  shape: PartyShape = {},
): string {
  const words = PARTY_WORDS[prefix];
  const city = p.city ? token(p.city, 50) : null;
  const contacts = shape.contacts ?? 'optional';
  const needsCity = shape.cityRequired || contacts === 'required';
  const contact = (name: 'Telephone' | 'Email', value: string | null, what: string) => {
    if (contacts === 'none') return '';
    if (contacts === 'required')
      return el(`${prefix}${name}`, required(value, `${what} ${words.of}`, target, words.where));
    return opt(`${prefix}${name}`, value);
  };
  return [
    el(`${prefix}Country`, country(p.country, words.of)),
    el(`${prefix}BusinessName`, token(p.name, 100) || '-'),
    el(`${prefix}Address`, address(p.address)),
    shape.locality ? el(`${prefix}Locality`, token(city, 32) || '-') : '',
    needsCity
      ? el(`${prefix}City`, required(city, `a cidade ${words.of}`, target, words.where))
      : opt(`${prefix}City`, city),
    contact('Telephone', phone(p.phone), 'um telefone válido'),
    contact('Email', email(p.email), 'um e-mail válido (até 50 caracteres)'),
  ].join('');
}

/** `Invoices` with `InvoiceQty` and ordered invoices (InvoicesAllMandatory), or 4.1.0's FormA18 list (InvoicesA18). */
export function invoicesXml(invoice: CodInput['invoice'], shape: 'ordered' | 'plain'): string {
  const number = el('InvoiceNo', token(invoice.number, 30) || '-');
  const date = el('InvoiceDate', dayTime(invoice.date));
  return shape === 'ordered'
    ? group('Invoices', el('InvoiceQty', '1'), group('Invoice', el('InvoiceOrderNo', '1'), number, date))
    : group('Invoices', group('Invoice', number, date));
}

type GoodsShape = {
  value: 'GoodsItemValue' | 'GoodsItemFOB';
  /** `GoodsQty` first and `GoodsInvoiceOrderNo` per item (all but 4.1.0's FormA18). */
  counted: boolean;
  declarationDate: 'optional' | 'required';
  /** `GoodsDeclarationNumber` after the date (4.1.0's FormA18). */
  declarationNumber?: boolean;
};

const MAX_ORDER_NO = 99_999;

/** `GoodsList`: one `Goods` per item, in order. */
export function goodsXml(items: CodItem[], target: CodProfile, shape: GoodsShape): string {
  if (items.length === 0) throw new CodDataError('O certificado não tem itens.');
  const goods = items.map((item, i) => {
    const n = i + 1;
    if (!/^[0-9]{8}$/.test(item.ncm)) throw new CodDataError(`NCM inválido no item ${n}.`);
    const declared = item.declarationDate ? codDateTime(item.declarationDate) : null;
    const declarationNumber = shape.declarationNumber
      ? required(
          item.declarationNumber,
          `o número da declaração de origem do item ${n}`,
          target,
          'cite uma declaração aprovada',
        )
      : null;
    if (declarationNumber !== null && declarationNumber > MAX_ORDER_NO) {
      throw new CodDataError(
        `O número da declaração de origem do item ${n} (${declarationNumber}) passa do limite de ${MAX_ORDER_NO} do ${formName(target)}.`,
      );
    }
    return group(
      'Goods',
      el('GoodsOrderNo', String(n)),
      shape.counted ? el('GoodsInvoiceOrderNo', '1') : '',
      el('GoodsItemCode', itemCode(item.ncm)),
      el('GoodsItemName', token(item.name, 1024) || '-'),
      el('GoodsItemWeightAmount', decimal(item.quantity, 4, `A quantidade do item ${n}`)),
      el('GoodsItemMeasureUnit', token(item.unit, 16) || 'UN'),
      el(shape.value, decimal(item.value, 2, `O valor FOB do item ${n}`)),
      el('GoodsItemOriginRules', token(item.originRule, 256) || '-'),
      shape.declarationDate === 'required'
        ? el(
            'GoodsDeclarationDate',
            required(
              declared,
              `a data da declaração de origem do item ${n}`,
              target,
              'cite uma declaração aprovada',
            ),
          )
        : opt('GoodsDeclarationDate', declared),
      declarationNumber !== null ? el('GoodsDeclarationNumber', String(declarationNumber)) : '',
    );
  });
  return group('GoodsList', shape.counted ? el('GoodsQty', String(items.length)) : '', ...goods);
}

/** `Transport`: port, means and destination (TransportMandatory / TransportOptionalDestination), or the port alone. */
export function transportXml(t: CodInput['transport'], shape: 'full' | 'port'): string {
  const port = el('TransportPortOfLoading', token(t.port, 70) || '-');
  if (shape === 'port') return group('Transport', port);
  return group(
    'Transport',
    port,
    el('TransportMeans', token(t.means, 50) || '-'),
    el('TransportCountryDestination', country(t.destination, 'de destino')),
  );
}

/** `Comments` with the given children, or nothing when they are all empty. */
export const commentsXml = (...children: string[]) =>
  children.some(Boolean) ? group('Comments', ...children) : '';

export const generalComments = (input: CodInput) =>
  opt('GeneralComments', input.comments?.trim().slice(0, 2048));

/** `Declaration`: its date, and in 4.1.0 the exporter's sworn statement (`Affidavit`, mandatory). */
export function declarationXml(input: CodInput, target: CodProfile): string {
  return group(
    'Declaration',
    el('DeclarationDate', codDateTime(input.declaredAt)),
    target.version === '4.1.0'
      ? el(
          'Affidavit',
          required(
            input.affidavit?.trim().slice(0, 2048),
            'a declaração do exportador (Affidavit)',
            target,
            'informe-a',
          ),
        )
      : '',
  );
}
