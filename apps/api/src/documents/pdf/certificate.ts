import type { CertificateStatus } from '@origem/contract/schemas/certificates';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { formatNcm } from '@origem/contract/validators/ncm';
import { printDate, printDecimal, printMoney } from '../format';
import { CERTIFICATE_TEXT, localNumber, type PdfLanguage } from './certificate-text';
import type { ColumnWidth } from './column-widths';
import { type Block, qrCode, renderPdf } from './render';

/** A field of the deal's certificate model: whether the form has it (NA: not printed) and its printed label. */
export type ModelField = { rule: 'M' | 'O' | 'NA'; label: string };

export type CertificatePdfItem = {
  position: number;
  code: string | null;
  ncm: string;
  name: string;
  /** The NCM reference description chosen for printing (null when the items' own descriptions print). */
  ncmDescription: string | null;
  quantity: string;
  unit: string | null;
  fob: string;
  criterion: string;
  declarationDate: string | null;
};

export type CertificatePdfData = {
  id: number;
  number: string | null;
  status: CertificateStatus;
  /** The model's language: every word the PDF prints on its own follows it (certificate-text.ts). */
  language: PdfLanguage;
  modelName: string;
  dealName: string;
  dealAbbreviation: string;
  association: { name: string; address: string };
  logo?: { bytes: Buffer; mime: string } | null;
  /** Model fields by key (certificate_models.fields); a key missing from the model is not printed. */
  fields: Record<string, ModelField>;
  /** Header values by model field key. */
  values: Record<string, string | null>;
  items: CertificatePdfItem[];
  itemsPerPage: number;
  fontSize: number;
  paper: 'A4' | 'Letter';
  orientation: 'portrait' | 'landscape';
  marginMm: number;
  showLogo: boolean;
  showQr: boolean;
  issuedAt: Date | string | null;
  validUntil: string | null;
  /** The public verification page, printed as the QR code. */
  verificationUrl: string;
  /** "SEM VALOR" on every page before issue. */
  watermark: boolean;
  /** The PDF's creation date: when it was issued, else the record's last change (same record, same bytes). */
  createdAt: Date;
};

const GREY = '#555555';
const mm = (value: number) => (value * 72) / 25.4;
const printed = (data: CertificatePdfData, key: string) => {
  const f = data.fields[key];
  return f && f.rule !== 'NA' ? f : null;
};

/** A numbered box of the form: its printed label over the value; nothing when the form lacks the field. */
function box(data: CertificatePdfData, key: string): Block[] {
  const f = printed(data, key);
  if (!f) return [];
  return [
    {
      stack: [
        { text: f.label, fontSize: 6.5, color: GREY, bold: true },
        { text: data.values[key]?.trim() || '—', fontSize: data.fontSize + 1 },
      ],
      margin: [0, 0, 0, 4],
    },
  ];
}

function frame(title: string | null, body: Block[]): Block {
  if (title === null || body.length === 0) return [];
  return {
    table: {
      widths: ['*'],
      body: [[{ stack: [{ text: title, bold: true, fontSize: 7.5, margin: [0, 0, 0, 3] }, ...body] }]],
    },
    layout: { color: '#333333' },
    margin: [0, 0, 0, 6],
  };
}

const cell = (text: string, align: 'left' | 'right' | 'center' = 'left', bold = false): Block => ({
  text,
  alignment: align,
  bold,
  fontSize: 7.5,
});

