import { certificateFlow } from '@origem/contract/flows';
import { type CertificateListItem, EDITABLE_CERTIFICATE_STATES } from '@origem/contract/schemas/certificates';
import { CERTIFICATE_SCREENS } from './api/keys';

type Can = (permission: string) => boolean;
const SENT: string[] = certificateFlow.actions.take.from as unknown as string[];
const ANALYST_STATES: string[] = [
  ...SENT,
  certificateFlow.actions.take.to,
  certificateFlow.actions.send_cancellation.from[0],
  certificateFlow.actions.send_substitution.from[0],
];

/**
 * Which screen a list row opens for this user: the analyst's analysis while the certificate waits for a decision,
 * the party's detail (edit or its own actions) for who creates certificates, the read-only consultation otherwise.
 */
export function screenFor(
  row: Pick<CertificateListItem, 'id' | 'status'>,
  can: Can,
): {
  to: string;
  verb: 'Analisar' | 'Editar' | 'Abrir' | 'Ver';
} {
  if (can('certificate.analyse') && ANALYST_STATES.includes(row.status))
    return { to: CERTIFICATE_SCREENS.analysis(row.id), verb: 'Analisar' };
  if (can('certificate.create')) {
    const editable = EDITABLE_CERTIFICATE_STATES.includes(row.status);
    return { to: CERTIFICATE_SCREENS.edit(row.id), verb: editable ? 'Editar' : 'Abrir' };
  }
  return { to: CERTIFICATE_SCREENS.view(row.id), verb: 'Ver' };
}
