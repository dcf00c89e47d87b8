import { messages } from '@origem/contract/messages.pt';
import { ROLE_TYPE_KEYS, type RoleType } from '@origem/contract/permissions';
import { type Role, roleInputSchema } from '@origem/contract/schemas/roles';
import { z } from 'zod';

/**
 * The contract's role payload, with one difference for the screen: an empty "Tipo" reads 'Campo obrigatório.'
 * (the contract's enum says 'Opção inválida.' for anything it does not know, which is right for the API).
 */
export const roleFormSchema = roleInputSchema.extend({
  type: z.enum(ROLE_TYPE_KEYS as [RoleType, ...RoleType[]], {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.field.required
        : messages.field.invalidOption,
  }),
});

export type RoleFormValues = z.input<typeof roleFormSchema>;

const isRoleType = (value: string): value is RoleType => (ROLE_TYPE_KEYS as string[]).includes(value);

/** Starting values of the form: the stored role, or a blank active role without permissions. */
export function roleFormDefaults(role?: Role): RoleFormValues {
  if (!role)
    return {
      display_name: '',
      name: '',
      type: undefined as unknown as RoleType,
      status: 'ATIVO',
      mfa_required: false,
      permissions: [],
    };
  return {
    display_name: role.display_name,
    name: role.name,
    type: (isRoleType(role.type) ? role.type : undefined) as RoleType,
    status: role.status === 'INATIVO' ? 'INATIVO' : 'ATIVO',
    mfa_required: role.mfa_required,
    permissions: [...role.permissions].sort((a, b) => a - b),
  };
}

/** What the form may change for this role. */
export type RoleLocks = {
  /** System roles keep their identifier and type (the code and the row scoping rely on them). */
  name: boolean;
  type: boolean;
  /** The administrator role stays active. */
  status: boolean;
  /** Why the type is locked, for the field's hint. */
  typeReason: string | null;
};

export function roleLocks(role?: Role): RoleLocks {
  if (!role) return { name: false, type: false, status: false, typeReason: null };
  const typeReason = role.system
    ? 'Não pode ser alterado em perfis do sistema.'
    : role.users_count > 0
      ? messages.role.typeInUse
      : null;
  return { name: role.system, type: typeReason !== null, status: role.name === 'admin', typeReason };
}
