import { type AssociationDetail, entityMessages } from '@origem/contract/schemas/entities';
import { useNavigate } from '@tanstack/react-router';
import { Card, Col, Divider, Input, Row } from 'antd';
import { useSession } from '../../lib/session';
import { AddressFields } from '../../ui/address-fields';
import { showSuccessDialog } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import {
  type AssociationUserOption,
  associationUserLabel,
  associationUserSource,
} from './api/association-user-source';
import { useCreateAssociation } from './api/create-association';
import { useDeleteAssociation } from './api/delete-association';
import { useUpdateAssociation } from './api/update-association';
import { EntityFormHeader } from './entity-form-header';
import { associationDefaults, associationFormSchema, type FeeRow, savingLogo } from './entity-form-values';
import { type EntityOption, entityOption } from './entity-option';
import { canCreateOrDelete } from './entity-rules';
import { FeeTable } from './fee-table';
import { toFormData } from './form-data';
import { LogoField } from './logo-field';

export const ASSOCIATIONS_PATH = '/associacoes';

const half = { xs: 24, md: 12 };

/** Create or edit an association: its data, logo and fee table, saved together in one multipart request. */
export function AssociationForm({
  association,
  fees,
  dealsFailed,
}: {
  association?: AssociationDetail;
  fees: FeeRow[];
  dealsFailed: boolean;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateAssociation();
  const update = useUpdateAssociation();
  const removal = useDeleteAssociation();

  const form = useApiForm({
    schema: associationFormSchema,
    defaultValues: associationDefaults(association, fees),
    onSubmit: async ({ logo, ...values }) => {
      const body = toFormData(
        { ...values, remove_logo: logo === null },
        { file: logo instanceof File ? logo : null },
      );
      await savingLogo(logo instanceof File, () =>
        association ? update.mutateAsync({ id: association.id, body }) : create.mutateAsync(body),
      );
      void showSuccessDialog(
        association ? entityMessages.association.updated : entityMessages.association.created,
      );
      await navigate({ to: ASSOCIATIONS_PATH });
    },
  });

  return (
    <div style={{ maxWidth: 1040 }}>
      <EntityFormHeader
        title={association ? association.name : 'Nova associação comercial'}
        hint={
          association
            ? [association.ehid && `EHId ${association.ehid}`, association.federation?.name]
                .filter(Boolean)
                .join(' · ')
            : 'Cadastre uma associação comercial (entidade emissora), sua logo e suas taxas por acordo.'
        }
        listPath={ASSOCIATIONS_PATH}
        record={association}
        deletion={
          canCreateOrDelete(user, 'association')
            ? {
                noun: 'a associação',
                note: 'A tabela de taxas da associação também será excluída. Esta ação não pode ser desfeita.',
                remove: removal.mutateAsync,
                onDeleted: () => form.reset(form.getValues()),
              }
            : undefined
        }
      />
      <Card>
        <ApiForm form={form} label="Dados da associação comercial">
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <FormField name="name" label="Nome">
                <Input maxLength={255} autoComplete="off" autoFocus={!association} />
              </FormField>
            </Col>
            <Col xs={12} md={5}>
              <FormField name="abbreviation" label="Sigla">
                <Input maxLength={30} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={12} md={5}>
              <FormField name="ehid" label="EHId" help="Código ALADI: 3 letras ou dígitos.">
                <Input
                  maxLength={3}
                  autoComplete="off"
                  style={{ textTransform: 'uppercase', fontFamily: 'monospace' }}
                />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="cnpj" label="CNPJ">
                <MaskedInput mask="cnpj" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="federation_id" label="Federação">
                <RemoteSelect<EntityOption> path="/v1/federation/all" toOption={entityOption} />
              </FormField>
            </Col>
            {association ? (
              <Col {...half}>
                <FormField
                  name="user_id"
                  label="Usuário da associação"
                  help="Um dos usuários desta associação, o responsável por ela no Origem."
                >
                  <TypeAheadSelect<AssociationUserOption>
                    {...associationUserSource(association.id)}
                    allowClear
                    selected={
                      association.user
                        ? { value: association.user.id, label: associationUserLabel(association.user) }
                        : null
                    }
                  />
                </FormField>
              </Col>
            ) : null}
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
          <FormField name="notes" label="Observações">
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </FormField>
          <Divider titlePlacement="start">Logo</Divider>
          <FormField
            name="logo"
            label="Logo da associação"
            help="Aparece nos certificados e declarações impressos."
          >
            <LogoField
              currentSrc={association?.logo?.url ?? null}
              alt={association ? `Logo da ${association.name}` : 'Logo da associação'}
            />
          </FormField>
          <Divider titlePlacement="start" style={{ marginTop: 32 }}>
            Taxas por acordo
          </Divider>
          <FeeTable dealsFailed={dealsFailed} />
          <FormActions onCancel={() => void navigate({ to: ASSOCIATIONS_PATH })} />
        </ApiForm>
      </Card>
    </div>
  );
}
