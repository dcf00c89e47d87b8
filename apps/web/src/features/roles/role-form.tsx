import { messages } from '@origem/contract/messages.pt';
import { ROLE_STATUS } from '@origem/contract/permissions';
import type { Role } from '@origem/contract/schemas/roles';
import { useNavigate } from '@tanstack/react-router';
import { Card, Col, Input, type InputProps, Row, Select, Switch } from 'antd';
import { type Ref, useState } from 'react';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormField, StickyFormActions, useApiForm } from '../../ui/form';
import { RemoteSelect } from '../../ui/remote-select';
import { useCreateRole } from './api/create-role';
import { ROLE_TYPES_PATH, type RoleTypeRow, roleTypeOption } from './api/list-role-types';
import { useUpdateRole } from './api/update-role';
import { PermissionChecklist } from './permission-checklist';
import type { PermissionGroupView } from './permission-groups';
import { roleFormDefaults, roleFormSchema, roleLocks } from './role-form-values';
import { slugWhileTyping, suggestSlug } from './slug';

export const ROLES_PATH = '/configuracao/perfil';

const STATUS_OPTIONS = Object.entries(ROLE_STATUS).map(([value, label]) => ({ value, label }));

type SlugInputProps = Omit<InputProps, 'onChange'> & {
  onChange?: (value: string) => void;
  ref?: Ref<never>;
};

/** Text input that only holds what an identifier may: lower case, digits and "_" (typed spaces become "_"). */
function SlugInput({ onChange, ...props }: SlugInputProps) {
  return (
    <Input
      {...props}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => onChange?.(slugWhileTyping(event.target.value))}
    />
  );
}

export type RoleFormProps = {
  /** The stored role; none when creating. */
  role?: Role;
  groups: PermissionGroupView[];
};

/** Data of a role (label, identifier, type, status) and its permissions, saved in one call. */
export function RoleForm({ role, groups }: RoleFormProps) {
  const navigate = useNavigate();
  const create = useCreateRole();
  const update = useUpdateRole(role?.id ?? 0);
  const locks = roleLocks(role);
  // While creating, the identifier follows the label until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(role !== undefined);

  const form = useApiForm({
    schema: roleFormSchema,
    defaultValues: roleFormDefaults(role),
    onSubmit: async (values) => {
      if (role) await update.mutateAsync(values);
      else await create.mutateAsync(values);
      void notifySuccess(role ? messages.role.updated : messages.role.created);
      await navigate({ to: ROLES_PATH });
    },
  });

  const followLabel = (label: string) => {
    if (slugEdited) return;
    form.setValue('name', suggestSlug(label), {
      shouldDirty: true,
      shouldValidate: form.getFieldState('name').isTouched,
    });
  };

  const typeHint = ['Define quais registros os usuários deste perfil alcançam.', locks.typeReason]
    .filter(Boolean)
    .join(' ');

  return (
    <ApiForm form={form} label={role ? `Perfil ${role.display_name}` : 'Novo perfil'}>
      <Card title="Dados do perfil" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <FormField name="display_name" label="Nome de exibição">
              <Input
                maxLength={120}
                autoFocus={!role}
                placeholder="Ex.: Analista sênior"
                onChange={(event) => followLabel(event.target.value)}
              />
            </FormField>
          </Col>
          <Col xs={24} lg={12}>
            <FormField
              name="name"
              label="Identificador"
              help={
                locks.name
                  ? 'Não pode ser alterado em perfis do sistema.'
                  : 'Letras minúsculas, números e "_" (ex.: analista_senior).'
              }
            >
              <SlugInput
                maxLength={60}
                disabled={locks.name}
                placeholder="analista_senior"
                onChange={(value) => setSlugEdited(value !== '')}
              />
            </FormField>
          </Col>
          <Col xs={24} lg={12}>
            <FormField name="type" label="Tipo" help={typeHint}>
              <RemoteSelect<RoleTypeRow>
                path={ROLE_TYPES_PATH}
                toOption={roleTypeOption}
                allowClear={false}
                disabled={locks.type}
              />
            </FormField>
          </Col>
          <Col xs={24} lg={12}>
            <FormField
              name="status"
              label="Situação"
              required
              help={
                locks.status
                  ? 'O perfil Administrador precisa continuar ativo.'
                  : 'Perfis inativos deixam de ser oferecidos no cadastro de usuários.'
              }
            >
              <Select options={STATUS_OPTIONS} disabled={locks.status} />
            </FormField>
          </Col>
          <Col xs={24} lg={12}>
            <FormField
              name="mfa_required"
              label="Exigir verificação em duas etapas"
              valuePropName="checked"
              help="Os usuários deste perfil entram com um código do aplicativo autenticador; quem ainda não tem ativa a configura no próximo acesso."
            >
              <Switch />
            </FormField>
          </Col>
        </Row>
      </Card>
      <Card style={{ marginBottom: 16 }}>
        <PermissionChecklist
          groups={groups}
          registerField={form.meta.registerField}
          note={role?.name === 'admin' ? messages.role.adminLocked : undefined}
        />
      </Card>
      {/* Sticky: 'Salvar' stays in reach below a long checklist. */}
      <StickyFormActions onCancel={() => void navigate({ to: ROLES_PATH })} style={{ marginInline: -1 }} />
    </ApiForm>
  );
}
