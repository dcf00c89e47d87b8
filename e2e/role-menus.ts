// What each demo role must and must not find in its side menu: the built screens its permissions reach (DOMAIN.md
// §2 default matrix). Screens not built yet are in nobody's menu (issue 9, item 6).
export const MENUS: Record<string, { sees: string[]; hidden: string[] }> = {
  admin: {
    sees: [
      'Usuários',
      'Perfis',
      'Auditoria',
      'Regras de origem',
      'Federações',
      'Pré-cadastros',
      'Tarefas em segundo plano',
      'Tokens de API dos usuários',
      'Assinatura em nuvem',
    ],
    hidden: ['Webhooks'],
  },
  analista: {
    sees: [
      'Regras de origem',
      'Pré-cadastros',
      'Usuários',
      'Auditoria',
      'Exportadores',
      'Webhooks',
      'Importar certificados',
    ],
    hidden: ['Perfis', 'Tarefas em segundo plano', 'Tokens de API dos usuários', 'Assinatura em nuvem'],
  },
  associacao: {
    sees: ['Usuários', 'Auditoria', 'Pré-cadastros', 'Empresas', 'Webhooks'],
    hidden: ['Perfis', 'Regras de origem', 'Importar certificados'],
  },
  federacao: {
    sees: ['Usuários', 'Auditoria', 'Associações comerciais'],
    hidden: ['Perfis', 'Regras de origem', 'Webhooks', 'Importar certificados'],
  },
  confederacao: {
    sees: ['Auditoria', 'Confederações', 'Federações'],
    hidden: ['Perfis', 'Regras de origem', 'Webhooks'],
  },
  exportador: {
    sees: [
      'Empresas',
      'Responsáveis legais',
      'Exportadores',
      'Vínculos do exportador',
      'Webhooks',
      'Importar certificados',
    ],
    hidden: [
      'Usuários',
      'Perfis',
      'Auditoria',
      'Regras de origem',
      'Pré-cadastros',
      'Despachantes',
      'Vínculos do despachante',
    ],
  },
  despachante: {
    sees: [
      'Empresas',
      'Exportadores',
      'Despachantes',
      'Vínculos do despachante',
      'Webhooks',
      'Importar certificados',
    ],
    hidden: [
      'Usuários',
      'Auditoria',
      'Perfis',
      'Regras de origem',
      'Pré-cadastros',
      'Vínculos do exportador',
    ],
  },
  fabricante: {
    sees: ['Empresas', 'Acordos'],
    hidden: [
      'Usuários',
      'Auditoria',
      'Regras de origem',
      'Exportadores',
      'Webhooks',
      'Importar certificados',
    ],
  },
};
