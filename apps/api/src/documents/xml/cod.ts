/**
 * The ALADI Certificado de Origem Digital (COD) as XML (DOMAIN.md §5, shared/aladi/README.md): built per deal form
 * from a certificate's facts, in one line without indentation (a signed file must never be re-indented), UTF-8
 * without a byte-order mark. Which elements a form carries and in what order come from ALADI's 1.8.x schemas; the
 * tests validate every form built here against them with xmllint.
 */

export const COD_VERSION = '1.8.3';
export const SOAP_NS = 'http://www.w3.org/2001/12/soap-envelope';

/** ALADI member countries: the only ones the schema's country fields accept. */
export const ALADI_COUNTRIES = [
  'AR',
  'BO',
  'BR',
  'CL',
  'CO',
  'CU',
  'EC',
  'MX',
  'PA',
  'PY',
  'PE',
  'UY',
  'VE',
] as const;

/** How a form differs from its neighbours, per the 1.8.x schema's `Form…Type`. */
type FormProfile = {
  /** The goods' value element. */
  value: 'GoodsItemValue' | 'GoodsItemFOB';
  /** Exporter and importer carry a mandatory `…Locality` (ACE-14). */
  locality: boolean;
  consignee: boolean;
  comments: boolean;
  /** `GoodsDeclarationDate` is mandatory (ACE-59). */
  goodsDeclarationDate: boolean;
};

const FORMS: Record<string, FormProfile> = {
  A14: {
    value: 'GoodsItemFOB',
    locality: true,
    consignee: false,
    comments: false,
    goodsDeclarationDate: false,
  },
  A18: {
    value: 'GoodsItemValue',
    locality: false,
    consignee: true,
    comments: true,
    goodsDeclarationDate: false,
  },
  A35: {
    value: 'GoodsItemFOB',
    locality: false,
    consignee: true,
    comments: true,
    goodsDeclarationDate: false,
  },
  A36: {
    value: 'GoodsItemFOB',
    locality: false,
    consignee: true,
    comments: true,
    goodsDeclarationDate: false,
  },
  A59: {
    value: 'GoodsItemFOB',
    locality: false,
    consignee: false,
    comments: true,
    goodsDeclarationDate: true,
  },
};

export const COD_FORMS = Object.keys(FORMS);

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
};

export type CodInput = {
  agreement: { name: string; acronym: string };
  exporter: CodParty;
  importer: CodParty;
  consignee?: CodParty | null;
  invoice: { number: string; date: string };
  items: CodItem[];
  transport: { port: string; means: string; destination: string };
  comments?: string | null;
  currency?: string | null;
  declaredAt: Date;
};

/** The issuing entity's part, filled before its signature (`EH` and `CertificationEH`). */
export type CodCertification = {
  ehid: string;
  name: string;
  address: string;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  url: string;
  controlCode?: string | null;
  certifiedAt: Date;
  certificateId: string;
};

/** Why a certificate cannot become a COD, in the words the user reads. */
export class CodDataError extends Error {}

export const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab/newline are not XML.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** xs:token: collapsed whitespace, cut to the schema's length. */
const token = (value: string, max: number) => value.replace(/\s+/g, ' ').trim().slice(0, max);

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
const opt = (name: string, value: string | null | undefined) => (value ? el(name, value) : '');

const EMAIL = /^[a-zA-Z0-9._%+-]{1,16}.{1,}@.{1,}[a-zA-Z0-9._%+-]{1,}$/;
const PHONE = /^((\d|\+\d)(\d{0,2}))?[-. (]*(\d{1,3})[-. )]*(\d{3,4})[-. ]*(\d{4})([ xi](\d+))?$/;
const email = (value: string | null | undefined) =>
  value && value.length <= 50 && EMAIL.test(value) ? value : null;
const phone = (value: string | null | undefined) => (value && PHONE.test(value.trim()) ? value.trim() : null);

/** xs:dateTime in Brasília time with its offset (what the samples carry). */
export function codDateTime(value: Date | string): string {
  const date = new Date(value);
  const local = new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19);
  return `${local}-03:00`;
}

