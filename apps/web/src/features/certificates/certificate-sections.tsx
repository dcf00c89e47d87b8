import { DownloadOutlined } from '@ant-design/icons';
import { certificateFlow } from '@origem/contract/flows';
import {
  CERTIFICATE_FILE_NAMES,
  type Certificate,
  type CertificateItem,
} from '@origem/contract/schemas/certificates';
import { downloadFileName } from '@origem/contract/schemas/files';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Empty, List, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { FlowTag } from '../../ui/flow-tag';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatNcm,
  formatTaxId,
} from '../../ui/format';
import { ListItemLines } from '../../ui/list-item-lines';
import { RecordSection } from '../../ui/record-section';
import { type CertificateFileKind, downloadCertificateFile } from './api/documents';
import { CERTIFICATE_SCREENS } from './api/keys';
import { useOptionLabel } from './api/option-labels';
import { codedOption, namedOption, OPTION_PATHS } from './api/options';

/** The read-only blocks of a certificate, shared by the detail, analysis and consultation screens. */

/** 'Certificado BRCAS…' once numbered, 'Certificado nº 12 (rascunho)' before. */
export function certificateTitle(certificate: Pick<Certificate, 'id' | 'certificate_number'>): string {
  return certificate.certificate_number
    ? `Certificado ${certificate.certificate_number}`
    : `Certificado nº ${certificate.id}`;
}

/** Quantities, weights and volumes with their 3 decimals and unit ('25.920,000 KG'); none → null. */
const decimal = (value: string | null, unit?: string | null) =>
  formatDecimal(value, DECIMAL_PLACES.quantity, unit) || null;

function LineageLink({ to }: { to: NonNullable<Certificate['replaces']> }) {
  return (
    <span>
      <Link to={CERTIFICATE_SCREENS.view(to.id)}>{to.certificate_number ?? `nº ${to.id}`}</Link>{' '}
      <FlowTag flow={certificateFlow} status={to.status} />
    </span>
  );
}

/** Header: parties, deal, invoice, numbering and lineage. */
export function CertificateDataSection({ certificate: c }: { certificate: Certificate }) {
  const language = useOptionLabel(OPTION_PATHS.language, c.language_id, codedOption);
  const currency = useOptionLabel(OPTION_PATHS.currency, c.currency_id, codedOption);
  const sector = useOptionLabel(OPTION_PATHS.sector, c.sector_id, namedOption);
  const port = useOptionLabel(OPTION_PATHS.shipmentPort, c.shipment_port_id, namedOption);
  const transport = useOptionLabel(OPTION_PATHS.transport, c.transport_id, namedOption);
  const units = {
    gross: useOptionLabel(OPTION_PATHS.measurementUnit, c.measurement_unit_gross_weight_id, codedOption),
    net: useOptionLabel(OPTION_PATHS.measurementUnit, c.measurement_unit_net_weight_id, codedOption),
    volume: useOptionLabel(OPTION_PATHS.measurementUnit, c.measurement_unit_volume_id, codedOption),
  };
  const short = (label: string | null) => label?.split(' — ')[0] ?? null;
  return (
    <RecordSection
      title="Dados do certificado"
      fields={[
        { key: 'number', label: 'Número', value: c.certificate_number },
        { key: 'deal', label: 'Acordo', value: `${c.deal.abbreviation} — ${c.deal.name}` },
        {
          key: 'exporter',
          label: 'Exportador',
          value: `${c.exporter.name} (${formatTaxId(c.exporter.cnpj ?? c.exporter.cpf, '—')})`,
          span: 'filled',
        },
        { key: 'representative', label: 'Responsável legal', value: c.legal_representative.name },
        { key: 'dispatcher', label: 'Despachante', value: c.dispatcher?.name },
        { key: 'importer', label: 'Importador', value: c.company_importer.corporate_name },
        { key: 'intervenor', label: 'Interveniente', value: c.company_intervenor?.corporate_name },
        { key: 'manufacturer', label: 'Fabricante', value: c.company_manufacturer?.corporate_name },
        { key: 'association', label: 'Entidade emissora', value: c.trade_association.name },
        { key: 'invoice', label: 'Fatura comercial', value: c.invoice_number },
        { key: 'invoice_date', label: 'Data da fatura', value: formatDate(c.invoice_date) },
        { key: 'language', label: 'Idioma', value: language },
        { key: 'currency', label: 'Moeda', value: currency },
        { key: 'sector', label: 'Setor', value: sector },
        { key: 'port', label: 'Porto de embarque', value: port },
        { key: 'transport', label: 'Meio de transporte', value: transport },
        { key: 'gross', label: 'Peso bruto', value: decimal(c.gross_weight, short(units.gross)) },
        { key: 'net', label: 'Peso líquido', value: decimal(c.net_weight, short(units.net)) },
        { key: 'volume', label: 'Volume', value: decimal(c.volume, short(units.volume)) },
        {
          key: 'signature',
          label: 'Assinatura',
          value: c.has_digital_signature ? 'Digital (A1/A3)' : 'Em papel',
        },
        { key: 'issued', label: 'Emitido em', value: formatDateTime(c.issued_at) },
        { key: 'valid', label: 'Válido até', value: formatDate(c.valid_until) },
        { key: 'control', label: 'Nº de controle da entidade', value: c.association_certification_id },
        { key: 'analyst', label: 'Analista', value: c.analyst?.name },
        ...(c.replaces
          ? [{ key: 'replaces', label: 'Substitui', value: <LineageLink to={c.replaces} /> }]
          : []),
        ...(c.replaced_by
          ? [{ key: 'replaced_by', label: 'Substituído por', value: <LineageLink to={c.replaced_by} /> }]
          : []),
        { key: 'observations', label: 'Observações', value: c.observations, span: 'filled' },
        ...(c.verification_url
          ? [
              {
                key: 'verification',
                label: 'Verificação pública',
                value: (
                  <Typography.Link href={c.verification_url} target="_blank" rel="noopener">
                    {c.verification_url}
                  </Typography.Link>
                ),
                span: 'filled' as const,
              },
            ]
          : []),
      ]}
    />
  );
}

