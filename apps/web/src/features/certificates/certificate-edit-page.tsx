import type { Certificate } from '@origem/contract/schemas/certificates';
import { Col, Row } from 'antd';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { PageHeader } from '../../ui/page-header';
import { RecordForbidden } from '../../ui/record-states';
import { CERTIFICATE_SCREENS } from './api/keys';
import { CertificateSidePanel } from './certificate-actions';
import { CertificateForm } from './certificate-form';
import { CertificateFrame, CertificateLoader } from './certificate-frame';
import {
  CertificateAttachmentsSection,
  CertificateDataSection,
  CertificateItemsSection,
  LastReasonAlert,
} from './certificate-sections';
import { NcmDescriptionsCard } from './ncm-descriptions';

const BACK = { to: CERTIFICATE_SCREENS.list, label: 'Voltar para os certificados' };

/** The stored certificate as the exporter's side sees it: the form while editable, the read-only sections after. */
function CertificateDetail({ certificate }: { certificate: Certificate }) {
  const side = <CertificateSidePanel certificate={certificate} side="party" />;
  if (certificate.can.edit) {
    return (
      <CertificateFrame
        certificate={certificate}
        main={
          <>
            <LastReasonAlert certificate={certificate} />
            <CertificateForm key={certificate.updated_at} certificate={certificate} />
          </>
        }
        side={side}
      />
    );
  }
  return (
    <CertificateFrame
      certificate={certificate}
      main={
        <>
          <LastReasonAlert certificate={certificate} />
          <CertificateDataSection certificate={certificate} />
          <CertificateItemsSection certificate={certificate} />
          <NcmDescriptionsCard certificate={certificate} />
          <CertificateAttachmentsSection certificate={certificate} />
        </>
      }
      side={side}
    />
  );
}

/** /certificado/$id: `novo` creates a draft; a number opens the certificate (edit while Rascunho or Reprovado). */
export function CertificateEditPage() {
  const { raw } = useRouteId();
  const { can } = useSession();
  if (raw === 'novo') {
    if (!can('certificate.create'))
      return <RecordForbidden title="Você não tem permissão para criar certificados." back={BACK} />;
    return (
      <>
        <PageHeader
          title="Novo certificado"
          hint="Uma fatura comercial para um importador, sob um acordo: os itens citam declarações de origem aprovadas."
          backTo={CERTIFICATE_SCREENS.list}
        />
        <Row>
          <Col xs={24} xl={16}>
            <CertificateForm />
          </Col>
        </Row>
      </>
    );
  }
  return (
    <CertificateLoader>{(certificate) => <CertificateDetail certificate={certificate} />}</CertificateLoader>
  );
}
