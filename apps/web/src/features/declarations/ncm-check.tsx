import type { NcmDetail } from '@origem/contract/schemas/nomenclature';
import { isValidNcm, unmaskNcm } from '@origem/contract/validators/ncm';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { isApiError } from '../../api/api-error';
import { http } from '../../api/http';

/** GET /v1/ncm/{code} once the code has its 8 digits; null when the table does not have it. */
export function useNcmLookup(value: string | null | undefined) {
  const code = value && isValidNcm(value) ? unmaskNcm(value) : null;
  return useQuery({
    queryKey: ['ncm', 'detail', code],
    queryFn: async ({ signal }) => {
      try {
        return await http.get<NcmDetail>(`/v1/ncm/${code}`, { signal, silent: true });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: code !== null,
    staleTime: 5 * 60_000,
  });
}

/** The deal's code for an NCM, as the server will fill it: the NCM itself, or its classification list's. */
export function nomenclatureHint(detail: NcmDetail, classificationType: string | undefined): string | null {
  if (!classificationType) return null;
  if (classificationType === 'NCM') return `Código no acordo (NCM): o próprio NCM.`;
  const listed = detail.naladi.find((row) => row.classification_type === classificationType);
  return listed
    ? `Código ${classificationType} da lista de classificação do acordo: ${listed.code}.`
    : `Este NCM não tem código ${classificationType} na lista de classificação carregada.`;
}

/**
 * What the NCM table says about the typed code, under the field: its description, or that it is unknown or not a
 * subitem (the server refuses both on save); with the deal's code from its classification list.
 */
export function NcmCheck({
  value,
  classificationType,
}: {
  value: string | null | undefined;
  classificationType?: string;
}) {
  const lookup = useNcmLookup(value);
  if (!value || !isValidNcm(value)) return null;
  if (lookup.isPending) return <Typography.Text type="secondary">Consultando a tabela NCM…</Typography.Text>;
  if (lookup.isError)
    return <Typography.Text type="warning">Não foi possível consultar a tabela NCM.</Typography.Text>;
  const detail = lookup.data;
  if (!detail) return <Typography.Text type="danger">NCM não encontrado na tabela NCM.</Typography.Text>;
  if (!detail.leaf)
    return (
      <Typography.Text type="danger">
        {detail.description}: não é um subitem; informe um NCM completo.
      </Typography.Text>
    );
  const hint = nomenclatureHint(detail, classificationType);
  return (
    <Typography.Text type="success">
      {detail.description}
      {hint ? <Typography.Text type="secondary"> · {hint}</Typography.Text> : null}
    </Typography.Text>
  );
}
