import type { DashboardTotal } from '@origem/contract/schemas/dashboard';
import { Card, Col, Empty, Row } from 'antd';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa541c', '#2f54eb'];

/** 'YYYY-MM' → 'mar/26'. */
export function monthLabel(month: string): string {
  const [year = '', m = '1'] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m}/${year.slice(2)}`;
}

/**
 * The home page's two charts (recharts, in this chunk only: it loads when a signed-in user opens '/'). Each has a
 * text alternative: the figures it draws, for screen readers.
 */
export function DashboardCharts({ total }: { total: DashboardTotal }) {
  const months = total.issued_by_month.map((m) => ({ label: monthLabel(m.month), count: m.count }));
  const deals = total.issued_by_deal;
  const describe = (rows: { label: string; count: number }[]) =>
    rows.map((r) => `${r.label}: ${r.count}`).join('; ');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card title="Certificados emitidos por mês" size="small">
          <figure style={{ margin: 0 }} aria-label={`Certificados emitidos por mês: ${describe(months)}`}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={months} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" />
                <YAxis allowDecimals={false} />
                <Tooltip formatter={(value) => [value, 'Emitidos']} />
                <Bar dataKey="count" name="Emitidos" fill="#1677ff" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Certificados emitidos por acordo (12 meses)" size="small">
          {deals.length === 0 ? (
            <Empty description="Nenhum certificado emitido nos últimos 12 meses." />
          ) : (
            <figure
              style={{ margin: 0 }}
              aria-label={`Certificados emitidos por acordo: ${describe(deals.map((d) => ({ label: d.deal, count: d.count })))}`}
            >
              <ResponsiveContainer width="100%" height={260}>
                <PieChart>
                  <Pie
                    data={deals}
                    dataKey="count"
                    nameKey="deal"
                    outerRadius={90}
                    label={(entry) => String(entry.name)}
                  >
                    {deals.map((d, i) => (
                      <Cell key={d.deal_id} fill={COLORS[i % COLORS.length]} />
                    ))}
                  </Pie>
                  <Tooltip />
                </PieChart>
              </ResponsiveContainer>
            </figure>
          )}
        </Card>
      </Col>
    </Row>
  );
}
