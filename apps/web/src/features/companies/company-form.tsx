import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  COMPANY_TYPE,
  COMPANY_TYPE_LABEL,
  type Company,
  type CompanyTypeId,
  companyMessages,
} from '@origem/contract/schemas/companies';
import { DOWNLOAD_NAMES } from '@origem/contract/schemas/files';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, ConfigProvider, Divider, Input, Radio, Row, Tag, Typography } from 'antd';
import { useFormContext, useWatch } from 'react-hook-form';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { AddressFields } from '../../ui/address-fields';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { ContactFields } from '../../ui/contact-fields';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { PageHeader } from '../../ui/page-header';
import { PdfFileField } from '../../ui/pdf-file-field';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { COUNTRY_OPTIONS_PATH, type ExporterOption, exporterSource } from './api/company-keys';
import { useDeleteCompany } from './api/delete-company';
import { downloadSocialContract } from './api/download-social-contract';
import { useSaveCompany } from './api/save-company';
import { companyDefaults, companyFormData, companyFormSchema } from './company-form-values';
import { listOfType, NEW_COMPANY } from './company-paths';

type Named = { id: number; name: string };
type Country = Named & { code: string };

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 8 };
const TYPE_OPTIONS = [COMPANY_TYPE.importer, COMPANY_TYPE.intervenor].map((type) => ({
  value: type,
  label: type === COMPANY_TYPE.intervenor ? 'Consignatário (interveniente)' : COMPANY_TYPE_LABEL[type],
}));

/** An exporter's or a dispatcher's user files companies in its own book; staff choose the exporter. */
export function useIsStaff(): boolean {
  const { user } = useSession();
  return (
    !user?.exporter && !user?.dispatcher && !['exportador', 'despachante'].includes(user?.role.type ?? '')
  );
}

/** Country first: it decides whether the company is identified by CNPJ or by its own country's tax id. */
function IdentityFields({ brazilId, manufacturer }: { brazilId: number | null; manufacturer: boolean }) {
  const { control, setValue, clearErrors } = useFormContext();
  const countryId = useWatch({ control, name: 'country_id' }) as number | undefined;
  const brazilian = countryId !== undefined && countryId === brazilId;

  // Crossing the border changes what postcode and state mean: the old ones (and their messages) go.
  const onCountryChange = (next: unknown) => {
    const nextBrazilian = next === brazilId;
    if (nextBrazilian === brazilian) return;
    setValue('postcode', '', { shouldDirty: true });
    setValue('state', undefined, { shouldDirty: true });
    clearErrors(['cnpj', 'foreign_tax_id', 'postcode', 'state', 'phone']);
  };

  return (
    <>
      <Row gutter={16}>
        <Col {...half}>
          <FormField
            name="country_id"
            label="País"
            help={
              manufacturer
                ? undefined
                : 'Empresas estrangeiras são identificadas pelo registro fiscal do país.'
            }
          >
            <RemoteSelect<Country>
              path={COUNTRY_OPTIONS_PATH}
              toOption={(country) => ({ value: country.id, label: country.name })}
              allowClear={false}
              onChange={onCountryChange}
            />
          </FormField>
        </Col>
        <Col {...half}>
          {brazilian ? (
            <FormField name="cnpj" label="CNPJ" required>
              <MaskedInput mask="cnpj" />
            </FormField>
          ) : (
            <FormField
              name="foreign_tax_id"
              label="Identificador fiscal"
              required
              help="CUIT, RUT, RUC, NIT… como o país da empresa o escreve."
            >
              <Input maxLength={40} autoComplete="off" />
            </FormField>
          )}
        </Col>
        <Col {...half}>
          <FormField name="corporate_name" label="Razão social">
            <Input maxLength={255} autoComplete="off" />
          </FormField>
        </Col>
        <Col {...half}>
          <FormField name="trade_name" label="Nome fantasia">
            <Input maxLength={255} autoComplete="off" />
          </FormField>
        </Col>
        <ContactFields col={third} brazilian={brazilian} />
      </Row>
      <Divider titlePlacement="start">Endereço</Divider>
      <AddressFields foreign={!brazilian} />
    </>
  );
}

export type CompanyFormProps = {
  company?: Company;
  /** The type of a new company (the manufacturer form always creates type 2). */
  type: CompanyTypeId;
  /** Id of Brazil in the countries table (its companies need a CNPJ). */
  brazilId: number | null;
};

/**
 * Create (no `company`) or edit form of a company; the social contract travels with the record in one multipart
 * save. Read-only for users without company.manage. The manufacturer form fixes the type; the importer/intervenor
 * form lets the user choose between the two.
 */
