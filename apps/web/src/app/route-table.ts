import {
  COD_INSPECTION_ROLE_TYPES,
  type Permission,
  type RoleSlug,
  type RoleType,
} from '@origem/contract/permissions';

/** Side-menu areas, in menu order (UX.md). */
export const MENU_GROUPS = [
  { key: 'inicio', label: 'Início' },
  { key: 'certificados', label: 'Certificados' },
  { key: 'declaracoes', label: 'Declarações' },
  { key: 'vinculos', label: 'Vínculos' },
  { key: 'cadastros', label: 'Cadastros' },
  { key: 'relatorios', label: 'Relatórios' },
  { key: 'integracoes', label: 'Integrações' },
  { key: 'administracao', label: 'Administração' },
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number]['key'];

export type RouteEntry = {
  /** TanStack Router path ('$id' is a parameter). */
  path: string;
  /** Screen name: menu label and document title. */
  title: string;
  /** 'public' routes are exempt from the sign-in guard (SPEC §2). */
  access: 'public' | 'protected';
  /** 'main' = side menu and header; 'public' = centered page without menu. */
  layout: 'main' | 'public';
  /** Menu area where the screen is listed; screens without it (details, analyses) are reached from lists. */
  menu?: MenuGroup;
  /** Permission the menu item needs (packages/contract/src/permissions.ts). */
  permission?: Permission;
  /** Only these roles may open the route; others go to '/' (SPEC §2: /regras-origem). */
  roles?: readonly RoleSlug[];
  /** Menu item shown only to these role types (screens the spec names for one side of a link). */
  audience?: readonly RoleType[];
  /** The list a detail screen belongs to: keeps its menu item highlighted. */
  parent?: string;
};

// The helpers keep each path and layout as literal types: the router's types (typed links and search params) are
// built from them.
const pub = <const P extends string>(path: P, title: string) =>
  ({ path, title, access: 'public', layout: 'public' }) as const satisfies RouteEntry;
const screen = <const P extends string>(
  path: P,
  title: string,
  extra: Omit<Partial<RouteEntry>, 'path' | 'title' | 'access' | 'layout'> = {},
) => ({ ...extra, path, title, access: 'protected', layout: 'main' }) as const satisfies RouteEntry;

const STAFF: readonly RoleType[] = ['admin', 'confederacao', 'federacao', 'associacao'];

/**
 * Every route of SPEC §2, once. The router and the side menu are both built from this list,
 * so a screen cannot be in the menu without a route, nor routed under another name.
 */
