import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { LookupDefinition, LookupField, LookupRow } from '@origem/contract/schemas/lookups';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { RecordName } from '../../ui/row-actions';
import { rowLabel } from './lookup-text';

/** Row actions of the list; left out when the user may not change the table. */
export type LookupRowActions = {
  onEdit: (row: LookupRow) => void;
  onDelete: (row: LookupRow) => void;
};

/** The fields shown in the list: those marked `column`, and the name in any case. */
export function columnFields(def: LookupDefinition): LookupField[] {
  return def.fields.filter((field) => field.column || field.name === 'name');
}

function renderValue(field: LookupField, value: unknown): ReactNode {
  if (field.kind === 'boolean') return value === true ? <Tag color="green">Sim</Tag> : <Tag>Não</Tag>;
  return typeof value === 'string' && value !== '' ? value : '—';
}

/** The list's columns, generated from the definition, with 'Editar' / 'Excluir' when actions are given. */
export function lookupColumns(def: LookupDefinition, actions?: LookupRowActions): ColumnsType<LookupRow> {
  const columns: ColumnsType<LookupRow> = columnFields(def).map((field) => ({
    title: field.label,
    dataIndex: field.name,
    key: field.name,
    align: field.kind === 'boolean' ? 'center' : undefined,
    // The row's name opens it (in the edit dialog), like its "Editar" action.
    render: (value: unknown, row: LookupRow) =>
      field.name === 'name' && actions && typeof value === 'string' ? (
        <RecordName name={value} onOpen={() => actions.onEdit(row)} />
      ) : (
        renderValue(field, value)
      ),
  }));
  if (!actions) return columns;
  columns.push({
    title: 'Ações',
    key: 'actions',
    align: 'right',
    // Always in view, also when a narrow window scrolls the table sideways.
    fixed: 'right',
    render: (_: unknown, row) => {
      const label = rowLabel(def, row);
      return (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={`Editar ${label}`}
            onClick={() => actions.onEdit(row)}
          >
            Editar
          </Button>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Excluir ${label}`}
            onClick={() => actions.onDelete(row)}
          >
            Excluir
          </Button>
        </Space>
      );
    },
  });
  return columns;
}
