import { useParams } from '@tanstack/react-router';

/**
 * The `$id` parameter of the current route: `raw` as written in the address, `id` as a positive integer
 * (null for anything else, e.g. "novo" on a create screen).
 */
export function useRouteId(): { raw: string; id: number | null } {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const raw = params.id ?? '';
  const id = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return { raw, id };
}
