import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import type { Role } from '@origem/contract/schemas/roles';
import type { User } from '@origem/contract/schemas/users';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Divider, Input, Row, Switch } from 'antd';
import { useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { ContactFields } from '../../ui/contact-fields';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { PageHeader } from '../../ui/page-header';
import { RemoteSelect } from '../../ui/remote-select';
import { StatusTag } from '../../ui/status-tag';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { useCreateUser } from './api/create-user';
import { useDeleteUser } from './api/delete-user';
import { ROLE_OPTIONS_PATH, useRoleOptions } from './api/get-role-options';
import { useUpdateUser } from './api/update-user';
import { type EntityOption, entityOption } from './entity-options';
import {
  canDeleteUser,
  ENTITY_FIELDS,
  type EntityField,
  entityFieldFor,
  type PartyOption,
  userFormDefaults,
  userFormSchema,
  withPlacement,
} from './user-rules';

const roleOption = (role: Role) => ({
  value: role.id,
  label: role.status === 'INATIVO' ? `${role.display_name} (inativo)` : role.display_name,
});

const half = { xs: 24, md: 12 };

/** The record the user is placed in; `user`, when editing, names the current exporter or dispatcher. */
function EntitySelect({ field, user }: { field: EntityField; user: User | undefined }) {
  const { label, path, typeAhead } = ENTITY_FIELDS[field];
  const party =
    field === 'exporter_id' ? user?.exporter : field === 'dispatcher_id' ? user?.dispatcher : null;
  return (
    <FormField name={field} label={label} required>
      {typeAhead ? (
        <TypeAheadSelect<PartyOption> {...typeAhead} selected={party ? typeAhead.toOption(party) : null} />
      ) : (
        <RemoteSelect<EntityOption> path={path} toOption={entityOption} />
      )}
    </FormField>
  );
}

/** Create (no `user`) or edit form; on success the success dialog and back to the list (SPEC §2). */
export function UserForm({ user }: { user?: User }) {
  const navigate = useNavigate();
  const { user: actor } = useSession();
  const roles = useRoleOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const removal = useDeleteUser();
  const isSelf = user !== undefined && actor?.id === user.id;

  // The schema is built once; the role list it consults arrives (and may refresh) later.
  const rolesRef = useRef<Role[] | undefined>(roles.data);
  rolesRef.current = roles.data;
  const roleTypeOf = useMemo(
    () => (roleId: unknown) => {
      const id = Number(roleId);
      if (!roleId || Number.isNaN(id)) return undefined;
      const found = rolesRef.current?.find((role) => role.id === id)?.type;
      return found ?? (user && user.role_id === id ? user.role.type : undefined);
    },
    [user],
  );
  const schema = useMemo(() => userFormSchema(roleTypeOf), [roleTypeOf]);

  const form = useApiForm({
    schema,
    defaultValues: userFormDefaults(user, actor),
    onSubmit: async (values) => {
      const input = withPlacement(values, roleTypeOf(values.role_id));
      if (user) await update.mutateAsync({ id: user.id, input });
      else await create.mutateAsync(input);
      void notifySuccess(user ? messages.user.updated : messages.user.created);
      await navigate({ to: '/usuarios' });
    },
  });

  const roleId = useWatch({ control: form.control, name: 'role_id' });
  const active = useWatch({ control: form.control, name: 'active' });
  const entityField = entityFieldFor(roleTypeOf(roleId));

  const remove = async (target: User) => {
    const removed = await confirmDeletion(
      {
        title: `Excluir o usuário ${target.name}?`,
        content: 'Ele perderá o acesso ao Origem imediatamente.',
      },
      async () => {
        await removal.mutateAsync(target.id);
        // Nothing left to save: leaving must not ask about unsaved changes.
        form.reset(form.getValues());
        return messages.user.deleted;
      },
    );
    if (removed) await navigate({ to: '/usuarios' });
  };

  const backToList = () => void navigate({ to: '/usuarios' });

  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={user ? user.name : 'Novo usuário'}
        hint={
          user
            ? `${user.email} · ${user.role.display_name}`
            : 'Cadastre uma pessoa com acesso ao Origem e escolha o seu perfil.'
        }
        tags={user ? <StatusTag status={user.active ? 'ATIVO' : 'INATIVO'} /> : undefined}
        backTo="/usuarios"
        extra={
          user && canDeleteUser(actor, user) ? (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => void remove(user).catch(ignoreShownError)}
            >
              Excluir
            </Button>
          ) : undefined
        }
      />
      <Card>
        <ApiForm form={form} label="Dados do usuário">
          <Row gutter={16}>
            <Col xs={24}>
              <FormField name="name" label="Nome">
                <Input autoComplete="off" maxLength={255} />
              </FormField>
            </Col>
            <ContactFields col={half} />
            <Col {...half}>
              <FormField name="cpf" label="CPF">
                <MaskedInput mask="cpf" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="cnpj" label="CNPJ">
                <MaskedInput mask="cnpj" />
              </FormField>
            </Col>
          </Row>

          <Divider titlePlacement="start">Acesso</Divider>
          <Row gutter={16}>
            <Col {...half}>
              <FormField
                name="role_id"
                label="Perfil"
                help={isSelf ? 'Você não pode alterar o seu próprio perfil.' : undefined}
              >
                <RemoteSelect<Role>
                  path={ROLE_OPTIONS_PATH}
                  toOption={roleOption}
                  allowClear={false}
                  disabled={isSelf}
                />
              </FormField>
            </Col>
            <Col {...half}>
              {entityField ? <EntitySelect key={entityField} field={entityField} user={user} /> : null}
            </Col>
            <Col xs={24}>
              <FormField
                name="active"
                label="Ativo"
                valuePropName="checked"
                help={
                  isSelf
                    ? 'Você não pode desativar o seu próprio usuário.'
                    : 'Usuários inativos não conseguem entrar no Origem.'
                }
              >
                <Switch disabled={isSelf} />
              </FormField>
            </Col>
          </Row>

          {user ? null : (
            <Alert
              role="note"
              type="info"
              showIcon
              icon={<MailOutlined aria-hidden />}
              style={{ marginTop: 8, marginBottom: 16 }}
              title={
                active
                  ? 'Um e-mail com o link para definir a senha será enviado ao endereço informado.'
                  : 'Usuário inativo: o e-mail para definir a senha não será enviado agora.'
              }
            />
          )}
          <FormActions onCancel={backToList} />
        </ApiForm>
      </Card>
    </div>
  );
}
