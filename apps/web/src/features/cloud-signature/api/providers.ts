import type {
  CloudProviderCreate,
  CloudProviderList,
  CloudProviderSaved,
  CloudProviderUpdate,
} from '@origem/contract/schemas/cloud-signature';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

const PATH = '/v1/cloud_signature/provider';
const keys = { all: ['cloud-signature', 'providers'] as const };

/** GET: the operator's providers and the screen's, and the redirect URI to register with them. */
export function useProviders() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => http.get<CloudProviderList>(PATH, { signal }),
  });
}

/** POST (a new provider) or PUT (an edit: a blank secret keeps the stored one). */
export function useSaveProvider(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CloudProviderCreate | CloudProviderUpdate) =>
      id === null
        ? http.post<CloudProviderSaved>(PATH, body)
        : http.put<CloudProviderSaved>(`${PATH}/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`${PATH}/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
