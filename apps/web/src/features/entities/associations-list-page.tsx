import type { Association } from '@origem/contract/schemas/entities';
import { Typography } from 'antd';
import { taxIdColumn } from '../../ui/table-cells';
import { associationsApi } from './api/entity-api';
import { placeColumn } from './entity-columns';
import { EntityListPage, type EntityListView } from './entity-list-page';
import { associationPath } from './entity-paths';

const view: EntityListView<Association> = {
  kind: 'association',
  title: 'Associações comerciais',
  hint: 'As entidades emissoras: dados, EHId, logo e taxas por acordo.',
  label: 'Lista de associações comerciais',
  newLabel: 'Nova associação',
  noun: 'a associação',
  namePlaceholder: 'Nome, sigla ou EHId',
  emptyText: 'Nenhuma associação comercial encontrada.',
  emptyHint: 'Cadastre a primeira associação em "Nova associação".',
  scrollX: 900,
  pathOf: associationPath,
  api: associationsApi,
  deletionNote: () =>
    'A tabela de taxas da associação também será excluída. Esta ação não pode ser desfeita.',
  columns: [
    {
      title: 'EHId',
      dataIndex: 'ehid',
      key: 'ehid',
      width: 80,
      render: (ehid: string | null) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {ehid ?? '—'}
        </Typography.Text>
      ),
    },
    taxIdColumn('cnpj'),
    placeColumn(),
    { title: 'Federação', key: 'federation', render: (_, row) => row.federation?.name ?? '—' },
  ],
};

/** /associacoes: the trade associations (issuing entities) the session reaches, with the name filter in the URL. */
export function AssociationsListPage() {
  return <EntityListPage view={view} />;
}
