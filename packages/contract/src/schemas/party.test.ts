import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withCheckDigits } from '../validators/tax-id';
import { partyInputFields, refinePartyTaxId } from './party';

const schema = refinePartyTaxId(z.object(partyInputFields));
const base = { name: 'Exportadora Teste', trade_association_id: 1 };
const messagesOf = (input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('party input', () => {
  it('keeps only the tax id of the person type, unmasked', () => {
    const cnpj = withCheckDigits('112223330001');
    const parsed = schema.parse({
      ...base,
      person_type_id: '2',
      cnpj: `${cnpj.slice(0, 2)}.${cnpj.slice(2)}`,
      cpf: 'x',
    });
    expect(parsed.cnpj).toBe(cnpj);
    expect(parsed.cpf).toBeNull();
  });

  it('accepts the alphanumeric CNPJ', () => {
    const cnpj = withCheckDigits('12ABC34501DE');
    expect(schema.parse({ ...base, person_type_id: 2, cnpj }).cnpj).toBe(cnpj);
  });

  it('asks for the tax id the person type needs', () => {
    expect(messagesOf({ ...base, person_type_id: 1, cnpj: withCheckDigits('112223330001') })).toEqual([
      ['cpf', 'Informe o CPF.'],
    ]);
    expect(messagesOf({ ...base, person_type_id: 2 })).toEqual([['cnpj', 'Informe o CNPJ.']]);
  });

  it('reports a wrong CPF together with the other field errors', () => {
    expect(messagesOf({ ...base, name: '', person_type_id: 1, cpf: '111.111.111-12' })).toEqual([
      ['name', 'Campo obrigatório.'],
      ['cpf', 'CPF inválido.'],
    ]);
  });
});
