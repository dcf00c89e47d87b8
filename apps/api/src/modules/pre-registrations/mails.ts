import { PENDENCY_LINK_DAYS } from '@origem/contract/schemas/pre-registrations';
import type { OutgoingMail } from '../../mail/outbox';
import { layout } from '../../mail/templates';

/** The applicant's e-mails (DOMAIN.md §7). The welcome mail of an approval is the users' one (mail/templates.ts). */

export function pendencyMail(to: string, name: string, reason: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Origem — pendência no seu pré-cadastro',
    ...layout(
      `Olá, ${name}.`,
      [
        'A associação comercial analisou o seu pré-cadastro no Origem e encontrou uma pendência:',
        reason,
        `Corrija os dados ou o contrato social pelo link abaixo, que é pessoal e vale por ${PENDENCY_LINK_DAYS} dias.`,
      ],
      { href: link, label: 'Resolver a pendência' },
    ),
  };
}

export function reprovalMail(to: string, name: string, reason: string, appUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Origem — pré-cadastro reprovado',
    ...layout(
      `Olá, ${name}.`,
      [
        'A associação comercial analisou o seu pré-cadastro no Origem e não pôde aprová-lo pelo motivo abaixo:',
        reason,
        'Se quiser, você pode enviar um novo pré-cadastro com os dados corrigidos.',
      ],
      { href: `${appUrl}/pre-cadastro`, label: 'Fazer um novo pré-cadastro' },
    ),
  };
}
