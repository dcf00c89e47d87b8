import type { ClassificationList } from '@origem/contract/schemas/nomenclature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateNomenclatureLists } from './invalidate';

export type ClassificationListChange = { id: number; name?: string; file?: File };

/** POST /v1/classification_list/{id} (multipart: name and/or file) → ClassificationList. The type never changes. */
export function updateClassificationList({
  id,
  name,
  file,
}: ClassificationListChange): Promise<ClassificationList> {
  const body = new FormData();
  if (name) body.append('name', name);
  if (file) body.append('file', file);
  return http.post<ClassificationList>(`/v1/classification_list/${id}`, body);
}

export function useUpdateClassificationList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClassificationList,
    onSuccess: () => invalidateNomenclatureLists(queryClient),
  });
}
