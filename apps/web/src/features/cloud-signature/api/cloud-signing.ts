import type { Certificate } from '@origem/contract/schemas/certificates';
import type {
  CloudAttempt,
  CloudCallback,
  CloudCallbackResult,
  CloudDiscovery,
  CloudPurpose,
  CloudRecord,
} from '@origem/contract/schemas/cloud-signature';
import type { Declaration } from '@origem/contract/schemas/declarations';
import type { SignatureDocument } from '@origem/contract/schemas/signatures';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import {
  certificateTarget,
  declarationTarget,
  dueStage,
  type SigningTarget,
} from '../../../lib/signing-target';

/** What the cloud screen signs: the record's target, and where its cloud calls go (null: nothing due from you). */
export type CloudTarget = SigningTarget & { cloudPath: string | null; noun: string };

function certificateCloud(c: Certificate): CloudTarget {
  const stage = dueStage(c);
  return {
    ...certificateTarget(c),
    cloudPath: stage ? `/v1/certificate/${stage}/signature/cloud/${c.id}` : null,
    noun: 'o certificado',
  };
}

function declarationCloud(d: Declaration): CloudTarget {
  return {
    ...declarationTarget(d),
    cloudPath: d.can.sign ? `/v1/declaration/signature/cloud/${d.id}` : null,
    noun: 'a declaração',
  };
}

/** The record of the screen's address, as a cloud signing target. */
export function useCloudTarget(document: SignatureDocument, id: number | null) {
  return useQuery({
    queryKey: ['signatures', 'cloud', document, id ?? 0],
    queryFn: async ({ signal }) =>
      document === 'declaracao'
        ? declarationCloud(await http.get<Declaration>(`/v1/declaration/${id}`, { signal }))
        : certificateCloud(await http.get<Certificate>(`/v1/certificate/${id}`, { signal })),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET the target's cloud path: who signs, and which providers keep their certificate (asked each time). */
export function useDiscovery(cloudPath: string | null) {
  return useQuery({
    queryKey: ['signatures', 'cloud', 'discovery', cloudPath],
    queryFn: ({ signal }) => http.get<CloudDiscovery>(cloudPath ?? '', { signal }),
    enabled: cloudPath !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST the target's cloud path: a new attempt with the chosen provider; the answer is where the browser goes. */
export function useStartAttempt(cloudPath: string) {
  return useMutation({
    mutationFn: (provider: string) => http.post<CloudAttempt>(cloudPath, { provider }),
  });
}

// A callback is posted once per state, even when the screen mounts twice (React's development double effects).
const posted = new Map<string, Promise<CloudCallbackResult>>();

/** POST /v1/cloud_signature/callback: what the provider put on the return address. */
export function postCallback(input: CloudCallback): Promise<CloudCallbackResult> {
  let pending = posted.get(input.state);
  if (!pending) {
    pending = http.post<CloudCallbackResult>('/v1/cloud_signature/callback', input, { silent: true });
    posted.set(input.state, pending);
  }
  return pending;
}

/** The screen of the record a signature was about: the official reads the certificate on the consultation. */
export function recordScreen(
  record: Pick<CloudRecord, 'document' | 'record_id'> & { purpose?: CloudPurpose },
) {
  if (record.document === 'declaracao') return `/declaracao/${record.record_id}`;
  return record.purpose === 'certificate_second'
    ? `/certificado-consulta/${record.record_id}`
    : `/certificado/${record.record_id}`;
}
