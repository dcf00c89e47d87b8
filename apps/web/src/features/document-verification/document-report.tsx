import type { PublicTexts } from '@origem/contract/public-i18n';
import type {
  DocumentVerification,
  PdfSignatureReport,
} from '@origem/contract/schemas/document-verification';
import { Alert, Descriptions, List, Space, Tag, Typography } from 'antd';

type Props = { report: DocumentVerification; t: PublicTexts; date: (iso: string | null) => string };

const verdict = (ok: boolean, t: PublicTexts, message: string | null) => (
  <Space size={4} wrap>
    <Tag color={ok ? 'green' : 'red'}>{ok ? t.ok : t.notOk}</Tag>
    {message ? <Typography.Text type="secondary">{message}</Typography.Text> : null}
  </Space>
);

function SignatureBlock({ s, t, date }: { s: PdfSignatureReport; t: PublicTexts; date: Props['date'] }) {
  const title = s.kind === 'signature' ? t.signature : t.documentTimestamp;
  const items = [
    {
      key: 'signer',
      label: t.signer,
      children: [s.signer_name, s.signer_cpf].filter(Boolean).join(' — ') || '—',
    },
    { key: 'integrity', label: t.integrity, children: verdict(s.integrity.ok, t, s.integrity.message) },
    { key: 'chain', label: t.chain, children: verdict(s.chain.ok, t, s.chain.message) },
    ...(s.kind === 'signature' ? [{ key: 'claimed', label: t.claimedAt, children: date(s.claimed_at) }] : []),
    { key: 'proven', label: t.provenAt, children: date(s.proven_at) },
    ...(s.timestamp
      ? [
          {
            key: 'timestamp',
            label: t.timestamp,
            children: (
              <Space orientation="vertical" size={0}>
                {verdict(s.timestamp.ok, t, s.timestamp.message)}
                <span>{[s.timestamp.authority, date(s.timestamp.gen_time)].filter(Boolean).join(' — ')}</span>
              </Space>
            ),
          },
        ]
      : []),
    ...(s.revocation
      ? [
          {
            key: 'revocation',
            label: t.revocation,
            children: (
              <Space size={4} wrap>
                <Tag
                  color={
                    s.revocation.status === 'good'
                      ? 'green'
                      : s.revocation.status === 'revoked'
                        ? 'red'
                        : 'gold'
                  }
                >
                  {t.revocationStatus[s.revocation.status]}
                </Tag>
                <Typography.Text type="secondary">{s.revocation.message}</Typography.Text>
              </Space>
            ),
          },
        ]
      : []),
    ...(s.policy ? [{ key: 'policy', label: t.policy, children: s.policy }] : []),
  ];
  return <Descriptions bordered size="small" column={1} title={title} items={items} aria-label={title} />;
}

/** The report of the uploaded file, in the reader's language (the server's detailed reasons stay Portuguese). */
export function DocumentReport({ report, t, date }: Props) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} aria-label={t.reportTitle}>
      <Alert
        type={report.valid ? 'success' : 'error'}
        showIcon
        role="status"
        title={report.valid ? t.validDocument : t.invalidDocument}
      />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'file', label: t.file, children: report.file_name },
          { key: 'kind', label: t.kind, children: report.kind === 'pdf' ? t.kindPdf : t.kindCod },
          { key: 'sha', label: 'SHA-256', children: <Typography.Text code>{report.sha256}</Typography.Text> },
          ...(report.pdf
            ? [
                {
                  key: 'level',
                  label: t.padesLevel,
                  children: (
                    <Tag color={report.pdf.pades_level ? 'blue' : 'red'}>
                      {report.pdf.pades_level ?? t.noLevel}
                    </Tag>
                  ),
                },
                { key: 'whole', label: t.wholeFile, children: report.pdf.whole_file_covered ? t.yes : t.no },
                {
                  key: 'dss',
                  label: t.dss,
                  children: report.pdf.dss
                    ? t.dssCounts(report.pdf.dss.certificates, report.pdf.dss.ocsps, report.pdf.dss.crls)
                    : t.none,
                },
              ]
            : []),
          ...(report.cod
            ? [
                { key: 'id', label: 'CertificateID', children: report.cod.certificate_id ?? '—' },
                {
                  key: 'schema',
                  label: t.schema,
                  children: verdict(
                    report.cod.schema.valid,
                    t,
                    report.cod.schema.valid
                      ? report.cod.schema.file
                      : report.cod.schema.errors.slice(0, 3).join(' · '),
                  ),
                },
                ...report.cod.signatures.map((s) => ({
                  key: s.target,
                  label: t.codSignature[s.target],
                  children: (
                    <Space size={4} wrap>
                      <Tag color={s.status === 'valid' ? 'green' : s.status === 'absent' ? 'default' : 'red'}>
                        {t.codStatus[s.status]}
                      </Tag>
                      <span>{[s.signer_name, s.signer_cpf].filter(Boolean).join(' — ')}</span>
                      {s.reason ? <Typography.Text type="secondary">{s.reason}</Typography.Text> : null}
                    </Space>
                  ),
                })),
              ]
            : []),
        ]}
      />
      {report.pdf?.signatures.map((s, i) => (
        // Signatures have no identity beyond their order in the file.
        // biome-ignore lint/suspicious/noArrayIndexKey: the file's order is the signatures' identity
        <SignatureBlock key={i} s={s} t={t} date={date} />
      ))}
      {report.evidence ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          title={t.evidenceRecord}
          aria-label={t.evidenceRecord}
          items={[
            {
              key: 'timestamp',
              label: t.timestamp,
              children: (
                <Space orientation="vertical" size={0}>
                  {verdict(report.evidence.timestamp.ok, t, report.evidence.timestamp.message)}
                  <span>
                    {[report.evidence.timestamp.authority, date(report.evidence.timestamp.gen_time)]
                      .filter(Boolean)
                      .join(' — ')}
                  </span>
                </Space>
              ),
            },
            ...report.evidence.signers.map((s) => ({
              key: s.role,
              label: `${t.revocation} — ${s.name}`,
              children: (
                <Space size={4} wrap>
                  <Tag
                    color={
                      s.revocation.status === 'good'
                        ? 'green'
                        : s.revocation.status === 'revoked'
                          ? 'red'
                          : 'gold'
                    }
                  >
                    {t.revocationStatus[s.revocation.status]}
                  </Tag>
                  <Typography.Text type="secondary">{s.revocation.message}</Typography.Text>
                </Space>
              ),
            })),
          ]}
        />
      ) : null}
      {report.problems.length > 0 ? (
        <List
          size="small"
          bordered
          header={<Typography.Text strong>{t.problems}</Typography.Text>}
          dataSource={report.problems}
          renderItem={(problem) => <List.Item>{problem}</List.Item>}
        />
      ) : null}
    </Space>
  );
}
