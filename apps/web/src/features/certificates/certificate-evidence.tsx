import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { Certificate } from '@origem/contract/schemas/certificates';
import { evidenceLine } from '@origem/contract/schemas/document-verification';
import { Alert, Button } from 'antd';
import { formatDateTime } from '../../ui/format';
import { downloadCertificateTimestamp, useCertificateEvidence } from './api/evidence';

/** The states after the entity's signature: the COD has its evidence record (issue 37). */
const SIGNED_STATES = new Set([
  'AGUARDANDO_CARIMBO',
  'EMITIDO',
  'CANCELAMENTO_SOLICITADO',
  'CANCELADO',
  'SUBSTITUICAO_SOLICITADA',
  'SUBSTITUIDO',
]);

/**
 * "Assinaturas válidas em <data> — carimbo do tempo de <autoridade>": the evidence record of a digitally signed
 * certificate, with its timestamp to download; while the authority has not answered, that it waits.
 */
export function CertificateEvidenceLine({ certificate }: { certificate: Certificate }) {
  const query = useCertificateEvidence(certificate.id, SIGNED_STATES.has(certificate.status));
  const evidence = query.data;
  if (!evidence || evidence.status === 'none') return null;
  if (evidence.status === 'pending') {
    return (
      <Alert
        type="warning"
        showIcon
        title="Aguardando carimbo do tempo"
        description="As assinaturas foram registradas; a autoridade de carimbo do tempo ainda não respondeu. O Origem tenta de novo automaticamente e conclui a emissão assim que ela responder."
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      icon={<SafetyCertificateOutlined />}
      role="status"
      aria-label="Registro de evidência das assinaturas"
      title={evidenceLine(evidence.timestamped_at ?? '', evidence.authority ?? '', (iso) =>
        formatDateTime(iso),
      )}
      description={`Signatários: ${evidence.signers.map((s) => s.name).join('; ')}.`}
      action={
        <Button size="small" onClick={() => void downloadCertificateTimestamp(certificate.id)}>
          Baixar carimbo do tempo (.tsr)
        </Button>
      }
    />
  );
}
