import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { z } from 'zod';
import { lenientSearch } from './search-params';

/** The current URL search parameters parsed with a zod schema (invalid values fall back to defaults). */
export function useSearchValues<T>(schema: z.ZodType<T>): T {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const validate = useMemo(() => lenientSearch(schema), [schema]);
  return useMemo(() => validate(raw), [validate, raw]);
}
