import { withCheckDigits } from '@origem/contract/validators/tax-id';
import type { PartValue } from '../../test/multipart';

/** Test support for the pre-registration suites: applicants with fresh tax ids and their social contract. */

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(200, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
export const pdf = (filename = 'contrato.pdf') => ({
  filename,
  content: PDF,
  contentType: 'application/pdf',
});

/** Fresh valid tax ids per call; `prefix` keeps two suites' numbers apart. */
export function taxIds(prefix: string) {
  let seq = 0;
  return {
    get seq() {
      return seq;
    },
    cnpj: () => {
      seq += 1;
      return withCheckDigits(`${prefix}${String(seq).padStart(8 - prefix.length, '0')}0001`);
    },
    cpf: () => {
      seq += 1;
      return withCheckDigits(`${prefix}${String(seq).padStart(9 - prefix.length, '0')}`);
    },
  };
}

/** A complete sign-up form of an exporter company at `association` (of `federation`). */
export function applicantParts(
  cnpj: string,
  n: number,
  place: { federation: number; association: number },
  overrides: Record<string, PartValue> = {},
): Record<string, PartValue> {
  return {
    profile_type: 'exportador',
    person_type_id: '2',
    cnpj: cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5'),
    name: `Exportadora Teste ${n} Ltda.`,
    email: `contato${n}@teste${n}.origem.local`,
    phone: '(13) 99876-5432',
    postcode: '11010-000',
    address: 'Rua do Porto',
    number: '10',
    neighborhood: 'Centro',
    city: 'Santos',
    state: 'SP',
    federation_id: String(place.federation),
    trade_association_id: String(place.association),
    social_contract: pdf(),
    ...overrides,
  };
}
