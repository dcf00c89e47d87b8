import type { OutgoingMail } from '../../mail/outbox';
import { layout } from '../../mail/templates';

/** `ana.souza@empresa.com.br` → `an***@empresa.com.br`: enough to recognise, not enough to hand out. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * To the old address when someone else (an association, an administrator) changes a user's e-mail: the owner
 * hears of it, so an address cannot be taken over in silence.
 */
export function emailChangedMail(
  oldEmail: string,
  name: string,
  newEmail: string,
  changedBy: string,
  appUrl: string,
): OutgoingMail {
  return {
    to: oldEmail,
    subject: 'Origem — o e-mail do seu acesso foi alterado',
    ...layout(
      `Olá, ${name}.`,
      [
        `${changedBy} alterou o e-mail do seu acesso ao Origem de ${oldEmail} para ${maskEmail(newEmail)}.`,
        'Por segurança, as suas sessões foram encerradas e os links de senha enviados antes deixaram de valer.',
        'Se você não reconhece esta alteração, procure a sua associação comercial ou o administrador do sistema.',
      ],
      { href: `${appUrl}/welcome`, label: 'Acessar o Origem' },
    ),
  };
}
