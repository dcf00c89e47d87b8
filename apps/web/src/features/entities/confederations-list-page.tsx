import type { Confederation } from '@origem/contract/schemas/entities';
import { taxIdColumn } from '../../ui/table-cells';
import { confederationsApi } from './api/entity-api';
import { placeColumn } from './entity-columns';
import { EntityListPage, type EntityListView } from './entity-list-page';
import { confederationPath } from './entity-paths';

const view: EntityListView<Confederation> = {
  kind: 'confederation',
  title: 'Confederações',
  hint: 'Confederações que reúnem as federações de associações comerciais.',
  label: 'Lista de confederações',
  newLabel: 'Nova confederação',
  noun: 'a confederação',
  namePlaceholder: 'Nome ou sigla',
  emptyText: 'Nenhuma confederação encontrada.',
  emptyHint: 'Cadastre a primeira confederação em "Nova confederação".',
  scrollX: 860,
  pathOf: confederationPath,
  api: confederationsApi,
  deletionNote: (row) =>
    row.federations_count > 0
      ? 'Há federações nesta confederação: a exclusão só é possível depois de movê-las ou excluí-las.'
      : 'Esta ação não pode ser desfeita.',
  columns: [
    {
      title: 'Código',
      dataIndex: 'confederation_code',
      key: 'code',
      render: (code: string | null) => code ?? '—',
    },
    taxIdColumn('cnpj'),
    placeColumn(),
    {
      title: 'Federações',
      dataIndex: 'federations_count',
      key: 'federations_count',
      align: 'right',
      render: (n: number) => n.toLocaleString('pt-BR'),
    },
  ],
};

/** /confederacoes: the confederations, by name, with the name filter in the URL; CNPJ masked. */
export function ConfederationsListPage() {
  return <EntityListPage view={view} />;
}
