import { describe, expect, it } from 'vitest';
import { findRoute, matchPath, ROUTES } from './route-table';
import { DELIVERED_ROUTES, SCREENS } from './screens';

/** Every route of SPEC §2, as written there ({id} → $id). */
const SPEC_ROUTES = [
  '/',
  '/pre-cadastros',
  '/pre-cadastro-analise/$id',
  '/acordos',
  '/acordos/$id',
  '/regras-origem',
  '/regras-origem/$id',
  '/normas-origem',
  '/normas-origem/$id',
  '/despachantes',
  '/despachante/$id',
  '/exportadores',
  '/exportador/$id',
  '/empresas',
  '/empresas-fab/$id',
  '/empresas-imp-int/$id',
  '/importadores',
  '/consignatarios',
  '/fabricantes',
  '/responsavel-legal',
  '/responsavel-legal/$id',
  '/declaracao',
  '/declaracao/$id',
  '/declaracao-analise/$id',
  '/declaracao-consulta/$id',
  '/assinatura-digital-a1/$id',
  '/assinatura-digital-a3/$id',
  '/certificado',
  '/certificado/$id',
  '/certificado-analise/$id',
  '/certificado-consulta/$id',
  '/usuarios',
  '/usuarios/$id',
  '/configuracao/perfil',
  '/configuracao/perfil/$id',
  '/vinculo/lista-vinculos-despachante',
  '/vinculo/lista-vinculos-exportador',
  '/vinculo/solicita-exportador',
  '/vinculo/solicita-despachante',
  '/vinculo/lista-vinculos-despachante-exportador',
  '/vinculo/analise-vinculo/$id',
  '/relatorios/faturamento-ac',
  '/relatorios/faturamento-federacao',
  '/relatorios/faturamento-exportador',
  '/relatorios/faturamento-despachante',
  '/relatorios/pre-recibo',
  '/federacoes',
  '/federacoes/$id',
  '/associacoes',
  '/associacoes/$id',
  '/confederacoes',
  '/confederacao/$id',
  '/auditoria',
  '/vinculo_declaracao',
  '/pre-cadastro',
  '/pre-cadastro-pendencia/$id',
  '/welcome',
  '/login',
  '/esqueceu-senha',
  '/redefinir-senha',
  '/manutencao',
];

/** Routes of our own design that SPEC §2 leaves to us (issue 3: "a Cadastros section … routes of your design"). */
const OWN_ROUTES = [
  // Issue 24: the user's own account and the second factor its role requires.
  '/minha-conta',
  '/ativar-verificacao',
  '/cadastros',
  '/cadastros/tabelas/$slug',
  '/cadastros/ncm',
  '/cadastros/listas-classificacao',
  '/cadastros/modelos-certificado',
  '/cadastros/modelos-certificado/$dealId',
  // Issue 10: the administrator's view of the background jobs.
  '/administracao/tarefas',
  // Issue 13: the public verification page of a certificate's QR code.
  '/verificar/$code',
  // Issue 14: COD inspection in the back office and, for a visitor with only the XML, on the public side.
  '/certificados/inspecionar-cod',
  // Issue 25: batch import of certificate drafts.
  '/certificados/importar',
  '/verificar-cod',
  '/verificar-documento',
  // Issue 25: personal API tokens, and the administrator's list of all of them.
  '/minha-conta/tokens',
  '/administracao/tokens',
  '/integracoes/webhooks',
  // Issue 38: signing with a cloud certificate, the provider's return address and the providers' screen.
  '/assinatura-digital-nuvem/$id',
  '/assinatura-nuvem/retorno',
  '/administracao/assinatura-nuvem',
];

describe('route table', () => {
  it('has exactly the routes of SPEC §2 plus our Cadastros routes, once each', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES, ...OWN_ROUTES].sort());
  });

  it('binds delivered screens only to routes of the table', () => {
    for (const path of Object.keys(SCREENS)) {
      expect(
        ROUTES.some((route) => route.path === path),
        path,
      ).toBe(true);
    }
  });

  it('routes exactly the delivered screens: the others are metadata waiting for their screen', () => {
    expect(DELIVERED_ROUTES.map((route) => route.path).sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it('gives every menu item a permission, except Início', () => {
    const withoutPermission = ROUTES.filter((route) => route.menu && !route.permission).map(
      (route) => route.path,
    );
    expect(withoutPermission).toEqual(['/']);
  });

  it('matches parameters and prefers literal routes', () => {
    expect(matchPath('/usuarios/$id', '/usuarios/42')).toBe(true);
    expect(matchPath('/usuarios/$id', '/usuarios')).toBe(false);
    expect(findRoute('/usuarios/42')?.title).toBe('Usuário');
    expect(findRoute('/configuracao/perfil')?.title).toBe('Perfis');
    expect(findRoute('/nada')).toBeUndefined();
  });
});
