import { z } from 'zod';
import { messages } from './messages.pt';

/**
 * Brazilian Portuguese default messages for every schema (both sides import this once at start). zod's own `pt`
 * locale is European and technical ("Entrada inválida: esperava um número, recebeu um texto", "Demasiado
 * grande: esperava que o texto tivesse <= 3 caracteres"); a user reads these next to a field, so they say what to
 * type instead. Schemas that give their own message keep it.
 */

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
const amount = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('pt-BR'));

/** What a field of each type asks for, said to the user. */
const EXPECTED: Record<string, string> = {
  string: 'Informe um texto.',
  number: 'Informe um número.',
  int: 'Informe um número inteiro.',
  bigint: 'Informe um número inteiro.',
  boolean: 'Informe sim ou não.',
  date: messages.field.date,
  array: 'Informe uma lista de valores.',
  object: 'Envie os dados do formulário.',
  file: 'Envie um arquivo.',
};

type Issue = z.core.$ZodRawIssue;

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return min <= 1 ? messages.field.required : messages.field.tooShort(min);
    case 'array':
    case 'set':
      return min <= 1 ? 'Escolha ao menos um item.' : `Escolha ao menos ${plural(min, 'item', 'itens')}.`;
    case 'date':
      return 'Informe uma data posterior.';
    case 'file':
      return 'O arquivo enviado está vazio.';
    default:
      return issue.inclusive
        ? `Informe um valor a partir de ${amount(issue.minimum as number)}.`
        : `Informe um valor maior que ${amount(issue.minimum as number)}.`;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return messages.field.tooLong(max);
    case 'array':
    case 'set':
      return `Escolha no máximo ${plural(max, 'item', 'itens')}.`;
    case 'date':
      return 'Informe uma data anterior.';
    case 'file':
      return 'O arquivo excede o tamanho permitido.';
    default:
      return issue.inclusive
        ? `Informe um valor até ${amount(issue.maximum as number)}.`
        : `Informe um valor menor que ${amount(issue.maximum as number)}.`;
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return messages.field.email;
    case 'url':
      return 'Informe um endereço válido (ex.: https://www.exemplo.org.br).';
    case 'date':
    case 'datetime':
      return messages.field.date;
    default:
      return 'Formato inválido.';
  }
}

export function portugueseMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      // Nothing sent for a field that needs a value: the most common case, said as the forms say it.
      if (issue.input === undefined || issue.input === null) return messages.field.required;
      if (issue.expected === 'number' && typeof issue.input === 'number' && Number.isNaN(issue.input))
        return EXPECTED.number as string;
      return EXPECTED[issue.expected] ?? 'Valor inválido.';
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return `Informe um múltiplo de ${amount(issue.divisor as number)}.`;
    case 'invalid_value':
      return messages.field.invalidOption;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Campo não reconhecido: ${issue.keys[0]}.`
        : `Campos não reconhecidos: ${issue.keys.join(', ')}.`;
    default:
      return 'Valor inválido.';
  }
}

z.config({ localeError: portugueseMessage });
