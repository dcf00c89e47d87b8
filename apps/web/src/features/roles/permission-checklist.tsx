import { Alert, Button, Card, Checkbox, Flex, Space, Typography } from 'antd';
import { useEffect, useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import {
  groupCheckState,
  type PermissionGroupView,
  toggleGroup,
  togglePermission,
} from './permission-groups';

export type PermissionChecklistProps = {
  /** The catalogue, grouped (groupPermissions). */
  groups: PermissionGroupView[];
  /** The form's field registration (form.meta.registerField), so a server error on `permissions` lands here. */
  registerField: (name: string) => () => void;
  /** A note above the groups (e.g. what the administrator role must keep). */
  note?: string;
};

const FIELD = 'permissions';

function asIds(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number).filter(Number.isFinite) : [];
}

function GroupCard({
  group,
  selected,
  onChange,
}: {
  group: PermissionGroupView;
  selected: number[];
  onChange: (next: number[]) => void;
}) {
  const baseId = useId();
  const state = groupCheckState(group, selected);
  const chosen = new Set(selected);
  return (
    <Card
      size="small"
      role="group"
      aria-label={group.label}
      style={{ breakInside: 'avoid', marginBottom: 16 }}
      styles={{ body: { padding: 0 } }}
    >
      {/* Own header instead of the Card's title, which would cut long group names short. */}
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        style={{ padding: '8px 12px', background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}
      >
        <Checkbox
          checked={state.checked}
          indeterminate={state.indeterminate}
          aria-checked={state.indeterminate ? 'mixed' : state.checked}
          aria-label={`Todas as permissões de ${group.label}`}
          onChange={(event) => onChange(toggleGroup(selected, group, event.target.checked))}
        >
          <Typography.Text strong>{group.label}</Typography.Text>
        </Checkbox>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} aria-hidden>
          {state.selected} de {state.total}
        </Typography.Text>
      </Flex>
      <Space orientation="vertical" size={10} style={{ width: '100%', padding: 12 }}>
        {group.permissions.map((permission) => {
          const codeId = `${baseId}-${permission.id}`;
          return (
            <div key={permission.id}>
              <Checkbox
                checked={chosen.has(permission.id)}
                aria-describedby={codeId}
                onChange={(event) =>
                  onChange(togglePermission(selected, permission.id, event.target.checked))
                }
              >
                {permission.display_name}
              </Checkbox>
              <div id={codeId} style={{ paddingInlineStart: 24, lineHeight: 1.3 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
                  {permission.name}
                </Typography.Text>
              </div>
            </div>
          );
        })}
      </Space>
    </Card>
  );
}

/**
 * The role's permissions as a grouped checklist bound to the form field `permissions` (sorted ids): one card per
 * group with a "check all" box (indeterminate when partly checked). A server error on the field shows above it.
 */
export function PermissionChecklist({ groups, registerField, note }: PermissionChecklistProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name: FIELD });
  useEffect(() => registerField(FIELD), [registerField]);
  const headingId = useId();
  const selected = asIds(field.value);
  const total = groups.reduce((sum, group) => sum + group.permissions.length, 0);
  const allIds = groups.flatMap((group) => group.permissions.map((p) => p.id));
  const error = fieldState.error?.message;

  const change = (next: number[]) => {
    field.onChange(next);
    field.onBlur();
  };

  return (
    <section aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={2} id={headingId} style={{ fontSize: 16, margin: 0 }}>
            Permissões
          </Typography.Title>
          <Typography.Text type="secondary" aria-live="polite">
            Selecionadas: {selected.length} de {total}
          </Typography.Text>
        </div>
        <Space>
          <Button size="small" onClick={() => change([...allIds].sort((a, b) => a - b))}>
            Marcar todas
          </Button>
          <Button size="small" onClick={() => change([])}>
            Desmarcar todas
          </Button>
        </Space>
      </Flex>
      {note ? <Alert type="info" showIcon title={note} style={{ marginBottom: 12 }} /> : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
      <div style={{ columnWidth: 300, columnGap: 16 }} ref={field.ref} tabIndex={-1}>
        {groups.map((group) => (
          <GroupCard key={group.group} group={group} selected={selected} onChange={change} />
        ))}
      </div>
    </section>
  );
}
