import type { NcmUploadResult } from '@origem/contract/schemas/nomenclature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { nomenclatureKeys } from './nomenclature-keys';

/**
 * POST /v1/ncm/upload (multipart `file`) → counts. The server checks the whole file first: a 422 lists every
 * problem with its line under `errors.file`, and nothing changes.
 */
export function uploadNcmTable(file: File): Promise<NcmUploadResult> {
  const body = new FormData();
  body.append('file', file);
  return http.post<NcmUploadResult>('/v1/ncm/upload', body);
}

export function useUploadNcmTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadNcmTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nomenclatureKeys.ncm }),
  });
}
