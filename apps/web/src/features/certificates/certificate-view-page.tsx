import { CertificateSidePanel } from './certificate-actions';
import { CertificateFrame, CertificateLoader } from './certificate-frame';
import {
  CertificateAttachmentsSection,
  CertificateDataSection,
  CertificateItemsSection,
  LastReasonAlert,
} from './certificate-sections';

/** /certificado-consulta/$id: the certificate read-only — its sections, print and history, no decisions. */
export function CertificateViewPage() {
  return (
    <CertificateLoader>
      {(certificate) => (
        <CertificateFrame
          certificate={certificate}
          main={
            <>
              <LastReasonAlert certificate={certificate} />
              <CertificateDataSection certificate={certificate} />
              <CertificateItemsSection certificate={certificate} />
              <CertificateAttachmentsSection certificate={certificate} />
            </>
          }
          side={<CertificateSidePanel certificate={certificate} side={null} />}
        />
      )}
    </CertificateLoader>
  );
}
