import { TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { http } from '../api/http';
import type { QueryParams } from '../api/http-client';
import { fetchPage } from '../api/paging';
import type { SelectOption } from './remote-select';

/** How a type-ahead finds its records; features declare one per kind of record (exporters, companies, users…). */
export type TypeAheadSource<T> = {
  /** The paged search, e.g. '/v1/exporter' (or an option endpoint answering `{ data }`). */
  path: string;
  /** The query key that carries what was typed: 'name', 'corporate_name', 'search'… */
  searchParam: string;
  /** Filters sent with every search, e.g. `{ company_type_id: 2 }`. */
  query?: QueryParams;
  toOption: (row: T) => SelectOption;
  /**
   * Where the chosen record is read when it is not among the results (a value from the address or from the
   * record being edited): a detail path answering the row, or a list answering `{ data: [row] }`.
   */
  detailPath?: (value: string | number) => string;
};

export type TypeAheadSelectProps<T> = Omit<
  SelectProps,
  'options' | 'loading' | 'showSearch' | 'filterOption' | 'onSearch' | 'searchValue'
> &
  TypeAheadSource<T> & {
    /** The chosen record's option when the screen already knows it (saves the detail request). */
    selected?: SelectOption | null;
  };

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function singleValue(value: unknown): string | number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/**
 * A select over a table that grows (exporters, companies, users…): it asks the server for the first
 * TYPE_AHEAD_SIZE records matching what is typed (the list's own search, no count), instead of loading a whole
 * `…/all` list to filter in the browser. Works inside FormField and antd Form.Item (value/onChange pass through).
 */
export function TypeAheadSelect<T>({
  path,
  searchParam,
  query,
  toOption,
  detailPath,
  selected,
  placeholder = 'Digite para buscar',
  value,
  ...rest
}: TypeAheadSelectProps<T>) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<SelectOption | null>(null);
  const text = useDebounced(typed.trim(), DEBOUNCE_MS);

  const results = useQuery({
    queryKey: ['type-ahead', path, query ?? {}, text],
    queryFn: ({ signal }) =>
      fetchPage<T>(
        path,
        {
          ...query,
          [searchParam]: text || undefined,
          page: 1,
          per_page: TYPE_AHEAD_SIZE,
          count: 'false',
        },
        { signal },
      ),
    enabled: open || text !== '',
    // No previous answer kept on screen while the next loads: options that do not match what was typed
    // could be chosen by mistake.
    staleTime: 30_000,
  });

  // While typing pauses before the search, the last answer matches what was typed before: none is offered.
  const waiting = open && typed.trim() !== text;
  const searching = waiting || results.isFetching;
  const options = useMemo(
    () => (waiting ? [] : (results.data?.rows ?? []).map(toOption)),
    [waiting, results.data, toOption],
  );
  const current = singleValue(value);
  const known = current === undefined || options.some((option) => option.value === current);
  // The option picked here names the value until the screen or the results do (a pick made while the results of
  // what was typed are still awaited must not show as its bare id).
  const fromScreen =
    selected && selected.value === current ? selected : picked?.value === current ? picked : undefined;

  // The chosen record, when neither the results nor the screen name it: read once by its id.
  const chosen = useQuery({
    queryKey: ['type-ahead', path, 'item', current],
    queryFn: async () => {
      if (current === undefined || !detailPath) return null;
      const raw = await http.get<unknown>(detailPath(current), { list: true, silent: true });
      const body = raw as { data?: unknown } | null;
      const row = (Array.isArray(body?.data) ? body.data[0] : raw) as T | undefined;
      return row ? toOption(row) : null;
    },
    enabled: !known && !fromScreen && detailPath !== undefined,
    staleTime: 5 * 60_000,
  });

  const extra = known ? undefined : (fromScreen ?? chosen.data ?? undefined);
  const shown = extra ? [extra, ...options] : options;
  const more = results.data?.totalCapped ?? false;

  return (
    <Select
      allowClear
      placeholder={placeholder}
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(next) => {
        setOpen(next);
        // Closed: what was typed goes, the chosen option's label shows again.
        if (!next) setTyped('');
        rest.onOpenChange?.(next);
      }}
      onChange={(next, option) => {
        setPicked(option && !Array.isArray(option) ? (option as SelectOption) : null);
        setTyped('');
        rest.onChange?.(next, option);
      }}
      loading={searching}
      options={shown}
      notFoundContent={
        results.isError
          ? 'Não foi possível carregar as opções.'
          : searching
            ? 'Buscando…'
            : 'Nenhuma opção encontrada.'
      }
      popupRender={(menu) => (
        <>
          {menu}
          {more ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
              Mostrando os {TYPE_AHEAD_SIZE} primeiros: digite mais para refinar.
            </Typography.Text>
          ) : null}
        </>
      )}
    />
  );
}
