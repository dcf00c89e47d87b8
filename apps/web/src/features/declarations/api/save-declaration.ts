import type { Declaration } from '@origem/contract/schemas/declarations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { DECLARATION_PATH, declarationKeys } from './keys';

/**
 * POST /v1/declaration (create, 201) or PUT /v1/declaration/{id} (edit): multipart with the fields, the materials
 * as JSON text and, optionally, the manufacturer's signed declaration (`manufacturer_declaration`, PDF).
 */
export function useSaveDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      id
        ? http.put<Declaration>(`${DECLARATION_PATH}/${id}`, body)
        : http.post<Declaration>(DECLARATION_PATH, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: declarationKeys.all }),
  });
}
