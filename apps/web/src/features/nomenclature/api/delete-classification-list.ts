import { nomenclatureMessages } from '@origem/contract/schemas/nomenclature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateNomenclatureLists } from './invalidate';

/** DELETE /v1/classification_list/{id} → { message }: the list, its items and its stored file. */
export function useDeleteClassificationList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await http.delete<{ message?: string } | undefined>(`/v1/classification_list/${id}`);
      return answer?.message || nomenclatureMessages.classificationList.deleted;
    },
    onSuccess: () => invalidateNomenclatureLists(queryClient),
  });
}
