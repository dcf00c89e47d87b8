import type { OutgoingMail } from '../../mail/outbox';
import { layout } from '../../mail/templates';
import type { Recipient } from './queries';

/** What every link mail names: the two parties and where the link opens. */
export type LinkMailFacts = { exporter: string; dispatcher: string; url: string };

/** Each side of a link hears about what the other side (or the association) did with it (DOMAIN.md §6). */

const pair = (facts: LinkMailFacts) => `o exportador ${facts.exporter} e o despachante ${facts.dispatcher}`;

export function linkRequestedMail(to: Recipient, facts: LinkMailFacts, requester: string): OutgoingMail {
  return {
    to: to.email,
    subject: 'Origem — solicitação de vínculo entre exportador e despachante',
    ...layout(
      `Olá, ${to.name}.`,
      [
        `${requester} solicitou no Origem um vínculo entre ${pair(facts)}.`,
        'Com o vínculo aprovado, o despachante passa a ver e a agir pelos registros do exportador: empresas, responsáveis legais, declarações e certificados.',
        'Aprove ou reprove a solicitação pelo link abaixo.',
      ],
      { href: facts.url, label: 'Analisar a solicitação' },
    ),
  };
}

export function linkApprovedMail(to: Recipient, facts: LinkMailFacts, decider: string): OutgoingMail {
  return {
    to: to.email,
    subject: 'Origem — vínculo aprovado',
    ...layout(
      `Olá, ${to.name}.`,
      [
        `${decider} aprovou o vínculo entre ${pair(facts)}.`,
        'O despachante já pode ver e agir pelos registros do exportador.',
      ],
      { href: facts.url, label: 'Ver o vínculo' },
    ),
  };
}

export function linkDisapprovedMail(
  to: Recipient,
  facts: LinkMailFacts,
  decider: string,
  note: string | null,
): OutgoingMail {
  return {
    to: to.email,
    subject: 'Origem — vínculo reprovado',
    ...layout(
      `Olá, ${to.name}.`,
      [
        `${decider} reprovou a solicitação de vínculo entre ${pair(facts)}.`,
        ...(note ? [`Motivo: ${note}`] : []),
        'Se for o caso, uma nova solicitação pode ser feita.',
      ],
      { href: facts.url, label: 'Ver a solicitação' },
    ),
  };
}

export function linkDeletionRequestedMail(
  to: Recipient,
  facts: LinkMailFacts,
  requester: string,
): OutgoingMail {
  return {
    to: to.email,
    subject: 'Origem — exclusão de vínculo solicitada',
    ...layout(
      `Olá, ${to.name}.`,
      [
        `${requester} solicitou a exclusão do vínculo entre ${pair(facts)}.`,
        'Até a confirmação o vínculo continua valendo; confirmada a exclusão, o despachante perde o acesso aos registros do exportador.',
        'Confirme a exclusão pelo link abaixo.',
      ],
      { href: facts.url, label: 'Confirmar a exclusão' },
    ),
  };
}
