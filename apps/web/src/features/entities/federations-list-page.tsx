import type { Federation } from '@origem/contract/schemas/entities';
import { taxIdColumn } from '../../ui/table-cells';
import { federationsApi } from './api/entity-api';
import { placeColumn } from './entity-columns';
import { EntityListPage, type EntityListView } from './entity-list-page';
import { federationPath } from './entity-paths';

const view: EntityListView<Federation> = {
  kind: 'federation',
  title: 'Federações',
  hint: 'Federações das associações comerciais, com seus dados, logo e associações.',
  label: 'Lista de federações',
  newLabel: 'Nova federação',
  noun: 'a federação',
  namePlaceholder: 'Nome ou sigla',
  emptyText: 'Nenhuma federação encontrada.',
  emptyHint: 'Cadastre a primeira federação em "Nova federação".',
  scrollX: 900,
  pathOf: federationPath,
  api: federationsApi,
  deletionNote: (row) =>
    row.associations_count > 0
      ? 'Há associações comerciais nesta federação: a exclusão só é possível depois de movê-las ou excluí-las.'
      : 'Esta ação não pode ser desfeita.',
  columns: [
    taxIdColumn('cnpj'),
    placeColumn(),
    { title: 'Confederação', key: 'confederation', render: (_, row) => row.confederation?.name ?? '—' },
    {
      title: 'Associações',
      dataIndex: 'associations_count',
      key: 'associations_count',
      align: 'right',
      render: (n: number) => n.toLocaleString('pt-BR'),
    },
  ],
};

/** /federacoes: the federations the session reaches, by name, with the name filter in the URL. */
export function FederationsListPage() {
  return <EntityListPage view={view} />;
}
