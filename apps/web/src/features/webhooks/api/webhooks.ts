import type {
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookInput,
  WebhookUpdate,
} from '@origem/contract/schemas/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';

const PATH = '/v1/webhook';
const keys = {
  all: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', id, 'deliveries'] as const,
};

/** GET /v1/webhook: the owner's endpoints. */
export function useWebhooks() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => http.get<{ data: Webhook[] }>(PATH, { signal }),
  });
}

/** POST /v1/webhook: the answer carries the signing secret, shown once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput) => http.post<WebhookCreated>(PATH, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** PUT /v1/webhook/{id}: events, address, on/off. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookUpdate & { id: number }) =>
      http.put<{ message: string }>(`${PATH}/${id}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`${PATH}/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** GET /v1/webhook/{id}/delivery: the endpoint's delivery log, newest first. */
export function useDeliveriesTable(id: number, list: ListControls): ServerTable<WebhookDelivery> {
  return useServerTable<WebhookDelivery>({
    queryKey: keys.deliveries(id),
    path: `${PATH}/${id}/delivery`,
    list,
  });
}

/** POST /v1/webhook/delivery/{id}/replay ("Reenviar"). */
export function useReplayDelivery(endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<{ message: string }>(`${PATH}/delivery/${id}/replay`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: keys.deliveries(endpointId) }),
  });
}
