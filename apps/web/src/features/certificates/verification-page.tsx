import { FileSearchOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { certificateFlow } from '@origem/contract/flows';
import { type PublicTexts, publicLocale } from '@origem/contract/public-i18n';
import type { CertificateVerification } from '@origem/contract/schemas/certificates';
import type { SignatureEvidence } from '@origem/contract/schemas/document-verification';
import { Link, useParams } from '@tanstack/react-router';
import { Alert, Card, Descriptions, Flex, List, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { isApiError } from '../../api/api-error';
import { usePublicLang } from '../../lib/public-lang';
import { formatNcm } from '../../ui/format';
import { LanguageSwitch } from '../../ui/language-switch';
import { CodFileVerificationCard } from '../cod-inspection/cod-file-verification';
import { useCertificateVerification, usePublicEvidence } from './api/verify-certificate';

const ISSUED = certificateFlow.actions.approve.to;
const SUBSTITUTED = certificateFlow.actions.send_substitution.to;

/** The status as a customs officer reads it: Emitido, Cancelado, Substituído por … (in the page's language). */
export function verificationStatusText(
  v: Pick<CertificateVerification, 'status' | 'status_label' | 'substituted_by'>,
  t?: PublicTexts,
) {
  if (v.status === SUBSTITUTED && v.substituted_by) {
    return t ? t.substitutedBy(v.substituted_by) : `Substituído por ${v.substituted_by}`;
  }
  return t?.statuses[v.status] ?? v.status_label;
}

type Dates = { date: (iso: string | null) => string; dateTime: (iso: string | null) => string };

/** "Assinaturas válidas em <data> — carimbo do tempo de <autoridade>" (issue 37), or that it is awaited. */
function EvidenceLine({
  evidence,
  t,
  dateTime,
}: { evidence: SignatureEvidence; t: PublicTexts } & Pick<Dates, 'dateTime'>) {
  if (evidence.status === 'none') return null;
  return (
    <Alert
      type={evidence.status === 'complete' ? 'success' : 'warning'}
      showIcon
      role="status"
      aria-label={t.evidenceRecord}
      title={
        evidence.status === 'complete'
          ? t.evidence(dateTime(evidence.timestamped_at), evidence.authority ?? '')
          : t.evidencePending
      }
    />
  );
}

function Verified({
  v,
  t,
  evidence,
  date,
  dateTime,
}: { v: CertificateVerification; t: PublicTexts; evidence: SignatureEvidence | undefined } & Dates) {
  const valid = v.status === ISSUED;
  const color = certificateFlow.states[v.status]?.color ?? 'default';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type={valid ? 'success' : 'warning'}
        showIcon
        title={valid ? t.validTitle : t.invalidTitle}
        description={
          valid
            ? t.issuedBy(v.issuing_entity, v.valid_until ? date(v.valid_until) : null)
            : t.currentStatus(verificationStatusText(v, t))
        }
      />
      {evidence ? <EvidenceLine evidence={evidence} t={t} dateTime={dateTime} /> : null}
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'number', label: t.number, children: v.certificate_number ?? '—' },
          {
            key: 'status',
            label: t.status,
            children: <Tag color={color}>{verificationStatusText(v, t)}</Tag>,
          },
          { key: 'entity', label: t.entity, children: v.issuing_entity },
          { key: 'deal', label: t.deal, children: v.deal },
          { key: 'exporter', label: t.exporter, children: v.exporter },
          { key: 'country', label: t.importerCountry, children: v.importer_country ?? '—' },
          { key: 'issued', label: t.issuedAt, children: dateTime(v.issued_at) },
          { key: 'valid', label: t.validUntil, children: date(v.valid_until) },
        ]}
      />
      {v.items.length > 0 ? (
        <List
          size="small"
          header={<Typography.Text strong>{t.goods}</Typography.Text>}
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
  const { lang, t, choose } = usePublicLang();
  const query = useCertificateVerification(code);
  const evidence = usePublicEvidence(code, query.isSuccess);
  const locale = publicLocale[lang];
  // A date-only value (valid_until) is a calendar day: read at noon UTC so no time zone moves it.
  const date = (iso: string | null) =>
    iso
      ? new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString(locale, {
          timeZone: 'America/Sao_Paulo',
        })
      : '—';
  const dateTime = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(locale, {
          timeZone: 'America/Sao_Paulo',
          dateStyle: 'short',
          timeStyle: 'short',
        })
      : '—';
  return (
    <Flex vertical align="center" gap={24} style={{ width: '100%', marginTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 720 }}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Space align="center">
            <SafetyCertificateOutlined style={{ fontSize: 28 }} aria-hidden />
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {t.verifyTitle}
            </Typography.Title>
          </Space>
          <LanguageSwitch lang={lang} onChange={choose} />
        </Flex>
        {query.isPending ? (
          <Skeleton active aria-label={t.checking} />
        ) : query.isError ? (
          <Result
            status={isApiError(query.error) && query.error.status === 404 ? 'warning' : 'error'}
            title={isApiError(query.error) && query.error.status === 404 ? t.notFound : t.failed}
          />
        ) : (
          <Verified v={query.data} t={t} evidence={evidence.data} date={date} dateTime={dateTime} />
        )}
        <Link to="/verificar-documento" style={{ display: 'inline-block', marginTop: 16 }}>
          <FileSearchOutlined aria-hidden /> {t.verifyFileLink}
        </Link>
      </Card>
      {/* Issue 14's COD check, in Portuguese; in Spanish and English the link above leads to the same check. */}
      {lang === 'pt' ? <CodFileVerificationCard /> : null}
    </Flex>
  );
}