const itemColumns: ColumnsType<CertificateItem> = [
  { title: '#', dataIndex: 'position', key: 'position', width: 48 },
  {
    title: 'Mercadoria',
    key: 'description',
    render: (_, item) => <div style={{ minWidth: 200 }}>{item.description}</div>,
  },
  { title: 'NCM', key: 'ncm', render: (_, item) => formatNcm(item.ncm), width: 110 },
  {
    title: 'Declaração',
    key: 'declaration',
    render: (_, item) => `nº ${item.declaration.id}`,
    width: 100,
  },
  {
    title: 'Quantidade',
    key: 'quantity',
    align: 'right',
    render: (_, item) => decimal(item.quantity, item.measurement_unit?.code),
  },
  {
    title: 'Peso líquido',
    key: 'net',
    align: 'right',
    render: (_, item) => decimal(item.net_weight, 'kg') ?? '—',
  },
  // The value and the criterion are what the analyst checks: pinned to the right edge while the rest scrolls.
  {
    title: 'Valor FOB',
    key: 'fob',
    align: 'right',
    fixed: 'right',
    render: (_, item) => formatMoney(item.fob_value_usd, 'USD'),
  },
  {
    // The rule's code ('ST'); the whole rule text shows on hover and in the cited declarations.
    title: 'Critério',
    key: 'criterion',
    width: 80,
    fixed: 'right',
    render: (_, item) => <span title={item.origin_criterion}>{item.origin_criterion.split(' — ')[0]}</span>,
  },
];

/** The items, as they print. */
export function CertificateItemsSection({ certificate }: { certificate: Certificate }) {
  return (
    <Card title={`Itens (${certificate.items.length})`} size="small">
      <Table<CertificateItem>
        size="small"
        rowKey="id"
        columns={itemColumns}
        dataSource={certificate.items}
        pagination={false}
        scroll={{ x: 720 }}
        aria-label="Itens do certificado"
        locale={{ emptyText: 'Nenhum item incluído.' }}
      />
    </Card>
  );
}

/** The declarations the items cite, once each (the analyst checks them against the invoice). */
export function CitedDeclarationsSection({ certificate }: { certificate: Certificate }) {
  const cited = [...new Map(certificate.items.map((item) => [item.declaration.id, item])).values()];
  return (
    <Card title="Declarações citadas" size="small">
      {cited.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma declaração citada." />
      ) : (
        <List
          size="small"
          dataSource={cited}
          renderItem={(item) => (
            <List.Item>
              <ListItemLines
                title={`Declaração nº ${item.declaration.id} — ${item.declaration.product_name}`}
                description={`NCM ${formatNcm(item.ncm)} · critério ${item.origin_criterion}${item.norm_text ? ` · ${item.norm_text}` : ''}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

const ATTACHMENTS: { kind: CertificateFileKind; field: keyof Certificate; label: string }[] = [
  { kind: 'commercial_invoice', field: 'commercial_invoice', label: 'Fatura comercial' },
  { kind: 'intervenor_invoice', field: 'intervenor_invoice', label: 'Fatura comercial do interveniente' },
  { kind: 'substitution', field: 'substitution_letter', label: 'Carta de substituição' },
];

type StoredFile = { name: string; size: number } | null;

/** The attached PDFs, each downloadable under its SPEC §9 name. */
export function CertificateAttachmentsSection({ certificate }: { certificate: Certificate }) {
  const files = ATTACHMENTS.map((a) => ({ ...a, file: certificate[a.field] as StoredFile })).filter(
    (a) => a.file !== null || a.kind === 'commercial_invoice',
  );
  return (
    <Card title="Anexos" size="small">
      <List
        size="small"
        dataSource={files}
        renderItem={(a) => (
          <List.Item
            actions={
              a.file
                ? [
                    <Button
                      key="download"
                      size="small"
                      icon={<DownloadOutlined aria-hidden />}
                      aria-label={`Baixar ${a.label.toLowerCase()}`}
                      onClick={() => void downloadCertificateFile(certificate.id, a.kind)}
                    >
                      Baixar
                    </Button>,
                  ]
                : []
            }
          >
            <ListItemLines
              title={a.label}
              description={
                a.file
                  ? downloadFileName(CERTIFICATE_FILE_NAMES[a.kind], a.file.name)
                  : 'Nenhum arquivo enviado.'
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The reason of the last refusal, while it matters (reprovado, or a request refused). */
export function LastReasonAlert({ certificate }: { certificate: Certificate }) {
  if (!certificate.last_reason) return null;
  const reproved = certificate.status === certificateFlow.actions.reprove.to;
  return (
    <Alert
      type={reproved ? 'error' : 'warning'}
      showIcon
      title={reproved ? 'Motivos da reprovação' : 'Motivo da última recusa'}
      description={<span style={{ whiteSpace: 'pre-wrap' }}>{certificate.last_reason}</span>}
    />
  );
}
