import { messages } from '@origem/contract/messages.pt';
import type { Federation } from '@origem/contract/schemas/entities';
import { useNavigate } from '@tanstack/react-router';
import { Card, Col, Divider, Input, Row } from 'antd';
import { useSession } from '../../lib/session';
import { AddressFields } from '../../ui/address-fields';
import { showSuccessDialog } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { RemoteSelect } from '../../ui/remote-select';
import { useCreateFederation } from './api/create-federation';
import { useDeleteFederation } from './api/delete-federation';
import { useUpdateFederation } from './api/update-federation';
import { EntityFormHeader } from './entity-form-header';
import { federationDefaults, federationFormSchema, savingLogo } from './entity-form-values';
import { type EntityOption, entityOption } from './entity-option';
import { canCreateOrDelete } from './entity-rules';
import { toFormData } from './form-data';
import { LogoField } from './logo-field';

export const FEDERATIONS_PATH = '/federacoes';

const half = { xs: 24, md: 12 };

/** Create (no `federation`) or edit form; the logo is sent with the record in one multipart save. */
export function FederationForm({ federation }: { federation?: Federation }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateFederation();
  const update = useUpdateFederation();
  const removal = useDeleteFederation();

  const form = useApiForm({
    schema: federationFormSchema,
    defaultValues: federationDefaults(federation),
    onSubmit: async ({ logo, ...values }) => {
      const body = toFormData(
        { ...values, remove_logo: logo === null },
        { file: logo instanceof File ? logo : null },
      );
      await savingLogo(logo instanceof File, () =>
        federation ? update.mutateAsync({ id: federation.id, body }) : create.mutateAsync(body),
      );
      void showSuccessDialog(
        federation ? messages.success.federationUpdated : messages.success.federationCreated,
      );
      await navigate({ to: FEDERATIONS_PATH });
    },
  });

  return (
    <div style={{ maxWidth: 1040 }}>
      <EntityFormHeader
        title={federation ? federation.name : 'Nova federação'}
        hint={
          federation
            ? [federation.abbreviation, federation.confederation?.name].filter(Boolean).join(' · ') ||
              undefined
            : 'Cadastre uma federação de associações comerciais, com seus dados e sua logo.'
        }
        listPath={FEDERATIONS_PATH}
        record={federation}
        deletion={
          canCreateOrDelete(user, 'federation')
            ? {
                noun: 'a federação',
                note: 'Esta ação não pode ser desfeita.',
                remove: removal.mutateAsync,
                onDeleted: () => form.reset(form.getValues()),
              }
            : undefined
        }
      />
      <Card>
        <ApiForm form={form} label="Dados da federação">
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <FormField name="name" label="Nome">
                <Input maxLength={255} autoComplete="off" autoFocus={!federation} />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField name="abbreviation" label="Sigla">
                <Input maxLength={30} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="cnpj" label="CNPJ">
                <MaskedInput mask="cnpj" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="confederation_id" label="Confederação">
                <RemoteSelect<EntityOption> path="/v2/confederation/all" toOption={entityOption} />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="email" label="E-mail">
                <Input type="email" maxLength={255} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="phone" label="Telefone">
                <MaskedInput mask="phone" />
              </FormField>
            </Col>
          </Row>
          <Divider titlePlacement="start">Endereço</Divider>
          <AddressFields />
          <Divider titlePlacement="start">Logo</Divider>
          <FormField
            name="logo"
            label="Logo da federação"
            help="Aparece no cabeçalho do Origem para os usuários da federação e nos documentos impressos."
          >
            <LogoField
              currentSrc={federation?.logo?.url ?? null}
              alt={federation ? `Logo da ${federation.name}` : 'Logo da federação'}
            />
          </FormField>
          <FormActions onCancel={() => void navigate({ to: FEDERATIONS_PATH })} />
        </ApiForm>
      </Card>
    </div>
  );
}
