import { type PrereceiptLine, prereceiptScreenSearch } from '@origem/contract/schemas/reports';
import { Button, Form } from 'antd';
import { openFileInNewWindow } from '../../api/download';
import { DataTable } from '../../ui/data-table';
import { DateInput } from '../../ui/date-input';
import { FilterBar } from '../../ui/filter-bar';
import { formatDate, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { useServerTable } from '../../ui/use-server-table';
import { previousMonth } from './period';

/**
 * /relatorios/pre-recibo: the certificates issued in the period that the user pays (or, for the associations and
 * above, bills), each with its fee and its pré-recibo (GET /v1/certificate/prereceipt/{id}, opened in a new window).
 */
export function PrereceiptPage() {
  const list = useListSearch(prereceiptScreenSearch);
  const fallback = previousMonth();
  const period = {
    start_date: list.search.start_date ?? fallback.start_date,
    end_date: list.search.end_date ?? fallback.end_date,
  };
  const table = useServerTable<PrereceiptLine>({
    queryKey: ['reports', 'prereceipt'],
    path: '/v1/report/prereceipt',
    list,
    query: { ...period, page: list.page },
  });
  return (
    <ListPage
      title="Pré-recibo"
      hint="Certificados emitidos no período, com a tarifa de cada um e o seu pré-recibo."
      filters={
        <FilterBar list={list}>
          <Form.Item name="start_date" label="Data inicial">
            <DateInput placeholder={formatDate(fallback.start_date)} />
          </Form.Item>
          <Form.Item name="end_date" label="Data final">
            <DateInput placeholder={formatDate(fallback.end_date)} />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        rowKey="id"
        label="Certificados faturados no período"
        emptyText="Nenhum certificado emitido no período."
        emptyHint="Escolha outro período nos filtros."
        columns={[
          { title: 'Certificado', dataIndex: 'certificate_number' },
          { title: 'Emitido em', render: (_, l) => formatDate(l.issued_on) },
          { title: 'Fatura', dataIndex: 'invoice_number' },
          { title: 'Acordo', dataIndex: 'deal' },
          { title: 'Exportador', dataIndex: 'exporter' },
          {
            title: 'Faturado a',
            render: (_, l) => `${l.payer} (${l.payer_kind === 'dispatcher' ? 'despachante' : 'exportador'})`,
          },
          {
            title: 'Tarifa',
            render: (_, l) =>
              l.amount === null ? 'Não cadastrada' : l.member ? 'Associado' : 'Não associado',
          },
          { title: 'Valor', align: 'right', render: (_, l) => formatMoney(l.amount ?? 0) },
          {
            key: 'actions',
            title: 'Pré-recibo',
            render: (_, l) => (
              <Button
                size="small"
                aria-label={`PDF do pré-recibo do certificado ${l.certificate_number ?? l.id}`}
                onClick={() => void openFileInNewWindow(`/v1/certificate/prereceipt/${l.id}`)}
              >
                PDF
              </Button>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
