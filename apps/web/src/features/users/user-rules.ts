import { messages } from '@origem/contract/messages.pt';
import { ASSIGNABLE_ROLE_TYPES, type RoleType } from '@origem/contract/permissions';
import type { UserDetail } from '@origem/contract/schemas/auth';
import { type User, type UserInput, userInputSchema } from '@origem/contract/schemas/users';
import { formatNameWithTaxId } from '../../ui/format';
import type { TypeAheadSource } from '../../ui/type-ahead-select';

/** The placement field a role's type asks for (the server decides placement from it, see users/service.ts). */
export type EntityField =
  | 'trade_association_id'
  | 'federation_id'
  | 'confederation_id'
  | 'exporter_id'
  | 'dispatcher_id';

/** An exporter or dispatcher as its paged list answers it (the type-ahead's rows). */
export type PartyOption = { id: number; name: string; cpf?: string | null; cnpj?: string | null };

/** A type-ahead over a party list (they grow by the thousand): GET {base}?name, the chosen one from {base}/{id}. */
function partySource(base: string): TypeAheadSource<PartyOption> {
  return {
    path: base,
    searchParam: 'name',
    toOption: (party) => ({ value: party.id, label: formatNameWithTaxId(party) }),
    detailPath: (id) => `${base}/${id}`,
  };
}

export type EntityFieldSpec = {
  label: string;
  /** The `…/all` list of a small table (associations, federations, confederations). */
  path: string;
  required: string;
  /** A table that grows is searched instead (exporters, dispatchers). */
  typeAhead?: TypeAheadSource<PartyOption>;
};

export const ENTITY_FIELDS: Record<EntityField, EntityFieldSpec> = {
  trade_association_id: {
    label: 'Associação comercial',
    path: '/v1/trade_association/all',
    required: messages.user.associationRequired,
  },
  federation_id: {
    label: 'Federação',
    path: '/v1/federation/all',
    required: messages.user.federationRequired,
  },
  confederation_id: {
    label: 'Confederação',
    path: '/v2/confederation/all',
    required: messages.user.confederationRequired,
  },
  // The user acts for the record; the server takes the association from it.
  exporter_id: {
    label: 'Exportador',
    path: '/v1/exporter/all',
    required: messages.user.exporterRequired,
    typeAhead: partySource('/v1/exporter'),
  },
  dispatcher_id: {
    label: 'Despachante',
    path: '/v1/dispatcher/all',
    required: messages.user.dispatcherRequired,
    typeAhead: partySource('/v1/dispatcher'),
  },
};

const ENTITY_FIELD_NAMES = Object.keys(ENTITY_FIELDS) as EntityField[];

/**
 * Which entity select the form shows for a role type: none before a role is chosen and for admin; the
 * confederation or federation for those roles; the exporter or dispatcher the user acts for; the association for
 * the other types (association staff, manufacturers), as the server does.
 */
export function entityFieldFor(roleType: string | null | undefined): EntityField | null {
  if (!roleType || roleType === 'admin') return null;
  if (roleType === 'confederacao') return 'confederation_id';
  if (roleType === 'federacao') return 'federation_id';
  if (roleType === 'exportador') return 'exporter_id';
  if (roleType === 'despachante') return 'dispatcher_id';
  return 'trade_association_id';
}

/** The payload with only the entity the role needs; the others are sent empty (hidden fields keep no value). */
export function withPlacement(input: UserInput, roleType: string | null | undefined): UserInput {
  const keep = entityFieldFor(roleType);
  const placement = Object.fromEntries(
    ENTITY_FIELD_NAMES.map((field) => [field, field === keep ? input[field] : null]),
  ) as Pick<UserInput, EntityField>;
  return { ...input, ...placement };
}

/**
 * The contract's user schema plus the rule the server applies on save: the entity of the chosen role's type is
 * required. `roleTypeOf` looks the type up in the loaded role options (unknown while they load: no rule yet).
 */
export function userFormSchema(roleTypeOf: (roleId: unknown) => string | undefined) {
  return userInputSchema.superRefine((values, ctx) => {
    const field = entityFieldFor(roleTypeOf(values.role_id));
    if (field && !values[field]) {
      ctx.addIssue({ code: 'custom', path: [field], message: ENTITY_FIELDS[field].required });
    }
  });
}

/** What the form edits: the contract input, with '' for empty text and undefined for an empty select. */
export type UserFormValues = {
  name: string;
  email: string;
  cpf: string;
  cnpj: string;
  phone: string;
  role_id: number | undefined;
  trade_association_id: number | undefined;
  federation_id: number | undefined;
  confederation_id: number | undefined;
  exporter_id: number | undefined;
  dispatcher_id: number | undefined;
  active: boolean;
};

/**
 * Starting values: the user's own when editing; for a new user the manager's own entities are suggested
 * (an association's manager creates users of its association; the server enforces it anyway).
 */
export function userFormDefaults(user: User | undefined, actor: UserDetail | null): UserFormValues {
  if (user) {
    return {
      name: user.name,
      email: user.email,
      cpf: user.cpf ?? '',
      cnpj: user.cnpj ?? '',
      phone: user.phone ?? '',
      role_id: user.role_id,
      trade_association_id: user.trade_association_id ?? undefined,
      federation_id: user.federation_id ?? undefined,
      confederation_id: user.confederation_id ?? undefined,
      exporter_id: user.exporter_id ?? undefined,
      dispatcher_id: user.dispatcher_id ?? undefined,
      active: user.active,
    };
  }
  return {
    name: '',
    email: '',
    cpf: '',
    cnpj: '',
    phone: '',
    role_id: undefined,
    trade_association_id: actor?.trade_association?.id ?? undefined,
    federation_id: actor?.federation?.id ?? undefined,
    confederation_id: actor?.confederation_id ?? undefined,
    exporter_id: undefined,
    dispatcher_id: undefined,
    active: true,
  };
}

/** The entity shown in the list: the association, else the federation, else the confederation. */
export function entityName(
  user: Pick<User, 'exporter' | 'dispatcher' | 'trade_association' | 'federation' | 'confederation'>,
): string {
  return (
    user.exporter?.name ??
    user.dispatcher?.name ??
    user.trade_association?.name ??
    user.federation?.name ??
    user.confederation?.name ??
    '—'
  );
}

type Target = { id: number; role: { type: string } };

function mayHandOut(actor: UserDetail, roleType: string): boolean {
  const own = actor.role.type;
  if (!(own in ASSIGNABLE_ROLE_TYPES)) return false;
  return (ASSIGNABLE_ROLE_TYPES[own as RoleType] as readonly string[]).includes(roleType);
}

/**
 * Whether the actor may edit this user: `user.manage`, and either itself or a user whose role it could have
 * handed out (an association's manager sees its exporters' users but does not manage them).
 */
export function canEditUser(actor: UserDetail | null, target: Target): boolean {
  if (!actor?.permissions.includes('user.manage')) return false;
  return target.id === actor.id || mayHandOut(actor, target.role.type);
}

/** Whether the actor may delete this user: never itself, and only users whose role it could have handed out. */
export function canDeleteUser(actor: UserDetail | null, target: Target): boolean {
  if (!actor?.permissions.includes('user.manage')) return false;
  return target.id !== actor.id && mayHandOut(actor, target.role.type);
}
