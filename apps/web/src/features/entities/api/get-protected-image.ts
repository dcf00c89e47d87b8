import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../../../api/http';

/**
 * An entity image that needs the session's token (confederation images, association logos — served only to
 * users who may see the entity): fetched as a blob and shown through an object address, released when the
 * screen leaves it. Public federation logos go through it too, harmlessly.
 */
export function useProtectedImage(url: string | null) {
  const query = useQuery({
    queryKey: ['entity-images', url],
    queryFn: ({ signal }) => http.get<Blob>(url ?? '', { responseType: 'blob', silent: true, signal }),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return { src: objectUrl, isLoading: query.isLoading, isError: query.isError };
}
