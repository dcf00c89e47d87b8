import { SafetyCertificateOutlined } from '@ant-design/icons';
import { certificateFlow } from '@origem/contract/flows';
import { type CertificateVerification, certificateMessages } from '@origem/contract/schemas/certificates';
import { useParams } from '@tanstack/react-router';
import { Alert, Card, Descriptions, Flex, List, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { isApiError } from '../../api/api-error';
import { formatDate, formatDateTime, formatNcm } from '../../ui/format';
import { CodFileVerificationCard } from '../cod-inspection/cod-file-verification';
import { useCertificateVerification } from './api/verify-certificate';

const ISSUED = certificateFlow.actions.approve.to;
const SUBSTITUTED = certificateFlow.actions.send_substitution.to;

/** The status as a customs officer reads it: Emitido, Cancelado, Substituído por … */
export function verificationStatusText(
  v: Pick<CertificateVerification, 'status' | 'status_label' | 'substituted_by'>,
) {
  if (v.status === SUBSTITUTED && v.substituted_by) return `Substituído por ${v.substituted_by}`;
  return v.status_label;
}

function Verified({ v }: { v: CertificateVerification }) {
  const valid = v.status === ISSUED;
  const color = certificateFlow.states[v.status]?.color ?? 'default';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type={valid ? 'success' : 'warning'}
        showIcon
        title={valid ? 'Certificado autêntico e válido' : 'Certificado autêntico, mas sem validade'}
        description={
          valid
            ? `Emitido por ${v.issuing_entity}${v.valid_until ? `, válido até ${formatDate(v.valid_until)}` : ''}.`
            : `Situação atual: ${verificationStatusText(v)}.`
        }
      />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'number', label: 'Número', children: v.certificate_number ?? '—' },
          {
            key: 'status',
            label: 'Situação',
            children: <Tag color={color}>{verificationStatusText(v)}</Tag>,
          },
          { key: 'entity', label: 'Entidade emissora', children: v.issuing_entity },
          { key: 'deal', label: 'Acordo', children: v.deal },
          { key: 'exporter', label: 'Exportador', children: v.exporter },
          { key: 'country', label: 'País do importador', children: v.importer_country ?? '—' },
          { key: 'issued', label: 'Emitido em', children: formatDateTime(v.issued_at, '—') },
          { key: 'valid', label: 'Válido até', children: formatDate(v.valid_until, '—') },
        ]}
      />
      {v.items.length > 0 ? (
        <List
          size="small"
          header={<Typography.Text strong>Mercadorias</Typography.Text>}
          bordered
          dataSource={v.items}
          renderItem={(item) => (
            <List.Item>
              <span>
                {item.description}{' '}
                <Typography.Text type="secondary">(NCM {formatNcm(item.ncm)})</Typography.Text>
              </span>
            </List.Item>
          )}
        />
      ) : null}
    </Space>
  );
}

/**
 * /verificar/$code: the public page the printed QR code opens (no sign-in). Only what lets customs trust the
 * certificate: number, status, issuing entity, dates, exporter, the goods' descriptions — no values or quantities.
 */
export function CertificateVerificationPage() {
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  const query = useCertificateVerification(code);
  return (
    <Flex vertical align="center" gap={24} style={{ width: '100%', marginTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 720 }}>
        <Space align="center" style={{ marginBottom: 16 }}>
          <SafetyCertificateOutlined style={{ fontSize: 28 }} aria-hidden />
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            Verificação de certificado de origem
          </Typography.Title>
        </Space>
        {query.isPending ? (
          <Skeleton active aria-label="Verificando certificado" />
        ) : query.isError ? (
          <Result
            status={isApiError(query.error) && query.error.status === 404 ? 'warning' : 'error'}
            title={
              isApiError(query.error) && query.error.status === 404
                ? certificateMessages.verificationNotFound
                : 'Não foi possível verificar o certificado agora. Tente novamente mais tarde.'
            }
          />
        ) : (
          <Verified v={query.data} />
        )}
      </Card>
      <CodFileVerificationCard />
    </Flex>
  );
}