function itemsTable(data: CertificatePdfData): Block[] {
  type Column = {
    key: string;
    width: ColumnWidth;
    align?: 'right';
    value: (i: CertificatePdfItem) => string;
  };
  const all: Column[] = [
    { key: 'item_order_no', width: 22, value: (i) => String(i.position) },
    { key: 'item_code', width: 62, value: (i) => i.code ?? formatNcm(i.ncm) },
    {
      key: 'item_name',
      width: '*',
      value: (i) => (i.ncmDescription ? `${i.name}\nNCM ${formatNcm(i.ncm)}: ${i.ncmDescription}` : i.name),
    },
    {
      key: 'item_quantity',
      width: 60,
      align: 'right',
      value: (i) => localNumber(data.language, printDecimal(i.quantity, DECIMAL_PLACES.quantity)),
    },
    { key: 'item_unit', width: 36, value: (i) => i.unit ?? '—' },
    {
      key: 'item_fob_value',
      width: 64,
      align: 'right',
      value: (i) => localNumber(data.language, printMoney(i.fob, 'USD')),
    },
    { key: 'item_origin_criterion', width: 90, value: (i) => i.criterion },
    { key: 'item_declaration_date', width: 48, value: (i) => i.declarationDate ?? '—' },
  ];
  const columns = all.filter((c) => printed(data, c.key));
  if (columns.length === 0) return [];
  const pages: CertificatePdfItem[][] = [];
  for (let i = 0; i < data.items.length; i += data.itemsPerPage)
    pages.push(data.items.slice(i, i + data.itemsPerPage));
  return pages.map((rows, page) => ({
    table: {
      headerRows: 1,
      widths: columns.map((c) => c.width),
      body: [
        columns.map((c) => cell(printed(data, c.key)?.label ?? c.key, c.align ?? 'left', true)),
        ...rows.map((item) => columns.map((c) => cell(c.value(item), c.align ?? 'left'))),
      ],
    },
    margin: [0, 0, 0, 6],
    ...(page > 0 ? { pageBreak: 'before' as const } : {}),
  }));
}

type Section = { title: string; body: Block[] };
// Reading order: the parties' boxes are two columns (exporter over producer, importer over operator) read row by row.
const SECTION_ORDER = [
  'exporter',
  'importer',
  'producer',
  'intervenor',
  'shipment',
  'goods',
  'comments',
  'declaration',
  'certification',
] as const;
type SectionKey = (typeof SECTION_ORDER)[number];

/**
 * The form's section titles numbered in reading order without gaps: a section the model leaves empty (every field
 * NA) is not printed (null) and the ones after it take its number.
 */
function numberSections<K extends string>(order: readonly K[], sections: Record<K, Section>) {
  const titles = {} as Record<K, string | null>;
  let n = 0;
  for (const key of order) {
    const { title, body } = sections[key];
    titles[key] = body.length === 0 ? null : `${++n}. ${title}`;
  }
  return titles;
}

/**
 * The certificate of origin as the deal's form (DOMAIN.md §4): the boxes and labels of the deal's certificate model
 * (certificate_models: M/O fields print, NA ones do not, in the model's language), the issuing association's logo,
 * the items in pages of the model's size, the exporter's declaration and the entity's certification, and a QR code
 * to the public verification page. Before issue, "SEM VALOR" crosses every page. Every word the PDF prints on its
 * own is in the model's language (certificate-text.ts); the sections are numbered without gaps.
 */
