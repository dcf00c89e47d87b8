/**
 * The permission catalogue and the default role → permission matrix (DOMAIN.md §2).
 * Seeded into the database, editable at /configuracao/perfil; the code names are what routes require.
 */

export const ROLE_SLUGS = [
  'admin',
  'analista',
  'exportador',
  'despachante',
  'associacao',
  'federacao',
  'confederacao',
  'fabricante',
] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/** The staff who approve and sign: their roles require a second factor unless an admin turns it off (issue 24). */
export const MFA_REQUIRED_BY_DEFAULT: readonly RoleSlug[] = [
  'admin',
  'analista',
  'associacao',
  'federacao',
  'confederacao',
];

/** A role's type decides which rows its users reach (row scoping). */
export const ROLE_TYPES = {
  admin: 'Administração',
  confederacao: 'Confederação',
  federacao: 'Federação',
  associacao: 'Associação Comercial',
  exportador: 'Exportador',
  despachante: 'Despachante',
  fabricante: 'Fabricante',
} as const;
export type RoleType = keyof typeof ROLE_TYPES;
export const ROLE_TYPE_KEYS = Object.keys(ROLE_TYPES) as RoleType[];

export const ROLE_STATUS = { ATIVO: 'Ativo', INATIVO: 'Inativo' } as const;
export type RoleStatus = keyof typeof ROLE_STATUS;

export const SYSTEM_ROLES: Record<RoleSlug, { label: string; type: RoleType }> = {
  admin: { label: 'Administrador', type: 'admin' },
  analista: { label: 'Analista', type: 'associacao' },
  exportador: { label: 'Exportador', type: 'exportador' },
  despachante: { label: 'Despachante', type: 'despachante' },
  associacao: { label: 'Associação Comercial', type: 'associacao' },
  federacao: { label: 'Federação', type: 'federacao' },
  confederacao: { label: 'Confederação', type: 'confederacao' },
  fabricante: { label: 'Fabricante', type: 'fabricante' },
};

export const PERMISSION_GROUPS = {
  dashboard: 'Início',
  pre_registration: 'Pré-cadastros',
  reference_data: 'Cadastros e dados de referência',
  origin_rule: 'Regras de origem',
  party: 'Empresas, exportadores e despachantes',
  legal_representative: 'Responsáveis legais',
  declaration: 'Declarações',
  certificate: 'Certificados',
  link: 'Vínculos',
  report: 'Relatórios',
  entity: 'Confederações, federações e associações',
  user: 'Usuários',
  role: 'Perfis',
  audit: 'Auditoria',
  system: 'Sistema',
} as const;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

export const PERMISSIONS = {
  'dashboard.view': { group: 'dashboard', label: 'Ver o painel' },
  'pre_registration.view': { group: 'pre_registration', label: 'Ver pré-cadastros' },
  'pre_registration.analyse': { group: 'pre_registration', label: 'Analisar pré-cadastros' },
  'reference_data.view': { group: 'reference_data', label: 'Ver acordos, normas e tabelas' },
  'reference_data.manage': { group: 'reference_data', label: 'Manter acordos, normas e tabelas' },
  'origin_rule.view': { group: 'origin_rule', label: 'Ver regras de origem' },
  'origin_rule.manage': { group: 'origin_rule', label: 'Manter regras de origem' },
  'company.view': { group: 'party', label: 'Ver empresas' },
  'company.manage': { group: 'party', label: 'Manter empresas' },
  'exporter.view': { group: 'party', label: 'Ver exportadores' },
  'exporter.manage': { group: 'party', label: 'Manter exportadores' },
  'dispatcher.view': { group: 'party', label: 'Ver despachantes' },
  'dispatcher.manage': { group: 'party', label: 'Manter despachantes' },
  'legal_representative.view': { group: 'legal_representative', label: 'Ver responsáveis legais' },
  'legal_representative.manage': {
    group: 'legal_representative',
    label: 'Manter responsáveis legais',
  },
  'declaration.view': { group: 'declaration', label: 'Ver declarações' },
  'declaration.create': { group: 'declaration', label: 'Criar e enviar declarações' },
  'declaration.analyse': { group: 'declaration', label: 'Analisar declarações' },
  'certificate.view': { group: 'certificate', label: 'Ver certificados' },
  'certificate.create': { group: 'certificate', label: 'Criar e enviar certificados' },
  'certificate.import': { group: 'certificate', label: 'Importar rascunhos de certificados (planilha)' },
  'certificate.analyse': { group: 'certificate', label: 'Analisar certificados' },
  'certificate.sign_entity': { group: 'certificate', label: 'Assinar certificados pela entidade' },
  'link.view': { group: 'link', label: 'Ver vínculos' },
  'link.request': { group: 'link', label: 'Solicitar vínculos' },
  'link.analyse': { group: 'link', label: 'Analisar vínculos' },
  'declaration_link.view': { group: 'link', label: 'Ver vínculos de declaração' },
  'declaration_link.manage': { group: 'link', label: 'Solicitar e aprovar vínculos de declaração' },
  'report.billing': { group: 'report', label: 'Relatórios de faturamento' },
  'report.custom': { group: 'report', label: 'Relatórios personalizados' },
  'entity.view': { group: 'entity', label: 'Ver confederações, federações e associações' },
  'entity.manage': { group: 'entity', label: 'Manter confederações, federações e associações' },
  'user.view': { group: 'user', label: 'Ver usuários' },
  'user.manage': { group: 'user', label: 'Manter usuários' },
  'role.manage': { group: 'role', label: 'Manter perfis e permissões' },
  'audit.view': { group: 'audit', label: 'Ver e exportar a auditoria' },
  'system.jobs': { group: 'system', label: 'Ver e repetir as tarefas em segundo plano' },
  'system.cloud_signature': {
    group: 'system',
    label: 'Cadastrar os provedores de assinatura em nuvem (somente o administrador)',
  },
} as const satisfies Record<string, { group: PermissionGroup; label: string }>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const READ_ALL: Permission[] = [
  'dashboard.view',
  'pre_registration.view',
  'reference_data.view',
  'company.view',
  'exporter.view',
  'dispatcher.view',
  'legal_representative.view',
  'declaration.view',
  'certificate.view',
  'link.view',
  'declaration_link.view',
  'report.billing',
  'report.custom',
  'entity.view',
  'user.view',
  'audit.view',
];

