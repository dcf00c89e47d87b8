import { Form, Select, type SelectProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { DateInput } from '../../ui/date-input';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { type AuditEventOption, auditEventsSource } from './api/list-audit-events';
import { type AuditIpOption, auditIpAddressesSource } from './api/list-audit-ip-addresses';
import { type AuditUserOption, auditUsersSource } from './api/list-audit-users';
import { type AuditableRecordOption, auditableRecordsSource } from './api/list-auditable-records';
import { type AuditableTypeOption, auditableTypesSource } from './api/list-auditable-types';
import { auditableTypeLabel, auditEventLabel } from './audit-labels';

type LabelRender = NonNullable<SelectProps['labelRender']>;

/**
 * What a select shows for a value from the URL that its options lack (still loading, or a shared link naming an
 * event this scope never had): a readable name rather than the bare code.
 */
function fallbackLabel(name: (value: string) => string): LabelRender {
  return ({ label, value }) => label ?? name(String(value));
}
const eventName = fallbackLabel(auditEventLabel);
const typeName = fallbackLabel(auditableTypeLabel);
const userName = fallbackLabel((id) => `Usuário #${id}`);
const recordName = fallbackLabel((id) => `#${id}`);

const endNotBeforeStart: Rule = ({ getFieldValue }) => ({
  validator(_, end: string | undefined) {
    const start = getFieldValue('start_date') as string | undefined;
    if (!end || !start || end >= start) return Promise.resolve();
    return Promise.reject(new Error('A data final não pode ser anterior à data inicial.'));
  },
});

/** 'Tipo de registro' and 'Registro': the records list is asked for only once a type is chosen. */
function RecordFields() {
  const form = Form.useFormInstance();
  const type = Form.useWatch('auditable_type', form) as string | undefined;
  return (
    <>
      <Form.Item name="auditable_type" label="Tipo de registro">
        <RemoteSelect<AuditableTypeOption>
          {...auditableTypesSource}
          labelRender={typeName}
          // Another type (or none): the chosen record belonged to the previous one.
          onChange={() => form.setFieldValue('auditable_id', undefined)}
        />
      </Form.Item>
      <Form.Item name="auditable_id" label="Registro">
        {type ? (
          <RemoteSelect<AuditableRecordOption>
            key={type}
            {...auditableRecordsSource(type)}
            labelRender={recordName}
            popupMatchSelectWidth={false}
          />
        ) : (
          <Select disabled placeholder="Escolha o tipo antes" labelRender={recordName} />
        )}
      </Form.Item>
    </>
  );
}

/** The audit filters (SPEC §3 Audit filter), laid out by FilterBar; all of them live in the URL. */
export function AuditFilterFields() {
  return (
    <>
      <Form.Item name="start_date" label="Data inicial">
        <DateInput />
      </Form.Item>
      <Form.Item name="end_date" label="Data final" dependencies={['start_date']} rules={[endNotBeforeStart]}>
        <DateInput />
      </Form.Item>
      <Form.Item name="user_id" label="Usuário">
        <TypeAheadSelect<AuditUserOption>
          {...auditUsersSource}
          labelRender={userName}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="event" label="Evento">
        <RemoteSelect<AuditEventOption> {...auditEventsSource} labelRender={eventName} />
      </Form.Item>
      <RecordFields />
      <Form.Item name="ip_address" label="Endereço IP">
        <TypeAheadSelect<AuditIpOption> {...auditIpAddressesSource} popupMatchSelectWidth={false} />
      </Form.Item>
    </>
  );
}
