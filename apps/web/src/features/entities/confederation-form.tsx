import { messages } from '@origem/contract/messages.pt';
import type { Confederation } from '@origem/contract/schemas/entities';
import { useNavigate } from '@tanstack/react-router';
import { Card, Col, Divider, Input, Row } from 'antd';
import { useSession } from '../../lib/session';
import { AddressFields } from '../../ui/address-fields';
import { showSuccessDialog } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { RemoteSelect } from '../../ui/remote-select';
import { useCreateConfederation } from './api/create-confederation';
import { useDeleteConfederation } from './api/delete-confederation';
import { useUpdateConfederation } from './api/update-confederation';
import { ConfederationImageField } from './confederation-image-field';
import { EntityFormHeader } from './entity-form-header';
import { confederationDefaults, confederationFormSchema } from './entity-form-values';
import type { EntityOption } from './entity-option';
import { canCreateOrDelete } from './entity-rules';
import { toFormData } from './form-data';

export const CONFEDERATIONS_PATH = '/confederacoes';
export const confederationPath = (id: number | 'novo') => `/confederacao/${id}`;

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 8 };
const countryOption = (country: EntityOption) => ({ value: country.id, label: country.name });

/** Create (JSON, SPEC §7) or edit (multipart PUT) a confederation; its image is uploaded on its own first. */
export function ConfederationForm({ confederation }: { confederation?: Confederation }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateConfederation();
  const update = useUpdateConfederation();
  const removal = useDeleteConfederation();

  const form = useApiForm({
    schema: confederationFormSchema,
    defaultValues: confederationDefaults(confederation),
    onSubmit: async (values) => {
      if (confederation) await update.mutateAsync({ id: confederation.id, body: toFormData(values) });
      else await create.mutateAsync(values);
      void showSuccessDialog(
        confederation ? messages.success.confederationUpdated : messages.success.confederationCreated,
      );
      await navigate({ to: CONFEDERATIONS_PATH });
    },
  });

  return (
    <div style={{ maxWidth: 1040 }}>
      <EntityFormHeader
        title={confederation ? confederation.name : 'Nova confederação'}
        hint={
          confederation
            ? [
                confederation.abbreviation,
                confederation.confederation_code && `Código ${confederation.confederation_code}`,
              ]
                .filter(Boolean)
                .join(' · ') || undefined
            : 'Cadastre uma confederação, com seus dados de contato e sua logo.'
        }
        listPath={CONFEDERATIONS_PATH}
        record={confederation}
        deletion={
          canCreateOrDelete(user, 'confederation')
            ? {
                noun: 'a confederação',
                note: 'Esta ação não pode ser desfeita.',
                remove: removal.mutateAsync,
                onDeleted: () => form.reset(form.getValues()),
              }
            : undefined
        }
      />
      <Card>
        <ApiForm form={form} label="Dados da confederação">
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <FormField name="name" label="Nome">
                <Input maxLength={255} autoComplete="off" autoFocus={!confederation} />
              </FormField>
            </Col>
            <Col xs={24} md={4}>
              <FormField name="abbreviation" label="Sigla">
                <Input maxLength={30} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={24} md={4}>
              <FormField name="confederation_code" label="Código">
                <Input maxLength={20} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="cnpj" label="CNPJ">
                <MaskedInput mask="cnpj" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="email" label="E-mail">
                <Input type="email" maxLength={255} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="phone" label="Telefone">
                <MaskedInput mask="phone" />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="fax" label="Fax">
                <MaskedInput mask="phone" />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="url" label="Site">
                <Input maxLength={255} autoComplete="off" placeholder="https://www.exemplo.org.br" />
              </FormField>
            </Col>
          </Row>
          <Divider titlePlacement="start">Endereço</Divider>
          <AddressFields />
          <Row gutter={16}>
            <Col {...half}>
              <FormField name="country_id" label="País">
                <RemoteSelect<EntityOption> path="/v1/country/all" toOption={countryOption} />
              </FormField>
            </Col>
          </Row>
          <Divider titlePlacement="start">Logo</Divider>
          <FormField name="confederation_image" label="Logo da confederação">
            <ConfederationImageField
              currentUrl={confederation?.confederation_image?.url ?? null}
              alt={confederation ? `Logo da ${confederation.name}` : 'Logo da confederação'}
            />
          </FormField>
          <FormActions onCancel={() => void navigate({ to: CONFEDERATIONS_PATH })} />
        </ApiForm>
      </Card>
    </div>
  );
}
