import type { ImageUpload } from '@origem/contract/schemas/entities';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../api/http';

/**
 * POST /v2/confederation/image/upload: exactly one file in the multipart field `file` (SPEC §5). The answer's
 * `file` goes into the save as `confederation_image`. Errors are shown by the caller (SPEC §8 logo text).
 */
export function useUploadConfederationImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return http.post<ImageUpload>('/v2/confederation/image/upload', body, { silent: true });
    },
  });
}
