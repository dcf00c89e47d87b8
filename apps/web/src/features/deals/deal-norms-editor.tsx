import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Button, Form, Input, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useEffect } from 'react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { DateInput } from '../../ui/date-input';
import { DecimalInput } from '../../ui/decimal-input';
import { type DealFormValues, EMPTY_NORM } from './deal-form-values';

type NormField = 'name' | 'legal_text' | 'valid_from' | 'valid_until' | 'non_originating_ceiling_percent';

const LABELS: Record<NormField, string> = {
  name: 'Nome',
  legal_text: 'Texto legal',
  valid_from: 'Início da vigência',
  valid_until: 'Fim da vigência',
  non_originating_ceiling_percent: 'Teto de conteúdo não originário',
};

type CellProps = {
  index: number;
  field: NormField;
  /** The form's field registry: server messages for `norms.N.name` land on this cell. */
  registerField: (name: string) => () => void;
};

/** One editable cell of the norms table, named for screen readers ("Nome da norma 2"). */
function NormCell({ index, field, registerField }: CellProps) {
  const name = `norms.${index}.${field}` as const;
  const { control } = useFormContext<DealFormValues>();
  const { field: input, fieldState } = useController({ control, name });
  useEffect(() => registerField(name), [registerField, name]);
  const error = fieldState.error?.message;
  const props = {
    ref: input.ref,
    value: typeof input.value === 'string' ? input.value : '',
    onChange: (event: { target: { value: string } }) => input.onChange(event.target.value),
    onBlur: input.onBlur,
    'aria-label': `${LABELS[field]} da norma ${index + 1}`,
    'aria-invalid': error ? true : undefined,
    status: error ? ('error' as const) : undefined,
  };
  return (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
      {field === 'valid_from' || field === 'valid_until' ? (
        <DateInput
          value={(input.value as string | null | undefined) ?? null}
          onChange={(day) => input.onChange(day ?? null)}
          onBlur={input.onBlur}
          aria-label={props['aria-label']}
          status={props.status}
          placeholder={field === 'valid_from' ? 'desde sempre' : 'em vigor'}
        />
      ) : field === 'non_originating_ceiling_percent' ? (
        <DecimalInput
          {...props}
          onChange={(text) => input.onChange(text)}
          places={DECIMAL_PLACES.percent}
          unit="%"
          placeholder="do acordo"
        />
      ) : field === 'name' ? (
        <Input {...props} maxLength={255} placeholder="Ex.: Regime de Origem do MERCOSUL" />
      ) : (
        <Input.TextArea
          {...props}
          maxLength={10_000}
          // Not autoSize: antd measures with a hidden copy of the text area that stays focusable (its
          // 'tab-index' attribute is misspelled), which a keyboard user would land on unseen (axe: aria-hidden-focus).
          rows={2}
          placeholder="Ex.: Decisão CMC nº 01/09, Art. 3º"
        />
      )}
    </Form.Item>
  );
}

export type DealNormsEditorProps = {
  registerField: (name: string) => () => void;
  readOnly?: boolean;
};

/**
 * The deal's origin norms as an editable table: add, edit and remove rows; the whole set is saved with the deal
 * (POST /v1/deal/origin_norms).
 */
export function DealNormsEditor({ registerField, readOnly = false }: DealNormsEditorProps) {
  const { control } = useFormContext<DealFormValues>();
  // `id` is the stored norm's id: the field array keeps its own row key elsewhere.
  const { fields, append, remove } = useFieldArray({ control, name: 'norms', keyName: 'key' });

  const columns: ColumnsType<(typeof fields)[number]> = [
    {
      title: 'Nº',
      key: 'position',
      width: 56,
      render: (_, __, index) => <Typography.Text type="secondary">{index + 1}</Typography.Text>,
    },
    {
      title: 'Nome',
      key: 'name',
      width: '35%',
      render: (_, __, index) => <NormCell index={index} field="name" registerField={registerField} />,
    },
    {
      title: 'Texto legal',
      key: 'legal_text',
      render: (_, __, index) => <NormCell index={index} field="legal_text" registerField={registerField} />,
    },
    // A norm that changed keeps its versions, each in force for its days (issue 36).
    ...(['valid_from', 'valid_until'] as const).map((field) => ({
      title: field === 'valid_from' ? 'Em vigor de' : 'até',
      key: field,
      width: 150,
      render: (_: unknown, __: unknown, index: number) => (
        <NormCell index={index} field={field} registerField={registerField} />
      ),
    })),
    {
      title: 'Teto (%)',
      key: 'non_originating_ceiling_percent',
      width: 110,
      render: (_, __, index) => (
        <NormCell index={index} field="non_originating_ceiling_percent" registerField={registerField} />
      ),
    },
  ];
  if (!readOnly) {
    columns.push({
      title: 'Ações',
      key: 'actions',
      width: 72,
      align: 'right',
      render: (_, __, index) => (
        <Tooltip title="Remover">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Remover a norma ${index + 1}`}
            onClick={() => remove(index)}
          />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <Table
        aria-label="Normas de origem do acordo"
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={fields}
        pagination={false}
        locale={{
          emptyText: readOnly
            ? 'Nenhuma norma de origem cadastrada.'
            : 'Nenhuma norma de origem. Use "Adicionar norma" para incluir a primeira.',
        }}
      />
      {readOnly ? null : (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined aria-hidden />}
          style={{ marginTop: 12 }}
          onClick={() => append({ ...EMPTY_NORM })}
        >
          Adicionar norma
        </Button>
      )}
    </>
  );
}
