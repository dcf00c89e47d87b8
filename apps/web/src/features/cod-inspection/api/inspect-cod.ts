import {
  COD_INSPECTION_FIELD,
  type CodInspection,
  codInspectionPaths,
} from '@origem/contract/schemas/cod-inspection';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../api/http';

export type InspectionAudience = 'staff' | 'public';

/**
 * POST the COD file for inspection: the back office's route (signed in) or the public page's (anonymous,
 * rate-limited). Reading only: no idempotency key (nothing to replay), and the block shows every failure itself.
 */
export function useCodInspection(audience: InspectionAudience) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(COD_INSPECTION_FIELD, file);
      return http.post<CodInspection>(codInspectionPaths[audience], body, {
        anonymous: audience === 'public',
        silent: true,
        idempotent: false,
      });
    },
  });
}
