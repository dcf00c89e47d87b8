import { preRegistrationFlow, stateLabel } from '@origem/contract/flows';
import { type FlowStep } from '@origem/contract/schemas/flow-history';
import { printDate, printDateTime, printTaxId } from '../format';
import { type Block, field, qrCode, renderPdf } from './render';

export type PreRegistrationReceiptData = {
  id: number;
  status: string;
  profile: string;
  name: string;
  trade_name: string | null;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  address: string;
  association: string;
  federation: string | null;
  created_at: Date | string;
  history: FlowStep[];
  /** The record's page in the back office, printed as a QR code. */
  url: string;
  /** When the receipt is printed ("Emitido em"), and the PDF's creation date. */
  printedAt: Date;
};

const cell = (text: string, bold = false): Block => ({ text, bold, fontSize: 8 });

/**
 * The pre-registration receipt (comprovante): what was sent, to which association, its status and history. Until
 * the pre-registration is approved the receipt proves only that it was sent, so it carries the "SEM VALOR" mark.
 */
export function preRegistrationReceipt(data: PreRegistrationReceiptData): Promise<Buffer> {
  const title = `Comprovante de pré-cadastro nº ${data.id}`;
  const approved = data.status === preRegistrationFlow.actions.approve.to;
  const content: Block = [
    {
      columns: [
        {
          stack: [
            { text: 'ORIGEM — CERTIFICADOS DE ORIGEM', fontSize: 8, color: '#0b5cad', bold: true },
            { text: title, fontSize: 16, bold: true, margin: [0, 4, 0, 2] },
            { text: `Enviado em ${printDateTime(data.created_at)} (horário de Brasília)`, color: '#555555' },
            {
              text: `Situação: ${stateLabel(preRegistrationFlow, data.status)}`,
              bold: true,
              margin: [0, 6, 0, 0],
            },
          ],
        },
        { width: 'auto', stack: [qrCode(data.url, 84)] },
      ],
      margin: [0, 0, 0, 16],
    },
    {
      columns: [
        [
          field('Perfil', data.profile),
          field(data.cnpj ? 'Razão social' : 'Nome', data.name),
          field('Nome fantasia', data.trade_name),
          field(data.cnpj ? 'CNPJ' : 'CPF', printTaxId(data.cnpj ?? data.cpf)),
        ],
        [
          field('E-mail', data.email),
          field('Telefone', data.phone),
          field('Endereço', data.address),
          field(
            'Associação comercial',
            data.federation ? `${data.association} (${data.federation})` : data.association,
          ),
        ],
      ],
      columnGap: 24,
    },
    { text: 'Histórico', bold: true, fontSize: 11, margin: [0, 12, 0, 6] },
    {
      table: {
        headerRows: 1,
        widths: [80, '*', 110, '*'],
        body: [
          [cell('Data', true), cell('Ação', true), cell('Situação', true), cell('Observação', true)],
          ...data.history.map((step) => [
            cell(printDateTime(step.created_at)),
            cell(
              step.action === 'create'
                ? 'Envio do pré-cadastro'
                : ((preRegistrationFlow.actions as Record<string, { label: string }>)[step.action]?.label ??
                    step.action),
            ),
            cell(stateLabel(preRegistrationFlow, step.to_status)),
            cell(step.note ?? ''),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      text: approved
        ? 'Pré-cadastro aprovado: o acesso ao Origem foi enviado ao e-mail informado.'
        : 'Este comprovante atesta apenas o envio do pré-cadastro; o cadastro depende da análise da associação comercial.',
      margin: [0, 16, 0, 0],
      color: '#555555',
    },
    { text: `Emitido em ${printDate(data.printedAt)}.`, margin: [0, 4, 0, 0], color: '#555555' },
  ];
  return renderPdf(content, {
    title,
    watermark: approved ? undefined : 'SEM VALOR',
    createdAt: data.printedAt,
  });
}
