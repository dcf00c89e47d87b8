import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { formatNcm } from '@origem/contract/validators/ncm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { printDate, printDecimal, printMoney } from '../format';
import { qrCode, renderPdf } from './render';

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
  statusLabel: string;
  modelName: string;
  dealName: string;
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
};

const GREY = '#555555';
const mm = (value: number) => (value * 72) / 25.4;
const printed = (data: CertificatePdfData, key: string) => {
  const f = data.fields[key];
  return f && f.rule !== 'NA' ? f : null;
};

/** A numbered box of the form: its printed label over the value; nothing when the form lacks the field. */
function box(data: CertificatePdfData, key: string): Content[] {
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

function frame(title: string, body: Content[]): Content {
  if (body.length === 0) return [];
  return {
    table: {
      widths: ['*'],
      body: [[{ stack: [{ text: title, bold: true, fontSize: 7.5, margin: [0, 0, 0, 3] }, ...body] }]],
    },
    layout: { hLineColor: () => '#333333', vLineColor: () => '#333333' },
    margin: [0, 0, 0, 6],
  };
}

const cell = (text: string, align: 'left' | 'right' | 'center' = 'left', bold = false): TableCell => ({
  text,
  alignment: align,
  bold,
  fontSize: 7.5,
});

function itemsTable(data: CertificatePdfData): Content {
  type Column = {
    key: string;
    width: number | string;
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
      value: (i) => printDecimal(i.quantity, DECIMAL_PLACES.quantity),
    },
    { key: 'item_unit', width: 36, value: (i) => i.unit ?? '—' },
    { key: 'item_fob_value', width: 64, align: 'right', value: (i) => printMoney(i.fob, 'USD') },
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

/**
 * The certificate of origin as the deal's form (DOMAIN.md §4): the boxes and labels of the deal's certificate model
 * (certificate_models: M/O fields print, NA ones do not, in the model's language), the issuing association's logo,
 * the items in pages of the model's size, the exporter's declaration and the entity's certification, and a QR code
 * to the public verification page. Before issue, "SEM VALOR" crosses every page.
 */
export function certificatePdf(data: CertificatePdfData): Promise<Buffer> {
  const header: Content = {
    columns: [
      ...(data.showLogo && data.logo
        ? [
            {
              image: `data:${data.logo.mime};base64,${data.logo.bytes.toString('base64')}`,
              fit: [64, 48] as [number, number],
              width: 72,
            },
          ]
        : []),
      {
        width: '*',
        stack: [
          { text: data.association.name, bold: true, fontSize: 10 },
          { text: data.association.address, color: GREY, fontSize: 7.5 },
          { text: 'CERTIFICADO DE ORIGEM', fontSize: 15, bold: true, margin: [0, 6, 0, 0] },
          { text: data.modelName, fontSize: 9 },
          { text: data.dealName, fontSize: 7.5, color: GREY },
          {
            text: data.number ? `Nº ${data.number}` : `Pedido nº ${data.id} — ${data.statusLabel}`,
            bold: true,
            fontSize: 11,
            margin: [0, 4, 0, 0],
          },
        ],
      },
      ...(data.showQr
        ? [
            {
              width: 'auto',
              stack: [
                qrCode(data.verificationUrl, 84),
                { text: 'Verifique a autenticidade', fontSize: 6, color: GREY, alignment: 'center' as const },
              ],
            },
          ]
        : []),
    ],
    columnGap: 12,
    margin: [0, 0, 0, 10],
  };
  const parties: Content = {
    columns: [
      [
        frame('1. Exportador', [
          ...box(data, 'exporter_business_name'),
          ...box(data, 'exporter_tax_id'),
          ...box(data, 'exporter_address'),
          ...box(data, 'exporter_city'),
          ...box(data, 'exporter_country'),
        ]),
        frame('2. Produtor', [...box(data, 'producer_business_name'), ...box(data, 'producer_address')]),
      ],
      [
        frame('3. Importador', [
          ...box(data, 'importer_business_name'),
          ...box(data, 'importer_tax_id'),
          ...box(data, 'importer_address'),
          ...box(data, 'importer_city'),
          ...box(data, 'importer_country'),
        ]),
        frame('4. Operador de terceiro país', [
          ...box(data, 'intervenor_business_name'),
          ...box(data, 'intervenor_address'),
          ...box(data, 'intervenor_country'),
        ]),
      ],
    ],
    columnGap: 8,
  };
  const shipment = frame('5. Fatura e transporte', [
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
  ]);
  const comments = frame('7. Observações', box(data, 'comments'));
  const declaration: Content = {
    columns: [
      frame('8. Declaração do exportador', [
        {
          text: 'Declaramos que as mercadorias acima cumprem as condições de origem do acordo indicado.',
          fontSize: 7.5,
        },
        ...box(data, 'declaration_date'),
      ]),
      frame('9. Certificação da entidade', [
        {
          text: `${data.association.name} certifica a veracidade da declaração do exportador.`,
          fontSize: 7.5,
        },
        {
          text: `Emitido em ${data.issuedAt ? printDate(data.issuedAt) : '—'} — válido até ${
            data.validUntil ? data.validUntil.split('-').reverse().join('/') : '—'
          }`,
          fontSize: 7.5,
          margin: [0, 3, 0, 0],
        },
      ]),
    ],
    columnGap: 8,
  };
  return renderPdf([header, parties, shipment, itemsTable(data), comments, declaration], {
    title: data.number ? `Certificado de origem ${data.number}` : `Certificado de origem nº ${data.id}`,
    author: data.association.name,
    watermark: data.watermark ? 'SEM VALOR' : undefined,
    defaultStyle: { font: 'Roboto', fontSize: data.fontSize, lineHeight: 1.1 },
    pageSize: data.paper === 'Letter' ? 'LETTER' : 'A4',
    pageOrientation: data.orientation,
    pageMargins: [mm(data.marginMm), mm(data.marginMm) + 8, mm(data.marginMm), mm(data.marginMm) + 24],
  });
}