const ENTITY_STAFF: Permission[] = [
  ...READ_ALL,
  'pre_registration.analyse',
  'company.manage',
  'exporter.manage',
  'dispatcher.manage',
  'legal_representative.manage',
  'declaration.analyse',
  'certificate.analyse',
  'certificate.sign_entity',
  'link.analyse',
  'declaration_link.manage',
];

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleSlug, Permission[]> = {
  admin: [...PERMISSION_NAMES],
  // SPEC §6: /regras-origem is only for admin and analista.
  analista: [...ENTITY_STAFF, 'origin_rule.view', 'origin_rule.manage', 'certificate.import'],
  associacao: [...ENTITY_STAFF, 'user.manage'],
  // DOMAIN.md §2: read and reports only (no user management).
  federacao: [...READ_ALL],
  confederacao: [...READ_ALL],
  exportador: [
    'dashboard.view',
    'reference_data.view',
    'company.view',
    'company.manage',
    'exporter.view',
    'legal_representative.view',
    'legal_representative.manage',
    'declaration.view',
    'declaration.create',
    'certificate.view',
    'certificate.create',
    'certificate.import',
    'link.view',
    'link.request',
    'declaration_link.view',
    'declaration_link.manage',
    'report.billing',
  ],
  despachante: [
    'dashboard.view',
    'reference_data.view',
    'company.view',
    'company.manage',
    'exporter.view',
    'dispatcher.view',
    'legal_representative.view',
    'declaration.view',
    'certificate.view',
    'certificate.create',
    'certificate.import',
    'link.view',
    'link.request',
    'report.billing',
  ],
  fabricante: [
    'dashboard.view',
    'reference_data.view',
    'company.view',
    'legal_representative.view',
    'legal_representative.manage',
    'declaration.view',
    'declaration.create',
    'declaration_link.view',
    'declaration_link.manage',
  ],
};

/** Which role types a non-admin user manager may hand out (their own scope and below). */
export const ASSIGNABLE_ROLE_TYPES: Record<RoleType, RoleType[]> = {
  admin: [...ROLE_TYPE_KEYS],
  confederacao: ['confederacao', 'federacao', 'associacao'],
  federacao: ['federacao', 'associacao'],
  associacao: ['associacao'],
  exportador: [],
  despachante: [],
  fabricante: [],
};

/**
 * Who may inspect a COD in the back office: the entities' staff and the administration (exporters use the public
 * page). Here, not beside its zod schemas, because the menu reads it and the menu is in the first screen's bundle.
 */
export const COD_INSPECTION_ROLE_TYPES = [
  'admin',
  'confederacao',
  'federacao',
  'associacao',
] as const satisfies readonly RoleType[];
