import type { ClassificationList, ClassificationListType } from '@origem/contract/schemas/nomenclature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateNomenclatureLists } from './invalidate';

export type NewClassificationList = { classification_type: ClassificationListType; name: string; file: File };

/**
 * POST /v1/classification_list (multipart: classification_type, name, file) → 201 ClassificationList.
 * A 422 carries field messages, and under `file` every problem of the CSV with its line.
 */
export function createClassificationList(input: NewClassificationList): Promise<ClassificationList> {
  const body = new FormData();
  body.append('classification_type', input.classification_type);
  body.append('name', input.name);
  body.append('file', input.file);
  return http.post<ClassificationList>('/v1/classification_list', body);
}

export function useCreateClassificationList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassificationList,
    onSuccess: () => invalidateNomenclatureLists(queryClient),
  });
}
