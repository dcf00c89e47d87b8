import type { Certificate, CertificateAction } from '@origem/contract/schemas/certificates';
import type { Declaration, DeclarationAction } from '@origem/contract/schemas/declarations';
import type { SignatureDocument } from '@origem/contract/schemas/signatures';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { certificateTarget, declarationTarget } from '../../../lib/signing-target';

const CERTIFICATE = '/v1/certificate';
const DECLARATION = '/v1/declaration';

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