const dayTime = (day: string) => `${day.slice(0, 10)}T00:00:00`;

function country(value: string, what: string): string {
  const code = value.toUpperCase();
  if (!(ALADI_COUNTRIES as readonly string[]).includes(code)) {
    throw new CodDataError(`O país ${what} (${value || 'não informado'}) não é membro da ALADI.`);
  }
  return code;
}

/** A decimal with at most `digits` fraction digits and greater than zero (the schema's minExclusive 0). */
function decimal(value: string, digits: number, what: string): string {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CodDataError(`${what} deve ser maior que zero.`);
  return n.toFixed(digits).replace(/\.?0+$/, '') || '0';
}

function party(prefix: 'Exporter' | 'Importer', p: CodParty, what: string, locality: boolean): string {
  const city = p.city ? token(p.city, 50) : null;
  return [
    el(`${prefix}Country`, country(p.country, what)),
    el(`${prefix}BusinessName`, token(p.name, 100)),
    el(`${prefix}Address`, p.address.trim().slice(0, 256) || '-'),
    locality ? el(`${prefix}Locality`, city ?? '-') : '',
    opt(`${prefix}City`, city),
    opt(`${prefix}Telephone`, phone(p.phone)),
    opt(`${prefix}Email`, email(p.email)),
  ].join('');
}

/** NCM 8 digits → the schema's `dddd.dd.dd`. */
const itemCode = (ncm: string) => `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6, 8)}`;

/** The profile of the deal's form, or a refusal naming the forms the product builds. */
export function codForm(acronym: string | null | undefined): string {
  const key = (acronym ?? '').toUpperCase();
  if (!FORMS[key]) {
    throw new CodDataError(
      `O acordo (${acronym || 'sem sigla ALADI'}) não tem formulário COD gerado pelo sistema; formulários disponíveis: ${COD_FORMS.join(', ')}.`,
    );
  }
  return key;
}

