import { certificateFlow, declarationFlow, type FlowDefinition } from '@origem/contract/flows';
import type { Certificate } from '@origem/contract/schemas/certificates';
import type { Declaration } from '@origem/contract/schemas/declarations';

/**
 * What a signing screen signs (A1, A3, cloud): the record as its detail call answers it, which signature it awaits
 * from this user (the server's `actions` / `can.sign` decide; the routes check again), the A1 form's address and
 * where the user returns afterwards.
 */
export type SigningTarget = {
  title: string;
  flow: FlowDefinition;
  status: string;
  /** Who must sign: the certificate shows whose CPF the server will compare. */
  signer: string;
  /** The POST of SPEC §7 "Signatures", or null when nothing awaits this user's signature. */
  path: string | null;
  /** The record's screen to return to. */
  back: string;
};

const CERTIFICATE = '/v1/certificate';
const DECLARATION = '/v1/declaration';

/** Which of the certificate's two signatures this user may give now (the actions the API lists for them). */
export type SignatureStage = 'first' | 'second';
export function dueStage(certificate: Pick<Certificate, 'actions'>): SignatureStage | null {
  const actions: readonly string[] = certificate.actions;
  if (actions.includes('first_signature')) return 'first';
  if (actions.includes('second_signature')) return 'second';
  return null;
}

export function certificateTarget(c: Certificate): SigningTarget {
  const title = c.certificate_number ? `Certificado ${c.certificate_number}` : `Certificado nº ${c.id}`;
  const party = { back: `/certificado/${c.id}`, title, flow: certificateFlow, status: c.status };
  if (c.actions.includes('first_signature')) {
    return {
      ...party,
      signer: `Primeira assinatura: ${c.legal_representative.name}, responsável legal do exportador (o CPF do certificado digital deve ser o dele).`,
      path: `${CERTIFICATE}/first/signature/xml/a1/${c.id}`,
    };
  }
  if (c.actions.includes('second_signature')) {
    return {
      ...party,
      // The official may not analyse certificates: the read-only consultation shows the issued one.
      back: `/certificado-consulta/${c.id}`,
      signer:
        'Segunda assinatura: o certificado digital deve ser o seu (o CPF do seu usuário), pela entidade.',
      path: `${CERTIFICATE}/second/signature/xml/a1/${c.id}`,
    };
  }
  return { ...party, signer: '', path: null };
}

export function declarationTarget(d: Declaration): SigningTarget {
  return {
    title: `Declaração nº ${d.id} — ${d.product_name}`,
    flow: declarationFlow,
    status: d.status,
    signer: `Assinatura do responsável legal: ${d.legal_representative.name} (o CPF do certificado digital deve ser o dele).`,
    path: d.can.sign ? `${DECLARATION}/signature/a1/${d.id}` : null,
    back: `/declaracao/${d.id}`,
  };
}
