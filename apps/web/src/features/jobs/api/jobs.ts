import type { Job } from '@origem/contract/schemas/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';

const JOBS_PATH = '/v1/job';
const jobKeys = { all: ['jobs'] as const };

/** GET /v1/job: newest first, filtered by the list's status and kind. */
export function useJobsTable(list: ListControls): ServerTable<Job> {
  return useServerTable<Job>({ queryKey: jobKeys.all, path: JOBS_PATH, list });
}

/** POST /v1/job/{id}/retry: a failed job goes back to the queue; the list is read again to show it. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<{ message: string }>(`${JOBS_PATH}/${id}/retry`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
