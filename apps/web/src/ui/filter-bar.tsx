import { ClearOutlined, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { DateInput } from './date-input';
import { MaskedInput } from './masked-input';
import type { ListControls } from './use-list-search';
import { useWiderThan } from './use-media-query';

export type FilterBarProps = {
  /** The list state (useListSearch): the form shows its filters, 'Filtrar' and 'Limpar' rewrite the URL. */
  list: ListControls;
  /** antd <Form.Item name="…" label="…"> fields; use MaskedInput/DateInput for masked and date filters. */
  children: ReactNode;
};

/** Filter bar above a list: fields in a responsive grid, 'Filtrar' and 'Limpar'. Values live in the URL. */
export function FilterBar({ list, children }: FilterBarProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const name = `filtros${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const { filters } = list;
  const filtersKey = JSON.stringify(filters);

  const showValues = (values: Record<string, unknown>) => {
    const current = form.getFieldsValue(true) as Record<string, unknown>;
    const next: Record<string, unknown> = {};
    for (const key of Object.keys(current)) next[key] = undefined;
    form.setFieldsValue({ ...next, ...values });
  };

  // Back/forward or a shared link changes the URL: the fields follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filtersKey stands for the filters' content.
  useEffect(() => showValues(filters), [filtersKey]);

  // On a phone the fields would push the list a screen or two down: they open from a "Filtros" button instead.
  const compact = !useWiderThan('md');
  const [open, setOpen] = useState(false);
  const active = Object.keys(filters).length;

  return (
    <Card size="small" role="search" aria-label="Filtros">
      {compact ? (
        <Button
          block
          icon={<FilterOutlined aria-hidden />}
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
          style={open ? { marginBottom: 12 } : undefined}
        >
          {active > 0 ? `Filtros (${active})` : 'Filtros'}
        </Button>
      ) : null}
      <Form
        style={compact && !open ? { display: 'none' } : undefined}
        form={form}
        name={name}
        layout="vertical"
        initialValues={filters}
        onFinish={(values) => list.applyFilters(values)}
        requiredMark={false}
      >
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
            columnGap: 16,
            alignItems: 'end',
          }}
        >
          {children}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
                Filtrar
              </Button>
              <Button
                icon={<ClearOutlined aria-hidden />}
                onClick={() => {
                  showValues({});
                  list.clearFilters();
                }}
              >
                Limpar
              </Button>
            </Space>
          </Form.Item>
        </div>
      </Form>
    </Card>
  );
}

/** The 'cpf' and 'cnpj' filters, masked; `whose` ends their labels ('CPF do exportador'). */
export function TaxIdFilters({ whose }: { whose?: string }) {
  const suffix = whose ? ` ${whose}` : '';
  return (
    <>
      <Form.Item name="cpf" label={`CPF${suffix}`}>
        <MaskedInput mask="cpf" allowClear />
      </Form.Item>
      <Form.Item name="cnpj" label={`CNPJ${suffix}`}>
        <MaskedInput mask="cnpj" allowClear />
      </Form.Item>
    </>
  );
}

/** The 'start_date' and 'end_date' filters of a list searched by period, labelled for what the dates are. */
export function PeriodFilters({ fromLabel, toLabel }: { fromLabel: string; toLabel: string }) {
  return (
    <>
      <Form.Item name="start_date" label={fromLabel}>
        <DateInput />
      </Form.Item>
      <Form.Item name="end_date" label={toLabel}>
        <DateInput />
      </Form.Item>
    </>
  );
}
