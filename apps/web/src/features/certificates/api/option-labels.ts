import { useQuery } from '@tanstack/react-query';
import { fetchAll } from '../../../api/paging';
import type { SelectOption } from '../../../ui/remote-select';

/**
 * The label of a reference-data id on a read-only screen, from the same `…/all` answer the form's RemoteSelect
 * caches (['options', path]): one request per table, shared with the selects.
 */
export function useOptionLabel<T>(
  path: string,
  id: number | null | undefined,
  toOption: (row: T) => SelectOption,
): string | null {
  const { data } = useQuery({
    queryKey: ['options', path],
    queryFn: () => fetchAll<T>(path),
    staleTime: 5 * 60_000,
    enabled: id !== null && id !== undefined,
  });
  if (id === null || id === undefined) return null;
  const found = (data ?? []).map(toOption).find((option) => option.value === id);
  return found?.label ?? null;
}
