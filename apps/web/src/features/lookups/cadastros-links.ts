import type { Permission } from '@origem/contract/permissions';

export type CadastroLink = { to: string; title: string; hint: string; permission: Permission };

/**
 * The other reference-data screens of the Cadastros menu, offered from the hub too. Titles, paths and
 * permissions mirror the route table (a test keeps them in step).
 */
export const OTHER_CADASTROS: readonly CadastroLink[] = [
  {
    to: '/acordos',
    title: 'Acordos',
    hint: 'Acordos comerciais, com seu tipo de classificação e modelo de certificado.',
    permission: 'reference_data.view',
  },
  {
    to: '/normas-origem',
    title: 'Normas de origem',
    hint: 'Normas que definem a origem das mercadorias em cada acordo.',
    permission: 'reference_data.view',
  },
  {
    to: '/cadastros/ncm',
    title: 'Tabela NCM',
    hint: 'Códigos da Nomenclatura Comum do Mercosul e suas correspondências NALADI.',
    permission: 'reference_data.view',
  },
  {
    to: '/cadastros/listas-classificacao',
    title: 'Listas de classificação',
    hint: 'Arquivos CSV com a classificação das mercadorias por acordo.',
    permission: 'reference_data.view',
  },
  {
    to: '/cadastros/modelos-certificado',
    title: 'Modelos de certificado',
    hint: 'A configuração do certificado emitido em cada acordo.',
    permission: 'reference_data.view',
  },
];
