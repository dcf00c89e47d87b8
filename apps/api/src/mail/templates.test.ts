import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, tradeAssociations } from '../db/schema';
import { pendencyMail, reprovalMail } from '../modules/pre-registrations/mails';
import { createMailTestApp, type TestApp } from '../test/app';
import { mailText, type SmtpListener } from '../test/smtp';
import { hello, layout, passwordResetMail, sentence, welcomeMail } from './templates';

const COMPANY = 'Café Santista Exportadora Ltda.';

/** The text as the reader sees it: quoted-printable bytes (=C3=A1) back to UTF-8. */
describe('mail texts end each sentence once (issue 9, item 11: no "Ltda..")', () => {
  it('greets a company whose name ends with a period with that one period', () => {
    expect(hello(COMPANY)).toBe(`Olá, ${COMPANY}`);
    expect(hello('Ana')).toBe('Olá, Ana.');
    expect(sentence('Pronto!')).toBe('Pronto!');
  });

  it('every template, ours and the pre-registration ones, says "Ltda." and never "Ltda.."', () => {
    const mails = [
      welcomeMail('a@b.c', COMPANY, 'http://x/redefinir-senha?token=1'),
      passwordResetMail('a@b.c', COMPANY, 'http://x/redefinir-senha?token=1'),
      pendencyMail('a@b.c', COMPANY, 'Envie o contrato social assinado pela Indústria Ltda.', 'http://x/p'),
      reprovalMail('a@b.c', COMPANY, 'CNPJ de outra empresa Ltda.', 'http://x'),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(`Olá, ${COMPANY}\n`);
      expect(mail.text).not.toMatch(/[^.]\.\.(?!\.)/);
      expect(mail.html).not.toMatch(/[^.]\.\.(?!\.)/);
    }
  });

  it('keeps an ellipsis', () => {
    expect(layout('Olá, Ana.', ['Aguarde...'], { href: 'http://x', label: 'Abrir' }).text).toContain(
      'Aguarde...',
    );
  });
});

describe('the welcome mail a company user receives, through a real SMTP listener', () => {
  let smtp: SmtpListener;
  let t: TestApp;

  beforeAll(async () => {
    ({ t, smtp } = await createMailTestApp());
  });
  afterAll(() => t.close());

  it('greets "Ltda." once', async () => {
    const admin = await t.login('admin');
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'associacao'));
    const [association] = await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations);
    const res = await t.request('POST', '/v1/user', {
      token: admin,
      body: {
        name: 'Comercial Exemplo Ltda.',
        email: 'ltda@origem.local',
        role_id: role?.id,
        trade_association_id: association?.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mail.flush();
    const mail = smtp.mails.find((m) => m.to.includes('ltda@origem.local'));
    const body = mailText(mail?.raw ?? '');
    expect(body).toContain('Olá, Comercial Exemplo Ltda.');
    expect(body).not.toContain('Ltda..');
  });
});
