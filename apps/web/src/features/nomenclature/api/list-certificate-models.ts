import type { CertificateModelDealRow } from '@origem/contract/schemas/nomenclature';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { nomenclatureKeys } from './nomenclature-keys';

/** GET /v1/certificate_model?page&q: one row per deal, with its model (or null), in abbreviation order. */
export function useCertificateModelsTable(list: ListControls): ServerTable<CertificateModelDealRow> {
  return useServerTable<CertificateModelDealRow>({
    queryKey: nomenclatureKeys.modelDeals,
    path: '/v1/certificate_model',
    list,
  });
}
