import { printDate, printMoney, printTaxId } from '../format';
import { type Block, field, renderPdf } from './render';

export type PrereceiptPdfData = {
  id: number;
  number: string;
  association: { name: string; cnpj: string | null; address: string };
  payer: { name: string; taxId: string | null; role: 'Exportador' | 'Despachante' };
  deal: string;
  invoice: string;
  /** When the certificate was issued: printed, and the PDF's creation date. */
  issuedAt: Date | string;
  member: boolean;
  /** The association's fee for the deal (null when it has none on file). */
  fee: string | null;
};

/**
 * The pré-recibo of an issued certificate (DOMAIN.md §9): what the issuing association charges the payer (the
 * dispatcher who asked for it, or the exporter), at the member or non-member fee of the deal.
 */
export function prereceiptPdf(data: PrereceiptPdfData): Promise<Buffer> {
  const content: Block = [
    { text: data.association.name, bold: true, fontSize: 11 },
    {
      text: `CNPJ ${printTaxId(data.association.cnpj)} — ${data.association.address}`,
      fontSize: 7.5,
      color: '#555555',
    },
    { text: 'PRÉ-RECIBO', fontSize: 16, bold: true, margin: [0, 12, 0, 2] },
    { text: `Certificado de origem ${data.number}`, fontSize: 10, margin: [0, 0, 0, 10] },
    {
      columns: [
        [field(data.payer.role, data.payer.name), field('CPF/CNPJ', printTaxId(data.payer.taxId))],
        [
          field('Acordo', data.deal),
          field('Fatura comercial', data.invoice),
          field('Emitido em', printDate(data.issuedAt)),
        ],
      ],
      columnGap: 24,
    },
    field('Tarifa', data.member ? 'Associado' : 'Não associado'),
    {
      text: `Valor: ${data.fee ? printMoney(data.fee) : 'tarifa não cadastrada para este acordo'}`,
      fontSize: 13,
      bold: true,
      margin: [0, 8, 0, 8],
    },
    {
      text: 'Documento sem valor fiscal: o recibo é emitido após a confirmação do pagamento.',
      fontSize: 7.5,
      color: '#555555',
    },
  ];
  return renderPdf(content, {
    title: `Pré-recibo do certificado ${data.number}`,
    author: data.association.name,
    createdAt: new Date(data.issuedAt),
  });
}