/** The unsigned COD: what the exporter's legal representative signs (`#COD`). */
export function buildCod(input: CodInput): string {
  const acronym = codForm(input.agreement.acronym);
  const form = FORMS[acronym] as FormProfile;
  if (input.items.length === 0) throw new CodDataError('O certificado não tem itens.');
  const goods = input.items
    .map((item, i) => {
      if (!/^[0-9]{8}$/.test(item.ncm)) throw new CodDataError(`NCM inválido no item ${i + 1}.`);
      const declared = item.declarationDate ? codDateTime(item.declarationDate) : null;
      if (form.goodsDeclarationDate && !declared) {
        throw new CodDataError(`O item ${i + 1} não tem a data da declaração de origem.`);
      }
      return `<Goods>${[
        el('GoodsOrderNo', String(i + 1)),
        el('GoodsInvoiceOrderNo', '1'),
        el('GoodsItemCode', itemCode(item.ncm)),
        el('GoodsItemName', token(item.name, 1024) || '-'),
        el('GoodsItemWeightAmount', decimal(item.quantity, 4, `A quantidade do item ${i + 1}`)),
        el('GoodsItemMeasureUnit', token(item.unit, 16) || 'UN'),
        el(form.value, decimal(item.value, 2, `O valor FOB do item ${i + 1}`)),
        el('GoodsItemOriginRules', token(item.originRule, 256) || '-'),
        opt('GoodsDeclarationDate', declared),
      ].join('')}</Goods>`;
    })
    .join('');
  const consignee =
    form.consignee && input.consignee
      ? `<Consignee>${[
          el('ConsigneeCountry', country(input.consignee.country, 'do consignatário')),
          el('ConsigneeBusinessName', token(input.consignee.name, 100)),
          el('ConsigneeAddress', input.consignee.address.trim().slice(0, 256) || '-'),
          opt('ConsigneeCity', input.consignee.city ? token(input.consignee.city, 50) : null),
        ].join('')}</Consignee>`
      : '';
  const commentParts = [
    opt('GeneralComments', input.comments?.trim().slice(0, 2048)),
    acronym === 'A18' ? opt('LocalCurrency', input.currency ? token(input.currency, 256) : null) : '',
  ].join('');
  const comments = form.comments && commentParts ? `<Comments>${commentParts}</Comments>` : '';
  const formXml = [
    `<Exporter>${party('Exporter', input.exporter, 'do exportador', form.locality)}</Exporter>`,
    `<Invoices>${el('InvoiceQty', '1')}<Invoice>${el('InvoiceOrderNo', '1')}${el(
      'InvoiceNo',
      token(input.invoice.number, 30),
    )}${el('InvoiceDate', dayTime(input.invoice.date))}</Invoice></Invoices>`,
    `<GoodsList>${el('GoodsQty', String(input.items.length))}${goods}</GoodsList>`,
    `<Importer>${party('Importer', input.importer, 'do importador', form.locality)}</Importer>`,
    consignee,
    `<Transport>${[
      el('TransportPortOfLoading', token(input.transport.port, 70) || '-'),
      el('TransportMeans', token(input.transport.means, 50) || '-'),
      el('TransportCountryDestination', country(input.transport.destination, 'de destino')),
    ].join('')}</Transport>`,
    comments,
    `<Declaration>${el('DeclarationDate', codDateTime(input.declaredAt))}</Declaration>`,
  ].join('');
  const cod = [
    el('CODVer', COD_VERSION),
    el('CODSubmitterType', 'EXP'),
    `<Agreement>${el('AgreementName', token(input.agreement.name, 256).padEnd(3, '.'))}${el('AgreementAcronym', acronym)}</Agreement>`,
    `<Form${acronym}>${formXml}</Form${acronym}>`,
  ].join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<ns1:Envelope xmlns:ns1="${SOAP_NS}"><ns1:CertOrigin><CODEH id="CODEH"><CODExporter>` +
    `<COD id="COD">${cod}</COD></CODExporter></CODEH></ns1:CertOrigin></ns1:Envelope>`
  );
}

/** The `EH` and `CertificationEH` elements the issuing entity fills before its signature over `#CODEH`. */
export function certificationXml(c: CodCertification): string {
  if (!/^[A-Z0-9]{3}$/.test(c.ehid)) throw new CodDataError('A entidade não tem código EHId ALADI válido.');
  if (!/^[A-Z]{2}[A-Za-z0-9]{3}[ACRHGT][A0-9][0-9]{3}[A-Za-z0-9]{8}[0-9]{2}$/.test(c.certificateId)) {
    throw new CodDataError('O certificado não tem um CertificateID válido.');
  }
  if (!/^https?:\/\//.test(c.url)) throw new CodDataError('O endereço da entidade deve começar com http://.');
  return (
    `<EH>${[
      el('EHId', c.ehid),
      el('EHCountry', 'BR'),
      el('EHName', token(c.name, 100)),
      el('EHAddress', c.address.trim().slice(0, 256) || '-'),
      opt('EHCity', c.city ? token(c.city, 50) : null),
      opt('EHTelephone', phone(c.phone)),
      opt('EHEmail', email(c.email)),
      el('EHURL', c.url),
    ].join('')}</EH>` +
    `<CertificationEH>${[
      opt('CertificateControlCode', c.controlCode?.trim().slice(0, 32)),
      el('CertificateDate', codDateTime(c.certifiedAt)),
      el('CertificateID', c.certificateId),
    ].join('')}</CertificationEH>`
  );
}

/**
 * Inserts `EH` and `CertificationEH` at the end of `CODEH` (after the exporter's signed `CODExporter`), by text: the
 * exporter's signature stays byte for byte as it was signed.
 */
export function certifyCod(signedByExporter: string, c: CodCertification): string {
  const close = '</CODEH>';
  const at = signedByExporter.lastIndexOf(close);
  if (at < 0 || signedByExporter.includes('<EH>')) throw new CodDataError('COD sem CODEH ou já certificado.');
  return signedByExporter.slice(0, at) + certificationXml(c) + signedByExporter.slice(at);
}
