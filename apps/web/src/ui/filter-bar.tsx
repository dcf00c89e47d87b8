import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space } from 'antd';
import { type ReactNode, useEffect, useId } from 'react';
import type { ListControls } from './use-list-search';

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

  return (
    <Card size="small" role="search" aria-label="Filtros">
      <Form
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
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
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
