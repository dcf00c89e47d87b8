import { declarationFlow, stateLabel } from '@origem/contract/flows';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { formatNcm } from '@origem/contract/validators/ncm';
import { printDate, printDateTime, printDecimal, printMoney, printTaxId } from '../format';
import { type Block, field, qrCode, renderPdf } from './render';

export type DeclarationPdfData = {
  id: number;
  status: string;
  /** The issuing association, which analyses and approves the declaration. */
  association: { name: string; cnpj: string | null; address: string };
  /** The association's logo (PNG or JPEG bytes), when it has one. */
  logo?: { bytes: Buffer; mime: string } | null;
  /** The party that makes and owns the declaration. */
  owner: { name: string; taxId: string | null; address: string; city: string | null };
  company: { name: string; cnpj: string | null; address: string };
  product: {
    name: string;
    internalCode: string | null;
    ncm: string;
    ncmDescription: string | null;
    nomenclatureCode: string | null;
    classificationType: string;
  };
  deal: { abbreviation: string; name: string };
  fobMin: string;
  fobMax: string;
  productionProcess: string;
  materials: {
    position: number;
    ncm: string;
    description: string;
    country: string;
    cif: string;
    share: string;
    originating: boolean;
  }[];
  rule: { code: string; description: string };
  norm: { name: string; legalText: string | null };
  representative: { name: string; cpf: string | null; jobPosition: string | null };
  approvedAt: Date | string | null;
  validUntil: string | null;
  deliveryLocation: string | null;
  signedAt: Date | string | null;
  createdAt: Date | string;
  /** The read-only page of the declaration, printed as a QR code. */
  url: string;
  /** "SEM VALOR" across every page: previews, and any declaration not approved. */
  watermark: boolean;
  /** The PDF's creation date: the record's last change (same record, same bytes). */
  updatedAt: Date;
};

const BLUE = '#0b5cad';
const GREY = '#555555';

const section = (title: string): Block => ({
  text: title.toUpperCase(),
  bold: true,
  fontSize: 8.5,
  color: BLUE,
  margin: [0, 10, 0, 4],
});

const cell = (text: string, opts: { bold?: boolean; align?: 'left' | 'right' | 'center' } = {}): Block => ({
  text,
  bold: opts.bold ?? false,
  alignment: opts.align ?? 'left',
  fontSize: 7.5,
});

