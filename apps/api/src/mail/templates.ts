import type { OutgoingMail } from './outbox';

/**
 * Ends a sentence once: a name that already ends with a period ('Café Santista Exportadora Ltda.') or any other
 * closing mark takes no second one ('Ltda..' was what users saw).
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** 'Olá, Ana.' / 'Olá, Café Santista Exportadora Ltda.' */
export const hello = (name: string) => sentence(`Olá, ${name}`);

/** A period typed after a text that already ended with one ("Olá, ${name}." for a name ending in "Ltda."). */
const doubledPeriod = (text: string) => text.replace(/(^|[^.])\.\.$/, '$1.');

/** Plain, readable Portuguese mails; the link is the only thing that matters in each. */
export function layout(
  greetingLine: string,
  lines: string[],
  link: { href: string; label: string },
): Omit<OutgoingMail, 'to' | 'subject'> {
  const greeting = doubledPeriod(greetingLine);
  const paragraphs = lines.map(doubledPeriod);
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
      hello(name),
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
      hello(name),
      [
        'Um usuário foi criado para você no Origem, o sistema de certificados de origem.',
        'Defina a sua senha pelo link abaixo (válido por 72 horas, uso único).',
      ],
      { href: link, label: 'Definir a senha' },
    ),
  };
}

const brazilTime = (when: Date) =>
  when.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** Sent on a sign-in from a device and address the user never signed in from before. */
export function newDeviceMail(
  to: string,
  name: string,
  signIn: { device: string; address: string; when: Date; link: string },
): OutgoingMail {
  return {
    to,
    subject: 'Origem — novo acesso à sua conta',
    ...layout(
      hello(name),
      [
        `Houve um acesso à sua conta em ${brazilTime(signIn.when)} (horário de Brasília), de ${signIn.device}, endereço ${signIn.address}.`,
        'Se foi você, nada a fazer. Se não foi, encerre a sessão em "Minha conta" e troque a sua senha.',
      ],
      { href: signIn.link, label: 'Ver as sessões ativas' },
    ),
  };
}

/** Sent when an administrator removes the user's second factor. */
export function mfaResetMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Origem — verificação em duas etapas redefinida',
    ...layout(
      hello(name),
      [
        'Um administrador redefiniu a verificação em duas etapas da sua conta e encerrou as suas sessões.',
        'Se o seu perfil a exige, você vai configurá-la de novo no próximo acesso. Se não pediu isso, fale com o administrador.',
      ],
      { href: link, label: 'Entrar no Origem' },
    ),
  };
}