export function certificatePdf(data: CertificatePdfData): Promise<Buffer> {
  const t = CERTIFICATE_TEXT[data.language];
  const header: Block = {
    columns: [
      ...(data.showLogo && data.logo
        ? [{ image: data.logo, fit: [64, 48] as [number, number], width: 72 }]
        : []),
      {
        width: '*' as const,
        stack: [
          { text: data.association.name, bold: true, fontSize: 10 },
          { text: data.association.address, color: GREY, fontSize: 7.5 },
          { text: t.title, fontSize: 15, bold: true, margin: [0, 6, 0, 0] },
          // The model's and the deal's names are Portuguese records: a form in another language names the deal by
          // its abbreviation.
          ...(data.language === 'pt'
            ? [
                { text: data.modelName, fontSize: 9 },
                { text: data.dealName, fontSize: 7.5, color: GREY },
              ]
            : [{ text: `${t.agreement}: ${data.dealAbbreviation}`, fontSize: 9 }]),
          {
            text: data.number
              ? `${t.number} ${data.number}`
              : `${t.request} ${data.id} — ${t.statuses[data.status]}`,
            bold: true,
            fontSize: 11,
            margin: [0, 4, 0, 0],
          },
        ],
      },
      ...(data.showQr
        ? [
            {
              width: 'auto' as const,
              stack: [
                qrCode(data.verificationUrl, 84),
                { text: t.verify, fontSize: 6, color: GREY, alignment: 'center' as const },
              ],
            },
          ]
        : []),
    ],
    columnGap: 12,
    margin: [0, 0, 0, 10],
  };
  const goods = itemsTable(data);
  const issued = data.issuedAt ? printDate(data.issuedAt) : '—';
  const validUntil = data.validUntil ? data.validUntil.split('-').reverse().join('/') : '—';
  const sections: Record<SectionKey, Section> = {
    exporter: {
      title: t.sections.exporter,
      body: [
        ...box(data, 'exporter_business_name'),
        ...box(data, 'exporter_tax_id'),
        ...box(data, 'exporter_address'),
        ...box(data, 'exporter_city'),
        ...box(data, 'exporter_country'),
      ],
    },
    producer: {
      title: t.sections.producer,
      body: [...box(data, 'producer_business_name'), ...box(data, 'producer_address')],
    },
    importer: {
      title: t.sections.importer,
      body: [
        ...box(data, 'importer_business_name'),
        ...box(data, 'importer_tax_id'),
        ...box(data, 'importer_address'),
        ...box(data, 'importer_city'),
        ...box(data, 'importer_country'),
      ],
    },
    intervenor: {
      title: t.sections.intervenor,
      body: [
        ...box(data, 'intervenor_business_name'),
        ...box(data, 'intervenor_address'),
        ...box(data, 'intervenor_country'),
      ],
    },
    shipment: {
      title: t.sections.shipment,
      body: [
        'invoice_number',
        'invoice_date',
        'transport_port_of_loading',
        'transport_means',
        'transport_destination_country',
      ].some((key) => printed(data, key))
        ? [
            {
              columns: [
                box(data, 'invoice_number'),
                box(data, 'invoice_date'),
                box(data, 'transport_port_of_loading'),
                box(data, 'transport_means'),
                box(data, 'transport_destination_country'),
              ],
              columnGap: 8,
            },
          ]
        : [],
    },
    goods: { title: t.sections.goods, body: goods.length === 0 ? [] : goods },
    comments: { title: t.sections.comments, body: box(data, 'comments') },
    declaration: {
      title: t.sections.declaration,
      body: [{ text: t.declarationText, fontSize: 7.5 }, ...box(data, 'declaration_date')],
    },
    certification: {
      title: t.sections.certification,
      body: [
        { text: t.certificationText(data.association.name), fontSize: 7.5 },
        { text: t.issued(issued, validUntil), fontSize: 7.5, margin: [0, 3, 0, 0] },
      ],
    },
  };
  const titles = numberSections(SECTION_ORDER, sections);
  const s = Object.fromEntries(
    SECTION_ORDER.map((key) => [key, frame(titles[key], sections[key].body)]),
  ) as Record<SectionKey, Block>;
  // The goods are a titled table of their own (a frame would keep its pages from breaking).
  s.goods =
    titles.goods === null
      ? []
      : [{ text: titles.goods, bold: true, fontSize: 7.5, margin: [0, 0, 0, 3] }, ...goods];
  const parties: Block = {
    columns: [
      [s.exporter, s.producer],
      [s.importer, s.intervenor],
    ],
    columnGap: 8,
  };
  const declaration: Block = { columns: [s.declaration, s.certification], columnGap: 8 };
  const name = data.number
    ? `${t.documentName} ${data.number}`
    : `${t.documentName} — ${t.request.toLowerCase()} ${data.id}`;
  return renderPdf([header, parties, s.shipment, s.goods, s.comments, declaration], {
    title: name,
    author: data.association.name,
    watermark: data.watermark ? t.watermark : undefined,
    pageLabel: t.page,
    createdAt: data.createdAt,
    fontSize: data.fontSize,
    lineHeight: 1.1,
    paper: data.paper,
    orientation: data.orientation,
    margins: [mm(data.marginMm), mm(data.marginMm) + 8, mm(data.marginMm), mm(data.marginMm) + 24],
  });
}
