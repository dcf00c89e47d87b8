import { COMPANY_TYPE, type CompanyTypeId } from '@origem/contract/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearch } from '@tanstack/react-router';
import { fetchAll } from '../../api/paging';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { COUNTRY_OPTIONS_PATH } from './api/company-keys';
import { useCompany } from './api/get-company';
import { CompanyForm } from './company-form';
import { formPathOf, listOfType } from './company-paths';

/** The two company forms of SPEC §2: manufacturers, and importers or intervenors (type chosen in the form). */
export type CompanyFormKind = 'manufacturer' | 'importer-intervenor';

type Country = { id: number; code: string };

/** The countries of the select (same cache as its RemoteSelect): Brazil's id decides CNPJ vs foreign tax id. */
function useBrazilId() {
  const query = useQuery({
    queryKey: ['options', COUNTRY_OPTIONS_PATH],
    queryFn: () => fetchAll<Country>(COUNTRY_OPTIONS_PATH),
    staleTime: 5 * 60_000,
  });
  return { ...query, brazilId: query.data?.find((country) => country.code === 'BR')?.id ?? null };
}

function newType(kind: CompanyFormKind, requested: unknown): CompanyTypeId {
  if (kind === 'manufacturer') return COMPANY_TYPE.manufacturer;
  return Number(requested) === COMPANY_TYPE.intervenor ? COMPANY_TYPE.intervenor : COMPANY_TYPE.importer;
}

/**
 * /empresas-fab/$id and /empresas-imp-int/$id: `novo` creates (`?type=3` preselects the intervenor); a number edits,
 * or shows read-only without company.manage. A company opened on the other form's address moves to its own.
 */
export function CompanyEditPage({ kind }: { kind: CompanyFormKind }) {
  const { raw, id } = useRouteId();
  const search = useSearch({ strict: false }) as { type?: unknown };
  const { can } = useSession();
  const creating = raw === 'novo';
  const query = useCompany(creating ? null : id);
  const countries = useBrazilId();
  const type = newType(kind, search.type);
  const list = listOfType(query.data?.company_type_id ?? type);
  const back = { to: list.path, label: `Voltar para ${list.title.toLowerCase()}` };

  if (creating && !can('company.manage')) {
    return <RecordForbidden title="Você não tem permissão para cadastrar empresas." back={back} />;
  }
  if (!creating && id === null) return <RecordNotFound subject="A empresa" back={back} />;
  if ((!creating && query.isPending) || countries.isPending)
    return <RecordLoading label="Carregando empresa" />;
  if (query.isError || countries.isError) {
    const error = query.error ?? countries.error;
    return (
      <RecordLoadFailed
        error={error ?? new Error('')}
        subject="A empresa"
        what="a empresa"
        back={back}
        onRetry={() => void (query.isError ? query.refetch() : countries.refetch())}
      />
    );
  }
  const company = query.data;
  if (company && (company.company_type_id === COMPANY_TYPE.manufacturer) !== (kind === 'manufacturer')) {
    return <Navigate to={formPathOf(company.company_type_id, company.id)} replace />;
  }
  return (
    <CompanyForm
      key={company?.id ?? `novo-${type}`}
      company={company}
      type={(company?.company_type_id as CompanyTypeId | undefined) ?? type}
      brazilId={countries.brazilId}
    />
  );
}
