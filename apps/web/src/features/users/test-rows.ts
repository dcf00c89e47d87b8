import type { User } from '@origem/contract/schemas/users';

export const santos = { id: 3, name: 'Associação Comercial de Santos' };

/** A stored user: an analyst of the Santos association, its e-mail made from the first name. */
export function userRow(id: number, name: string, overrides: Partial<User> = {}): User {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@origem.local`,
    cpf: '22255588846',
    cnpj: null,
    phone: null,
    active: true,
    change_password: false,
    role_id: 2,
    role: { id: 2, name: 'analista', display_name: 'Analista', type: 'associacao' },
    trade_association_id: santos.id,
    trade_association: santos,
    federation_id: null,
    federation: null,
    confederation_id: null,
    confederation: null,
    exporter_id: null,
    exporter: null,
    dispatcher_id: null,
    dispatcher: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