const ROUTE_LIST = [
  // Public pages.
  pub('/welcome', 'Bem-vindo'),
  pub('/login', 'Entrar'),
  pub('/esqueceu-senha', 'Esqueceu a senha'),
  // Exempt only when it carries ?token= (link from the e-mail); otherwise it is the signed-in password change.
  { path: '/redefinir-senha', title: 'Redefinir senha', access: 'protected', layout: 'public' },
  // Issue 24: the second factor a role requires, set up before anything else.
  {
    path: '/ativar-verificacao',
    title: 'Ativar a verificação em duas etapas',
    access: 'protected',
    layout: 'public',
  },
  // Issue 24: the signed-in user's own account (second factor, sessions), from the header's user menu.
  screen('/minha-conta', 'Minha conta'),
  pub('/manutencao', 'Manutenção'),
  pub('/pre-cadastro', 'Pré-cadastro'),
  pub('/pre-cadastro-pendencia/$id', 'Pendência do pré-cadastro'),
  // Issue 13: the page the printed certificate's QR code opens, for customs officers (no sign-in).
  pub('/verificar/$code', 'Verificação de certificado'),
  // Issue 14: the same page's COD file check, for a visitor who has only the XML.
  pub('/verificar-cod', 'Verificação de COD'),
  // Issue 37: any signed PDF or COD XML, reported in the reader's language.
  pub('/verificar-documento', 'Verificar documento'),

  // Home: public, but inside the main layout when signed in.
  { path: '/', title: 'Início', access: 'public', layout: 'main', menu: 'inicio' },

  // Certificados.
  screen('/certificado', 'Certificados', { menu: 'certificados', permission: 'certificate.view' }),
  screen('/certificado/$id', 'Certificado', { permission: 'certificate.view', parent: '/certificado' }),
  screen('/certificado-analise/$id', 'Análise de certificado', {
    permission: 'certificate.analyse',
    parent: '/certificado',
  }),
  screen('/certificado-consulta/$id', 'Consulta de certificado', {
    permission: 'certificate.view',
    parent: '/certificado',
  }),
  screen('/certificados/importar', 'Importar certificados', {
    menu: 'certificados',
    permission: 'certificate.import',
  }),
  screen('/certificados/inspecionar-cod', 'Inspecionar COD', {
    menu: 'certificados',
    permission: 'certificate.view',
    audience: COD_INSPECTION_ROLE_TYPES,
  }),
  screen('/assinatura-digital-a1/$id', 'Assinatura digital A1', { parent: '/certificado' }),
  screen('/assinatura-digital-a3/$id', 'Assinatura digital A3', { parent: '/certificado' }),
  // Issue 38: signing with a cloud certificate, and the address the provider sends the browser back to.
  screen('/assinatura-digital-nuvem/$id', 'Assinatura com certificado em nuvem', { parent: '/certificado' }),
  screen('/assinatura-nuvem/retorno', 'Retorno da assinatura em nuvem', { parent: '/certificado' }),

  // Declarações.
  screen('/declaracao', 'Declarações', { menu: 'declaracoes', permission: 'declaration.view' }),
  screen('/declaracao/$id', 'Declaração', { permission: 'declaration.view', parent: '/declaracao' }),
  screen('/declaracao-analise/$id', 'Análise de declaração', {
    permission: 'declaration.analyse',
    parent: '/declaracao',
  }),
  screen('/declaracao-consulta/$id', 'Consulta de declaração', {
    permission: 'declaration.view',
    parent: '/declaracao',
  }),

  // Vínculos.
  screen('/vinculo/lista-vinculos-despachante', 'Vínculos do despachante', {
    menu: 'vinculos',
    permission: 'link.view',
    audience: ['admin', 'despachante'],
  }),
  screen('/vinculo/lista-vinculos-exportador', 'Vínculos do exportador', {
    menu: 'vinculos',
    permission: 'link.view',
    audience: ['exportador'],
  }),
  screen('/vinculo/lista-vinculos-despachante-exportador', 'Vínculos despachante-exportador', {
    menu: 'vinculos',
    permission: 'link.view',
    audience: STAFF,
  }),
  screen('/vinculo/solicita-exportador', 'Solicitar vínculo com exportador', {
    menu: 'vinculos',
    permission: 'link.request',
    audience: ['despachante'],
  }),
  screen('/vinculo/solicita-despachante', 'Solicitar vínculo com despachante', {
    menu: 'vinculos',
    permission: 'link.request',
    audience: ['exportador'],
  }),
  screen('/vinculo/analise-vinculo/$id', 'Análise de vínculo', {
    // Either side decides on the other's request too, not only the association (DOMAIN.md §6).
    permission: 'link.view',
    parent: '/vinculo/lista-vinculos-despachante-exportador',
  }),
  screen('/vinculo_declaracao', 'Vínculos de declaração', {
    menu: 'vinculos',
    permission: 'declaration_link.view',
  }),

  // Cadastros.
  screen('/pre-cadastros', 'Pré-cadastros', { menu: 'cadastros', permission: 'pre_registration.view' }),
  screen('/pre-cadastro-analise/$id', 'Análise de pré-cadastro', {
    permission: 'pre_registration.analyse',
    parent: '/pre-cadastros',
  }),
  screen('/exportadores', 'Exportadores', { menu: 'cadastros', permission: 'exporter.view' }),
  screen('/exportador/$id', 'Exportador', { permission: 'exporter.view', parent: '/exportadores' }),
  screen('/despachantes', 'Despachantes', { menu: 'cadastros', permission: 'dispatcher.view' }),
  screen('/despachante/$id', 'Despachante', { permission: 'dispatcher.view', parent: '/despachantes' }),
  screen('/empresas', 'Empresas', { menu: 'cadastros', permission: 'company.view' }),
  screen('/empresas-fab/$id', 'Empresa fabricante', { permission: 'company.view', parent: '/fabricantes' }),
  screen('/empresas-imp-int/$id', 'Empresa importadora ou interveniente', {
    permission: 'company.view',
    parent: '/importadores',
  }),
  screen('/importadores', 'Importadores', { menu: 'cadastros', permission: 'company.view' }),
  screen('/consignatarios', 'Consignatários', { menu: 'cadastros', permission: 'company.view' }),
  screen('/fabricantes', 'Fabricantes', { menu: 'cadastros', permission: 'company.view' }),
  screen('/responsavel-legal', 'Responsáveis legais', {
    menu: 'cadastros',
    permission: 'legal_representative.view',
  }),
  screen('/responsavel-legal/$id', 'Responsável legal', {
    permission: 'legal_representative.view',
    parent: '/responsavel-legal',
  }),
  screen('/acordos', 'Acordos', { menu: 'cadastros', permission: 'reference_data.view' }),
  screen('/acordos/$id', 'Acordo', { permission: 'reference_data.view', parent: '/acordos' }),
  screen('/normas-origem', 'Normas de origem', { menu: 'cadastros', permission: 'reference_data.view' }),
  screen('/normas-origem/$id', 'Norma de origem', {
    permission: 'reference_data.view',
    parent: '/normas-origem',
  }),
  screen('/regras-origem', 'Regras de origem', {
    menu: 'cadastros',
    permission: 'origin_rule.view',
    roles: ['admin', 'analista'],
  }),
  screen('/regras-origem/$id', 'Regra de origem', {
    permission: 'origin_rule.view',
    roles: ['admin', 'analista'],
    parent: '/regras-origem',
  }),

  // Cadastros: routes of our design (issue 3), beyond SPEC §2.
  screen('/cadastros', 'Tabelas auxiliares', { menu: 'cadastros', permission: 'reference_data.view' }),
  screen('/cadastros/tabelas/$slug', 'Tabela auxiliar', {
    permission: 'reference_data.view',
    parent: '/cadastros',
  }),
  screen('/cadastros/ncm', 'Tabela NCM', { menu: 'cadastros', permission: 'reference_data.view' }),
  screen('/cadastros/listas-classificacao', 'Listas de classificação', {
    menu: 'cadastros',
    permission: 'reference_data.view',
  }),
  screen('/cadastros/modelos-certificado', 'Modelos de certificado', {
    menu: 'cadastros',
    permission: 'reference_data.view',
  }),
  screen('/cadastros/modelos-certificado/$dealId', 'Modelo de certificado', {
    permission: 'reference_data.view',
    parent: '/cadastros/modelos-certificado',
  }),

  // Relatórios.
  screen('/relatorios/faturamento-ac', 'Faturamento por associação', {
    menu: 'relatorios',
    permission: 'report.billing',
  }),
  screen('/relatorios/faturamento-federacao', 'Faturamento por federação', {
    menu: 'relatorios',
    permission: 'report.billing',
  }),
  screen('/relatorios/faturamento-exportador', 'Faturamento por exportador', {
    menu: 'relatorios',
    permission: 'report.billing',
  }),
  screen('/relatorios/faturamento-despachante', 'Faturamento por despachante', {
    menu: 'relatorios',
    permission: 'report.billing',
  }),
  screen('/relatorios/pre-recibo', 'Pré-recibo', { menu: 'relatorios', permission: 'report.billing' }),

  // Administração.
  screen('/usuarios', 'Usuários', { menu: 'administracao', permission: 'user.view' }),
  screen('/usuarios/$id', 'Usuário', { permission: 'user.view', parent: '/usuarios' }),
  screen('/configuracao/perfil', 'Perfis', { menu: 'administracao', permission: 'role.manage' }),
  screen('/configuracao/perfil/$id', 'Perfil', { permission: 'role.manage', parent: '/configuracao/perfil' }),
  screen('/confederacoes', 'Confederações', { menu: 'administracao', permission: 'entity.view' }),
  screen('/confederacao/$id', 'Confederação', { permission: 'entity.view', parent: '/confederacoes' }),
  screen('/federacoes', 'Federações', { menu: 'administracao', permission: 'entity.view' }),
  screen('/federacoes/$id', 'Federação', { permission: 'entity.view', parent: '/federacoes' }),
  screen('/associacoes', 'Associações comerciais', { menu: 'administracao', permission: 'entity.view' }),
  screen('/associacoes/$id', 'Associação comercial', { permission: 'entity.view', parent: '/associacoes' }),
  screen('/auditoria', 'Auditoria', { menu: 'administracao', permission: 'audit.view' }),
  screen('/administracao/tarefas', 'Tarefas em segundo plano', {
    menu: 'administracao',
    permission: 'system.jobs',
  }),
  // Issue 38: the cloud signature providers (the platform administrator's).
  screen('/administracao/assinatura-nuvem', 'Assinatura em nuvem', {
    menu: 'administracao',
    permission: 'system.cloud_signature',
    roles: ['admin'],
  }),
  // Issue 25: every user's API tokens (the platform administrator's).
  screen('/administracao/tokens', 'Tokens de API dos usuários', {
    menu: 'administracao',
    permission: 'user.manage',
    roles: ['admin'],
  }),

  // Integrações, issue 25: the parties that own records receive their events.
  screen('/integracoes/webhooks', 'Webhooks', {
    menu: 'integracoes',
    permission: 'certificate.view',
    audience: ['exportador', 'despachante', 'associacao'],
  }),

  // Minha conta (the header's user menu), issue 25.
  screen('/minha-conta/tokens', 'Tokens de API'),
] as const satisfies readonly RouteEntry[];
export const ROUTES: readonly RouteEntry[] = ROUTE_LIST;

/** Every path of the route table. */
export type RoutePath = (typeof ROUTE_LIST)[number]['path'];
/** The paths a layout frames ('public': centered page; 'main': side menu and header). */
export type LayoutPath<L extends RouteEntry['layout']> = Extract<
  (typeof ROUTE_LIST)[number],
  { layout: L }
>['path'];

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** True when a concrete pathname fits a route pattern ('$name' matches one segment). */
export function matchPath(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return false;
  return want.every((part, i) => part.startsWith('$') || part === have[i]);
}

/** The route entry for a pathname; literal routes win over parameterised ones. */
export function findRoute(pathname: string, routes: readonly RouteEntry[] = ROUTES): RouteEntry | undefined {
  const matches = routes.filter((route) => matchPath(route.path, pathname));
  return matches.find((route) => !route.path.includes('$')) ?? matches[0];
}
