import type { Certificate } from '@origem/contract/schemas/certificates';
import { Col, Row, Space } from 'antd';
import { CertificateSidePanel } from './certificate-actions';
import { CertificateFrame, CertificateLoader } from './certificate-frame';
import {
  CertificateAttachmentsSection,
  CertificateDataSection,
  CertificateItemsSection,
  CitedDeclarationsSection,
  LastReasonAlert,
} from './certificate-sections';
import { MissingNcmDescriptionsAlert, NcmDescriptionsCard } from './ncm-descriptions';

/**
 * /certificado-analise/$id (UX.md "Analysis screens"): the invoice and the cited declarations side by side above
 * the items; take for analysis, approve, reprove with reasons, and the cancellation and substitution decisions.
 */
function CertificateAnalysis({ certificate }: { certificate: Certificate }) {
  return (
    <CertificateFrame
      certificate={certificate}
      main={
        <>
          <LastReasonAlert certificate={certificate} />
          <MissingNcmDescriptionsAlert certificate={certificate} />
          <CertificateDataSection certificate={certificate} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <CertificateAttachmentsSection certificate={certificate} />
            </Col>
            <Col xs={24} lg={12}>
              <CitedDeclarationsSection certificate={certificate} />
            </Col>
          </Row>
          <CertificateItemsSection certificate={certificate} />
          <NcmDescriptionsCard certificate={certificate} />
        </>
      }
      side={
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <CertificateSidePanel certificate={certificate} side="analyst" />
        </Space>
      }
    />
  );
}

export function CertificateAnalysisPage() {
  return (
    <CertificateLoader>
      {(certificate) => <CertificateAnalysis certificate={certificate} />}
    </CertificateLoader>
  );
}
