import type { Certificate } from '@origem/contract/schemas/certificates';
import type { Declaration } from '@origem/contract/schemas/declarations';
import type { SignatureDocument } from '@origem/contract/schemas/signatures';
import {
  SIGNER_DOWNLOAD_FAILED,
  type SignerDownload,
  type SignerSession,
} from '@origem/contract/schemas/signer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import {
  certificateTarget,
  declarationTarget,
  dueStage,
  type SignatureStage,
  type SigningTarget,
} from '../../../lib/signing-target';
import { showErrorDialog } from '../../../ui/feedback';

/** What the A3 screen signs: the A1 screen's target plus where the code comes from and how to see it was used. */
export type A3Target = SigningTarget & {
  /** GET …/signature/a3/{id} of the signature due from this user (SPEC §7), or null when none is. */
  codePath: string | null;
  /** What is signed and by whom, shown before the code. */
  instruction: string;
  /** Changes once the server accepted a signature (a certificate's status; a declaration's `signed_at`). */
  mark: string;
  /** Said after the signature was accepted. */
  done: string;
  /** "este certificado" / "esta declaração". */
  noun: string;
  /** Said when no signature is due from this user. */
  nothingDue: string;
};

const STAGE_TEXT: Record<SignatureStage, string> = {
  first: 'Primeira assinatura: o responsável legal do exportador assina o COD (#COD) com o seu e-CPF A3.',
  second:
    'Segunda assinatura: o usuário autorizado da entidade assina o COD certificado (#CODEH) com o seu e-CPF A3.',
};

function certificateA3(c: Certificate): A3Target {
  const stage = dueStage(c);
  return {
    ...certificateTarget(c),
    codePath: stage ? `/v1/certificate/${stage}/signature/a3/${c.id}` : null,
    instruction: stage ? STAGE_TEXT[stage] : '',
    mark: c.status,
    done: `O certificado está agora na situação "${c.certificate_flow.name}".`,
    noun: 'este certificado',
    nothingDue: 'Nenhuma assinatura pendente para você neste certificado',
  };
}

function declarationA3(d: Declaration): A3Target {
  return {
    ...declarationTarget(d),
    codePath: d.can.sign ? `/v1/declaration/signature/a3/${d.id}` : null,
    instruction: `Assinatura do responsável legal: ${d.legal_representative.name} assina a declaração (#Declaration) com o seu e-CPF A3.`,
    mark: d.signed_at ?? '',
    done: 'A declaração foi assinada e segue para a aprovação do analista (Aprovar por assinatura digital).',
    noun: 'esta declaração',
    nothingDue: 'Nenhuma assinatura pendente para você nesta declaração',
  };
}

/**
 * The record of the screen's address as an A3 target; while the signer program works (`polling`), read again every
 * few seconds so the screen sees the server accept the signature.
 */
export function useA3Target(document: SignatureDocument, id: number | null, polling: boolean) {
  return useQuery({
    queryKey: ['signatures', 'a3', document, id ?? 0],
    queryFn: async ({ signal }) =>
      document === 'declaracao'
        ? declarationA3(await http.get<Declaration>(`/v1/declaration/${id}`, { signal }))
        : certificateA3(await http.get<Certificate>(`/v1/certificate/${id}`, { signal })),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: polling ? 3000 : false,
  });
}

/** GET the target's `codePath`: a new one-time code for the signer program. */
export function useSignerCode() {
  return useMutation({ mutationFn: (codePath: string) => http.get<SignerSession>(codePath) });
}

/** GET /v1/signer/download: the package's address; any failure is SPEC's one message. */
export async function signerDownloadUrl(): Promise<string | null> {
  try {
    const { url } = await http.get<SignerDownload>('/v1/signer/download', { silent: true });
    return url;
  } catch {
    void showErrorDialog(SIGNER_DOWNLOAD_FAILED);
    return null;
  }
}
