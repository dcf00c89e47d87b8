import type { OutgoingMail } from '../../mail/outbox';
import { hello, layout } from '../../mail/templates';

/** What a decision mail says about the certificate. */
export type CertificateFacts = {
  id: number;
  number: string | null;
  invoice: string;
  exporterName: string;
  link: string;
};

/** The subject's and first line's words for each decision the exporter hears about. */
const DECISIONS = {
  approve: 'foi APROVADO e EMITIDO',
  approve_digital: 'foi APROVADO e aguarda a assinatura da entidade',
  reprove: 'foi REPROVADO',
  send_cancellation: 'foi CANCELADO, como solicitado',
  reprove_cancellation: 'teve a solicitação de cancelamento recusada',
  send_substitution: 'foi SUBSTITUÍDO: um novo rascunho que o substitui foi criado',
  reprove_substitution: 'teve a solicitação de substituição recusada',
} as const;
export type Decision = keyof typeof DECISIONS;
export const isDecision = (action: string): action is Decision => action in DECISIONS;

const nameOf = (facts: CertificateFacts) =>
  facts.number ? `O certificado ${facts.number}` : `O certificado nº ${facts.id}`;

/** The exporter hears of each decision on its certificate (DOMAIN.md §4), with the reason when there is one. */
export function decisionMail(
  to: string,
  facts: CertificateFacts,
  decision: Decision,
  note: string | null,
): OutgoingMail {
  const lines = [`${nameOf(facts)} (fatura ${facts.invoice}) ${DECISIONS[decision]}.`];
  if (note) lines.push(`Motivo: ${note}`);
  return {
    to,
    subject: `Origem — certificado ${facts.number ?? `nº ${facts.id}`}: ${DECISIONS[decision].split(':')[0]}`,
    ...layout(hello(facts.exporterName), lines, { href: facts.link, label: 'Abrir o certificado' }),
  };
}

/** The legal representative is asked to sign the certificate digitally (send_analysis of a digital certificate). */
export function signatureRequestMail(to: string, name: string, facts: CertificateFacts): OutgoingMail {
  return {
    to,
    subject: `Origem — assinatura do certificado nº ${facts.id}`,
    ...layout(
      hello(name),
      [
        `O certificado de origem nº ${facts.id} (fatura ${facts.invoice}) de ${facts.exporterName} aguarda a sua assinatura digital (certificado A1, token A3 ou certificado em nuvem).`,
        'Depois da assinatura ele segue para a análise da entidade.',
      ],
      { href: facts.link, label: 'Assinar o certificado' },
    ),
  };
}
