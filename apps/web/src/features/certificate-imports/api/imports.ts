import type {
  CertificateImport,
  CertificateImportDetail,
} from '@origem/contract/schemas/certificate-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../api/download';
import { http } from '../../../api/http';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';

const PATH = '/v1/certificate_import';
const keys = {
  all: ['certificate-imports'] as const,
  list: ['certificate-imports', 'list'] as const,
  one: (id: number) => ['certificate-imports', 'one', id] as const,
};

/** While the job works, the screen asks again every second (the progress lives in the import's row). */
const RUNNING = new Set(['VALIDANDO', 'IMPORTANDO']);
export const isRunning = (status: string | undefined) => Boolean(status && RUNNING.has(status));

/** GET /v1/certificate_import: the user's imports, newest first. */
export function useImportsTable(list: ListControls): ServerTable<CertificateImport> {
  return useServerTable<CertificateImport>({
    queryKey: keys.list,
    path: PATH,
    list,
    query: { page: list.page },
  });
}

/** GET /v1/certificate_import/{id}: polled while it validates or imports. */
export function useImport(id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.one(id ?? 0),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const found = await http.get<CertificateImportDetail>(`${PATH}/${id}`, { signal });
      // The history shows the same import: it follows the progress too.
      if (!isRunning(found.status)) void client.invalidateQueries({ queryKey: keys.list });
      return found;
    },
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? 1000 : false),
  });
}

/** POST /v1/certificate_import: the file goes as multipart; the validation starts on the server. */
export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return http.post<CertificateImportDetail>(PATH, body, { silent: true });
    },
    onSuccess: (created) => {
      client.setQueryData(keys.one(created.id), created);
      void client.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** POST /v1/certificate_import/{id}/confirm: all the certificates, or only the valid ones. */
export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, onlyValid }: { id: number; onlyValid: boolean }) =>
      http.post<CertificateImportDetail>(`${PATH}/${id}/confirm`, { only_valid: onlyValid }),
    onSuccess: (answer) => {
      client.setQueryData(keys.one(answer.id), answer);
      void client.invalidateQueries({ queryKey: keys.list });
    },
  });
}

export const downloadTemplate = (format: 'xlsx' | 'csv') =>
  downloadFile(`${PATH}/template`, {
    query: { format },
    defaultName: `modelo-importacao-certificados.${format}`,
  });

export const downloadImportedFile = (item: Pick<CertificateImport, 'id' | 'file_name'>) =>
  downloadFile(`${PATH}/${item.id}/file`, { defaultName: item.file_name });
