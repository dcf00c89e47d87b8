import { messages } from '@origem/contract/messages.pt';
import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Breadcrumb, Form, Input, Space, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { NotFoundResult } from '../../ui/status-pages';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteLookupRow } from './api/delete-lookup-row';
import { useLookupTable } from './api/list-lookup-rows';
import {
  canManageLookup,
  findLookup,
  LOOKUPS_HUB_PATH,
  lookupSearchQuery,
  parseRecordTarget,
  RECORD_PARAM,
  type RecordTarget,
} from './find-lookup';
import { lookupColumns } from './lookup-columns';
import { LookupFormModal } from './lookup-form-modal';
import { lowerFirst, newRecordLabel, rowLabel, searchPlaceholder, singularText } from './lookup-text';

type Search = Record<string, unknown>;

/** Opens and closes the form dialog through the URL (`?registro=…`), without adding history entries. */
function useRecordDialog() {
  const navigate = useNavigate();
  const raw = useSearch({ strict: false }) as Search;
  const target = parseRecordTarget(raw[RECORD_PARAM]);
  const open = useCallback(
    (next: RecordTarget) => {
      void navigate({
        to: '.',
        search: (prev: Search): Search => ({ ...prev, [RECORD_PARAM]: String(next) }),
        replace: true,
      });
    },
    [navigate],
  );
  const close = useCallback(
    () =>
      navigate({
        to: '.',
        search: (prev: Search): Search => {
          const { [RECORD_PARAM]: _closed, ...rest } = prev;
          return rest;
        },
        replace: true,
      }),
    [navigate],
  );
  return { target, open, close };
}

function LookupTableScreen({ def }: { def: LookupDefinition }) {
  const { can } = useSession();
  const manage = canManageLookup(def, can);
  const list = useListSearch(lookupSearchQuery);
  const table = useLookupTable(def, list);
  const removal = useDeleteLookupRow(def);
  const dialog = useRecordDialog();
  const { open } = dialog;

  const action: PrimaryAction | undefined = manage
    ? { label: newRecordLabel(def), permission: 'reference_data.manage', onClick: () => open('novo') }
    : undefined;
  const emptyAction = usePrimaryAction(action);

  const columns = useMemo(() => {
    if (!manage) return lookupColumns(def);
    const remove = (row: LookupRow) =>
      confirmDeletion(
        {
          title: `Excluir ${singularText(def)} "${rowLabel(def, row)}"?`,
          content: 'Esta ação não pode ser desfeita.',
        },
        async () => {
          await removal.mutateAsync(row.id);
          return messages.lookup.deleted;
        },
      );
    return lookupColumns(def, {
      onEdit: (row) => open(row.id),
      onDelete: (row) => void remove(row).catch(ignoreShownError),
    });
  }, [def, manage, open, removal.mutateAsync]);

  const hint = def.readOnly ? (
    <Space size={8} wrap>
      <span>{def.hint}</span>
      <Tag>Somente leitura</Tag>
    </Space>
  ) : (
    def.hint
  );

  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to={LOOKUPS_HUB_PATH}>Tabelas auxiliares</Link> }, { title: def.title }]}
      />
      <ListPage
        title={def.title}
        hint={hint}
        action={action}
        filters={
          <FilterBar list={list}>
            <Form.Item name="q" label="Pesquisar">
              <Input allowClear placeholder={searchPlaceholder(def)} />
            </Form.Item>
          </FilterBar>
        }
      >
        <DataTable
          table={table}
          columns={columns}
          rowKey="id"
          label={`Lista de ${lowerFirst(def.title)}`}
          emptyText="Nenhum registro encontrado."
          emptyHint={manage ? `Cadastre o primeiro registro em "${newRecordLabel(def)}".` : undefined}
          emptyAction={emptyAction}
        />
      </ListPage>
      {manage ? <LookupFormModal def={def} target={dialog.target} onClose={dialog.close} /> : null}
    </>
  );
}

function UnknownLookup() {
  return (
    <NotFoundResult
      title="Tabela não encontrada"
      detail="O endereço acessado não corresponde a nenhuma tabela auxiliar."
      back={{ to: LOOKUPS_HUB_PATH, label: 'Ver as tabelas auxiliares' }}
    />
  );
}

/**
 * /cadastros/tabelas/$slug: the list and form of any lookup table of the contract, generated from its
 * definition. A new table in the contract gets this screen with no change here.
 */
export function LookupListPage() {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  const def = findLookup(slug);
  if (!def) return <UnknownLookup />;
  return <LookupTableScreen key={def.key} def={def} />;
}
