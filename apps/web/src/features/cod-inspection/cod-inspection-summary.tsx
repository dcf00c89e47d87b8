import type {
  CodInspection,
  CodInspectionParty,
  CodRecord,
  CodSignatureCheck,
} from '@origem/contract/schemas/cod-inspection';
import { Alert, Card, Collapse, Descriptions, Flex, List, Space, Table, Tag, Typography } from 'antd';
import { formatDate, formatDateTime } from '../../ui/format';

const STATUS_TAG: Record<CodSignatureCheck['status'], { color: string; label: string }> = {
  valid: { color: 'success', label: 'Válida' },
  invalid: { color: 'error', label: 'Inválida' },
  absent: { color: 'default', label: 'Ausente' },
};

/** Name, then country · city · address, as a customs officer reads a party. */
export function partyText(p: CodInspectionParty | null): string {
  if (!p) return '—';
  const where = [p.country, p.city, p.address].filter(Boolean).join(' · ');
  return where ? `${p.name} (${where})` : p.name;
}

function SignatureCard({ s }: { s: CodSignatureCheck }) {
  const tag = STATUS_TAG[s.status];
  return (
    <Card
      size="small"
      title={s.label}
      extra={<Tag color={tag.color}>{tag.label}</Tag>}
      aria-label={`${s.label}: ${tag.label}`}
    >
      {s.reason ? (
        <Alert
          type={s.status === 'absent' ? 'info' : 'error'}
          showIcon
          title={s.reason}
          style={{ marginBottom: s.signer_name ? 12 : 0 }}
        />
      ) : null}
      {s.signer_name ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: 'Assinado por', children: s.signer_name },
            { key: 'cpf', label: 'CPF', children: s.signer_cpf ?? '—' },
            { key: 'when', label: 'Data da assinatura', children: formatDateTime(s.signed_at, '—') },
            { key: 'issuer', label: 'Autoridade certificadora', children: s.certificate_issuer ?? '—' },
            {
              key: 'validity',
              label: 'Validade do certificado',
              children: `${formatDate(s.certificate_valid_from, '—')} a ${formatDate(s.certificate_valid_to, '—')}`,
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

const RECORD_ALERT: Record<CodRecord['match'], { type: 'success' | 'warning' | 'info'; title: string }> = {
  same: { type: 'success', title: 'Emitido pelo Origem' },
  different: { type: 'warning', title: 'Não confere com o COD emitido pelo Origem' },
  unknown: { type: 'info', title: 'Não emitido pelo Origem' },
};

/** The file against the COD we issued under its number: the certificate's status now, or why it does not match. */
function RecordAlert({ record }: { record: CodRecord }) {
  const { type, title } = RECORD_ALERT[record.match];
  return (
    <Alert
      type={type}
      showIcon
      role="status"
      aria-label="Registro no Origem"
      title={title}
      description={
        <Space orientation="vertical" size={4}>
          <span>{record.message}</span>
          {record.verification_path ? (
            <a href={record.verification_path}>Abrir a página de verificação do certificado</a>
          ) : null}
        </Space>
      }
    />
  );
}

/** The readable summary of an inspected COD: verdict, what it certifies, its signatures, and what is wrong. */
export function CodInspectionSummary({ result }: { result: CodInspection }) {
  const agreement = [result.agreement_acronym, result.agreement_name].filter(Boolean).join(' — ');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type={result.valid ? 'success' : 'warning'}
        showIcon
        title={
          result.valid
            ? 'COD íntegro: esquema da ALADI e as duas assinaturas conferem'
            : 'O COD tem pendências: veja os problemas abaixo'
        }
        description={
          result.problems.length > 0 ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label="Problemas encontrados">
              {result.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : undefined
        }
      />
      <RecordAlert record={result.record} />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'id',
            label: 'Número do certificado (CertificateID)',
            children: result.certificate_id ?? '—',
          },
          { key: 'stage', label: 'Etapa', children: result.stage_label },
          {
            key: 'form',
            label: 'Acordo e formulário',
            children: `${agreement || '—'}${result.form ? ` (formulário ${result.form})` : ''}`,
          },
          { key: 'version', label: 'Versão do COD', children: result.version ?? '—' },
          {
            key: 'schema',
            label: 'Esquema da ALADI',
            children: (
              <Flex gap={8} wrap align="center">
                <Tag color={result.schema.valid ? 'success' : 'error'}>
                  {result.schema.valid ? 'Conforme' : 'Não conforme'}
                </Tag>
                <Typography.Text type="secondary">{result.schema.file}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'exporter', label: 'Exportador', children: partyText(result.exporter) },
          { key: 'importer', label: 'Importador', children: partyText(result.importer) },
          {
            key: 'entity',
            label: 'Entidade emissora',
            children: result.entity
              ? `${result.entity.name}${result.entity.code ? ` (código ${result.entity.code})` : ''}`
              : '—',
          },
          {
            key: 'invoices',
            label: 'Faturas',
            children:
              result.invoices
                .map((i) => `${i.number}${i.date ? ` de ${formatDate(i.date)}` : ''}`)
                .join('; ') || '—',
          },
          {
            key: 'declared',
            label: 'Declaração do exportador',
            children: formatDateTime(result.declaration_date, '—'),
          },
          {
            key: 'certified',
            label: 'Certificação da entidade',
            children: formatDateTime(result.certificate_date, '—'),
          },
        ]}
      />
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey={(item) => `${item.order ?? ''}-${item.code}-${item.description}`}
        title={() => <Typography.Text strong>Mercadorias</Typography.Text>}
        dataSource={result.items}
        scroll={{ x: true }}
        columns={[
          { key: 'order', title: 'Nº', dataIndex: 'order', width: 48 },
          { key: 'code', title: 'NALADI/NCM', dataIndex: 'code', width: 120 },
          { key: 'description', title: 'Descrição', dataIndex: 'description' },
          {
            key: 'quantity',
            title: 'Quantidade',
            render: (_, item) => [item.quantity, item.unit].filter(Boolean).join(' ') || '—',
          },
          { key: 'value', title: 'Valor', dataIndex: 'value', render: (v: string | null) => v ?? '—' },
          {
            key: 'origin',
            title: 'Critério de origem',
            dataIndex: 'origin_criterion',
            render: (v: string | null) => v ?? '—',
          },
        ]}
      />
      <Flex gap={16} wrap>
        {result.signatures.map((s) => (
          <div key={s.target} style={{ flex: '1 1 300px', minWidth: 0 }}>
            <SignatureCard s={s} />
          </div>
        ))}
      </Flex>
      {result.schema.errors.length > 0 ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'schema',
              label: `Erros do esquema (${result.schema.errors.length})`,
              children: (
                <List
                  size="small"
                  dataSource={result.schema.errors}
                  renderItem={(e) => (
                    <List.Item>
                      <Typography.Text code>{e}</Typography.Text>
                    </List.Item>
                  )}
                />
              ),
            },
          ]}
        />
      ) : null}
    </Space>
  );
}
