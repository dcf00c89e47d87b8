import type { OutgoingMail } from './outbox';

/** Plain, readable Portuguese mails; the link is the only thing that matters in each. */
export function layout(
  greeting: string,
  paragraphs: string[],
  link: { href: string; label: string },
): Omit<OutgoingMail, 'to' | 'subject'> {
  const text = [greeting, '', ...paragraphs, '', `${link.label}: ${link.href}`, '', 'Equipe Origem'].join(
    '\n',
  );
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = `<p>${esc(greeting)}</p>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}<p><a href="${esc(link.href)}">${esc(link.label)}</a></p><p>Equipe Origem</p>`;
  return { text, html };
}

export function passwordResetMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Origem — redefinição de senha',
    ...layout(
      `Olá, ${name}.`,
      [
        'Recebemos um pedido para redefinir a sua senha no Origem.',
        'O link abaixo vale por 1 hora e pode ser usado uma única vez. Se não foi você, ignore este e-mail.',
      ],
      { href: link, label: 'Redefinir a senha' },
    ),
  };
}

export function welcomeMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Origem — seu acesso foi criado',
    ...layout(
      `Olá, ${name}.`,
      [
        'Um usuário foi criado para você no Origem, o sistema de certificados de origem.',
        'Defina a sua senha pelo link abaixo (válido por 72 horas, uso único).',
      ],
      { href: link, label: 'Definir a senha' },
    ),
  };
}
