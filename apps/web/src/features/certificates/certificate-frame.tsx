import { certificateFlow } from '@origem/contract/flows';
import type { Certificate } from '@origem/contract/schemas/certificates';
import { Col, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { useRouteId } from '../../lib/use-route-id';
import { FlowTag } from '../../ui/flow-tag';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useCertificate } from './api/get-certificate';
import { CERTIFICATE_SCREENS } from './api/keys';
import { CertificateEvidenceLine } from './certificate-evidence';
import { certificateTitle } from './certificate-sections';

const BACK = { to: CERTIFICATE_SCREENS.list, label: 'Voltar para os certificados' };

/** Loads the certificate of the address and hands it to `children`, or shows the loading / 404 / failure state. */
export function CertificateLoader({ children }: { children: (certificate: Certificate) => ReactNode }) {
  const { id } = useRouteId();
  const query = useCertificate(id);
  if (id === null) return <RecordNotFound subject="O certificado" back={BACK} />;
  if (query.isPending) return <RecordLoading label="Carregando certificado" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="O certificado"
        what="o certificado"
        back={BACK}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * The certificate screens' frame (UX.md): header with number, status and parties; the document on the left, the
 * decision, documents and history on the right.
 */
export function CertificateFrame({
  certificate,
  hint,
  main,
  side,
}: {
  certificate: Certificate;
  hint?: ReactNode;
  main: ReactNode;
  side: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={certificateTitle(certificate)}
        hint={
          hint ??
          `${certificate.exporter.name} → ${certificate.company_importer.corporate_name} · ${certificate.deal.abbreviation} · fatura ${certificate.invoice_number}`
        }
        tags={<FlowTag flow={certificateFlow} status={certificate.status} />}
        backTo={CERTIFICATE_SCREENS.list}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <CertificateEvidenceLine certificate={certificate} />
            {main}
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          {side}
        </Col>
      </Row>
    </>
  );
}
