import { certificateFlow, declarationFlow, type FlowDefinition } from '@origem/contract/flows';
import type { Certificate, CertificateAction } from '@origem/contract/schemas/certificates';
import type { Declaration, DeclarationAction } from '@origem/contract/schemas/declarations';
import type { SignatureDocument } from '@origem/contract/schemas/signatures';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';

/**
 * What the A1 screen signs: the record as its detail call answers it, which signature it awaits from this user
 * (the server's `actions` / `can.sign` decide; the routes check again), where the form posts and where the user
 * returns afterwards.
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

/** The record of the screen's address, as a signing target. */
export function useSigningTarget(document: SignatureDocument, id: number | null) {
  return useQuery({
    queryKey: ['signatures', document, id ?? 0],
    queryFn: async ({ signal }) =>
      document === 'declaracao'
        ? declarationTarget(await http.get<Declaration>(`${DECLARATION}/${id}`, { signal }))
        : certificateTarget(await http.get<Certificate>(`${CERTIFICATE}/${id}`, { signal })),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Posts the A1 file and its password (multipart, read in memory by the server); resolves the success text. */
export async function signWithA1(path: string, file: File, password: string): Promise<string | null> {
  const body = new FormData();
  body.append('password', password);
  body.append('certificate', file, file.name);
  const answer = await http.post<CertificateAction | DeclarationAction>(path, body);
  return answer.message;
}