export function CompanyForm({ company, type, brazilId }: CompanyFormProps) {
  const navigate = useNavigate();
  const { can, user } = useSession();
  const staff = useIsStaff();
  // A dispatcher files a new company in its own book or in that of an exporter it has an approved link with.
  const linkedExporter = !company && (user?.role.type === 'despachante' || Boolean(user?.dispatcher));
  const canManage = can('company.manage');
  const save = useSaveCompany();
  const removal = useDeleteCompany();
  const manufacturer = type === COMPANY_TYPE.manufacturer;

  const form = useApiForm({
    schema: companyFormSchema(brazilId, staff),
    defaultValues: companyDefaults(company, type),
    onSubmit: async ({ social_contract, ...values }) => {
      const body = companyFormData(values, social_contract);
      const saved = await save.mutateAsync({ id: company?.id, body });
      void notifySuccess(company ? companyMessages.updated : companyMessages.created);
      await navigate({ to: listOfType(saved.company_type_id).path });
    },
  });
  const chosenType = Number(useWatch({ control: form.control, name: 'company_type_id' })) || type;
  const back = listOfType(company?.company_type_id ?? chosenType).path;

  const remove = async (target: Company) => {
    const removed = await confirmDeletion(
      {
        title: `Excluir a empresa ${target.corporate_name}?`,
        content: 'A empresa e o seu contrato social serão apagados. Esta ação não pode ser desfeita.',
      },
      async () => {
        const answer = await removal.mutateAsync(target.id);
        form.reset(form.getValues());
        return answer.message;
      },
    );
    if (removed) await navigate({ to: back });
  };

  const owner = company?.exporter?.name ?? company?.dispatcher?.name;
  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={
          company
            ? company.corporate_name
            : (NEW_COMPANY[chosenType as CompanyTypeId] ?? NEW_COMPANY[type]).label
        }
        tags={
          company ? (
            <Tag color="blue">{COMPANY_TYPE_LABEL[company.company_type_id as CompanyTypeId]}</Tag>
          ) : undefined
        }
        hint={
          company
            ? [company.country.name, owner ? `Cadastro de ${owner}` : null].filter(Boolean).join(' · ')
            : 'Cadastre a empresa com o país, a identificação fiscal, o endereço e, se houver, o contrato social.'
        }
        backTo={back}
        extra={
          company && canManage ? (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => void remove(company).catch(ignoreShownError)}
            >
              Excluir
            </Button>
          ) : undefined
        }
      />
      <Card>
        <ApiForm form={form} label={manufacturer ? 'Dados do fabricante' : 'Dados da empresa'}>
          <ConfigProvider componentDisabled={!canManage}>
            <Row gutter={16}>
              {manufacturer ? null : (
                <Col {...half}>
                  <FormField name="company_type_id" label="Tipo de empresa">
                    <Radio.Group options={TYPE_OPTIONS} />
                  </FormField>
                </Col>
              )}
              {staff ? (
                <Col {...half}>
                  <FormField
                    name="exporter_id"
                    label="Exportador"
                    required={!company?.dispatcher_id}
                    help="A empresa fica no cadastro deste exportador e da associação dele."
                  >
                    <TypeAheadSelect<ExporterOption>
                      {...exporterSource}
                      selected={company?.exporter ? exporterSource.toOption(company.exporter) : null}
                    />
                  </FormField>
                </Col>
              ) : null}
              {linkedExporter ? (
                <Col {...half}>
                  <FormField
                    name="exporter_id"
                    label="Exportador vinculado"
                    help="Em branco, a empresa fica no seu cadastro. Só aparecem os exportadores com vínculo aprovado com você."
                  >
                    <TypeAheadSelect<ExporterOption>
                      {...exporterSource}
                      placeholder="Digite o nome ou o CNPJ"
                    />
                  </FormField>
                </Col>
              ) : null}
            </Row>
            <IdentityFields brazilId={brazilId} manufacturer={manufacturer} />
            <Divider titlePlacement="start">Contrato social</Divider>
            {canManage ? (
              <FormField name="social_contract" label="Contrato social (PDF, até 10 MB)">
                <PdfFileField
                  current={company?.social_contract ?? null}
                  downloadName={DOWNLOAD_NAMES.socialContract}
                  onDownload={
                    company
                      ? () => void downloadSocialContract(company.id).catch(ignoreShownError)
                      : undefined
                  }
                  pickLabel="Anexar contrato social (PDF)"
                />
              </FormField>
            ) : null}
          </ConfigProvider>
          {!canManage && company ? (
            company.social_contract ? (
              <Button
                icon={<DownloadOutlined aria-hidden />}
                onClick={() => void downloadSocialContract(company.id).catch(ignoreShownError)}
              >
                Baixar contrato social
              </Button>
            ) : (
              <Typography.Text type="secondary">Nenhum contrato social anexado.</Typography.Text>
            )
          ) : null}
          {canManage ? <FormActions onCancel={() => void navigate({ to: back })} /> : null}
        </ApiForm>
      </Card>
    </div>
  );
}
