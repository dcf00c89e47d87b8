import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { fetchAll } from '../api/paging';

export type SelectOption = { value: string | number; label: string };

export type RemoteSelectProps<T> = Omit<SelectProps, 'options' | 'loading'> & {
  /** An unpaged `…/all` endpoint answering `{ data: [...] }`, e.g. '/v1/role/all'. */
  path: string;
  /** Row → option, e.g. (role) => ({ value: role.id, label: role.display_name }). */
  toOption: (row: T) => SelectOption;
  /** Offers only the rows that fit the field (e.g. weight units); the current value stays shown regardless. */
  only?: (row: T) => boolean;
};

/**
 * Select filled from an `…/all` endpoint, searchable by label, cached for 5 minutes.
 * Works inside FormField and antd Form.Item (value/onChange are passed through).
 */
export function RemoteSelect<T>({
  path,
  toOption,
  only,
  placeholder = 'Selecione',
  ...rest
}: RemoteSelectProps<T>) {
  const { data, isPending, isError } = useQuery({
    queryKey: ['options', path],
    queryFn: () => fetchAll<T>(path),
    staleTime: 5 * 60_000,
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder={placeholder}
      notFoundContent={isError ? 'Não foi possível carregar as opções.' : 'Nenhuma opção encontrada.'}
      {...rest}
      loading={isPending}
      options={(data ?? [])
        .map((row) => ({ row, option: toOption(row) }))
        .filter(({ row, option }) => !only || only(row) || option.value === rest.value)
        .map(({ option }) => option)}
    />
  );
}