/** 'dd/mm/aaaa' of a 'YYYY-MM-DD' day (no time zone shift: it is already a Brasília day). */
function printDay(day: string | null): string {
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

const usd = (value: string) => printMoney(value, 'USD');
const percent = (value: string) => printDecimal(value, DECIMAL_PLACES.percent, '%');

function header(data: DeclarationPdfData): Block {
  const title = 'DECLARAÇÃO DE ORIGEM DO PRODUTOR';
  const issuer: Block[] = [
    { text: data.association.name, bold: true, fontSize: 10 },
    { text: `CNPJ ${printTaxId(data.association.cnpj)}`, color: GREY, fontSize: 7.5 },
    { text: data.association.address, color: GREY, fontSize: 7.5 },
  ];
  return {
    columns: [
      ...(data.logo ? [{ image: data.logo, fit: [64, 48] as [number, number], width: 72 }] : []),
      {
        width: '*' as const,
        stack: [
          ...issuer,
          { text: title, fontSize: 15, bold: true, margin: [0, 8, 0, 2] },
          { text: `Declaração nº ${data.id} — acordo ${data.deal.abbreviation}`, fontSize: 10 },
          {
            text: `Situação: ${stateLabel(declarationFlow, data.status)}`,
            bold: true,
            margin: [0, 4, 0, 0],
          },
        ],
      },
      {
        width: 'auto' as const,
        stack: [
          qrCode(data.url, 80),
          { text: 'Consulte esta declaração', fontSize: 6, color: GREY, alignment: 'center' },
        ],
      },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 6],
  };
}

function parties(data: DeclarationPdfData): Block {
  return {
    columns: [
      [
        section('1. Exportador / produtor declarante'),
        field('Razão social / nome', data.owner.name),
        field('CNPJ / CPF', printTaxId(data.owner.taxId)),
        field('Endereço', data.owner.address),
      ],
      [
        section('2. Fabricante'),
        field('Razão social', data.company.name),
        field('CNPJ', printTaxId(data.company.cnpj)),
        field('Endereço', data.company.address),
      ],
    ],
    columnGap: 24,
  };
}

function product(data: DeclarationPdfData): Block {
  const nomenclature =
    data.product.classificationType === 'NCM' || !data.product.nomenclatureCode
      ? null
      : `${data.product.classificationType}: ${data.product.nomenclatureCode}`;
  return [
    section('3. Produto'),
    {
      columns: [
        [
          field('Denominação do produto', data.product.name),
          field('Código interno', data.product.internalCode),
          field('Acordo', `${data.deal.abbreviation} — ${data.deal.name}`),
        ],
        [
          field(
            'NCM',
            data.product.ncmDescription
              ? `${formatNcm(data.product.ncm)} — ${data.product.ncmDescription}`
              : formatNcm(data.product.ncm),
          ),
          ...(nomenclature ? [field('Classificação no acordo', nomenclature)] : []),
          field('Valor FOB unitário (US$)', `de ${usd(data.fobMin)} a ${usd(data.fobMax)}`),
        ],
      ],
      columnGap: 24,
    },
    section('4. Processo produtivo'),
    { text: data.productionProcess, fontSize: 8.5, margin: [0, 0, 0, 4] },
  ];
}

function materials(data: DeclarationPdfData): Block {
  if (data.materials.length === 0) {
    return [
      section('5. Materiais utilizados'),
      { text: 'Nenhum material declarado (produto inteiramente obtido).', color: GREY, fontSize: 8 },
    ];
  }
  return [
    section('5. Materiais utilizados'),
    {
      table: {
        headerRows: 1,
        widths: [14, 48, '*', 104, 58, 40],
        body: [
          [
            cell('#', { bold: true }),
            cell('NCM', { bold: true }),
            cell('Descrição', { bold: true }),
            cell('País de origem', { bold: true }),
            cell('Valor CIF (US$)', { bold: true, align: 'right' }),
            cell('% do FOB', { bold: true, align: 'right' }),
          ],
          ...data.materials.map((m) => [
            cell(String(m.position)),
            cell(formatNcm(m.ncm)),
            cell(m.description),
            cell(m.originating ? m.country : `${m.country} (não originário)`),
            cell(usd(m.cif), { align: 'right' }),
            cell(percent(m.share), { align: 'right' }),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

function origin(data: DeclarationPdfData): Block {
  return [
    section('6. Critério de origem e norma'),
    field('Critério de origem', `${data.rule.code} — ${data.rule.description}`),
    field(
      'Norma de origem',
      data.norm.legalText ? `${data.norm.name}: ${data.norm.legalText}` : data.norm.name,
    ),
  ];
}

function approval(data: DeclarationPdfData): Block {
  return [
    section('7. Aprovação pela entidade'),
    {
      columns: [
        field('Aprovada em', data.approvedAt ? printDateTime(data.approvedAt) : null),
        field('Válida até', printDay(data.validUntil)),
        field(
          'Forma de aprovação',
          data.signedAt
            ? `Assinatura digital do responsável legal em ${printDateTime(data.signedAt)}`
            : data.deliveryLocation
              ? `Via assinada entregue em: ${data.deliveryLocation}`
              : null,
        ),
      ],
      columnGap: 16,
    },
  ];
}

function signature(data: DeclarationPdfData): Block {
  const place = data.owner.city ? `${data.owner.city}, ` : '';
  return [
    {
      text:
        `Declaramos, sob as penas da lei, que as informações acima são verdadeiras e que o produto descrito é ` +
        `produzido conforme o processo informado e cumpre o critério de origem indicado, nos termos da norma ` +
        `citada do acordo ${data.deal.abbreviation}.`,
      fontSize: 8.5,
      margin: [0, 12, 0, 24],
    },
    {
      columns: [
        { width: '*', text: `${place}${printDate(data.createdAt)}`, margin: [0, 18, 0, 0] },
        {
          width: 240,
          stack: [
            { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 240, y2: 0, lineWidth: 0.7 }] },
            { text: data.representative.name, bold: true, alignment: 'center', margin: [0, 3, 0, 0] },
            {
              text: [
                data.representative.cpf ? `CPF ${printTaxId(data.representative.cpf)}` : null,
                data.representative.jobPosition,
              ]
                .filter(Boolean)
                .join(' — '),
              alignment: 'center',
              fontSize: 7.5,
              color: GREY,
            },
            {
              text: `Responsável legal — ${data.owner.name}`,
              alignment: 'center',
              fontSize: 7.5,
              color: GREY,
            },
          ],
        },
      ],
    },
  ];
}

/**
 * The declaration of origin as a document (DOMAIN.md §3): the issuing association, the parties, the product, the
 * materials, the origin criterion and norm text, the approval, and the legal representative's signature block,
 * with a QR code to its read-only page. Anything but an approved declaration — and every preview — carries the
 * "SEM VALOR" watermark.
 */
export function declarationPdf(data: DeclarationPdfData): Promise<Buffer> {
  const content: Block = [
    header(data),
    parties(data),
    product(data),
    materials(data),
    origin(data),
    approval(data),
    signature(data),
  ];
  return renderPdf(content, {
    title: `Declaração de origem nº ${data.id}`,
    author: data.association.name,
    watermark: data.watermark ? 'SEM VALOR' : undefined,
    createdAt: data.updatedAt,
  });
}
