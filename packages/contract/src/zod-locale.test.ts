import './zod-locale';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages.pt';

const schema = z
  .object({
    missing: z.string(),
    number: z.number().int().min(1),
    choice: z.enum(['x', 'y']),
    email: z.string().email(),
    short: z.string().max(3),
    coerced: z.coerce.number(),
    list: z.array(z.string()).min(2),
    flag: z.boolean(),
    digits: z.string().regex(/^\d+$/),
    literal: z.literal('k'),
    small: z.number().min(10),
    big: z.number().max(5),
    filled: z.string().min(1),
    site: z.string().url(),
  })
  .strict();

const input = {
  number: 'x',
  choice: 'z',
  email: 'no',
  short: 'abcd',
  coerced: 'zz',
  list: ['a'],
  flag: 'yes',
  digits: 'a',
  literal: 'q',
  small: 2,
  big: 9,
  filled: '',
  site: 'nada',
  extra: 1,
};

const byField = () => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('deveria falhar');
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
};

describe('zod messages in Brazilian Portuguese (issue 9)', () => {
  it('says per field what to type, never the validator internals', () => {
    expect(byField()).toEqual({
      missing: messages.field.required,
      number: 'Informe um número.',
      choice: messages.field.invalidOption,
      email: messages.field.email,
      short: messages.field.tooLong(3),
      coerced: 'Informe um número.',
      list: 'Escolha ao menos 2 itens.',
      flag: 'Informe sim ou não.',
      digits: 'Formato inválido.',
      literal: messages.field.invalidOption,
      small: 'Informe um valor a partir de 10.',
      big: 'Informe um valor até 5.',
      filled: messages.field.required,
      site: 'Informe um endereço válido (ex.: https://www.exemplo.org.br).',
      _: 'Campo não reconhecido: extra.',
    });
  });

  it('leaves no English nor European Portuguese validator wording', () => {
    for (const message of Object.values(byField())) {
      expect(message).not.toMatch(/esperava|recebeu|Demasiado|Entrada inválida|Invalid|expected|received/);
    }
  });

  it('keeps the message a schema gives itself', () => {
    const own = z.string({ error: 'Escolha o exportador.' });
    expect(own.safeParse(undefined).error?.issues[0]?.message).toBe('Escolha o exportador.');
  });
});
