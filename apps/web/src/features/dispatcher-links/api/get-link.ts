import type { DispatcherLinkDetail } from '@origem/contract/schemas/dispatcher-links';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { LINK_PATH, linkKeys } from './keys';

/** GET /v1/dispatcher_exporter_link/{id}: the link, what this user may do with it now, and its history. */
export function useDispatcherLink(id: number | null) {
  return useQuery({
    queryKey: linkKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<DispatcherLinkDetail>(`${LINK_PATH}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
