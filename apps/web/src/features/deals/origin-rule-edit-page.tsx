import { DEAL_TEXTS, type OriginRule, originRuleInputSchema } from '@origem/contract/schemas/deals';
import { Col, Input, Row } from 'antd';
import { FormField } from '../../ui/form';
import { NEW_RECORD, RecordEditPage } from '../../ui/record-edit-page';
import { useCreateOriginRule } from './api/create-origin-rule';
import { useUpdateOriginRule } from './api/update-origin-rule';
import { DealSelect } from './deal-options';
import { RULES_PATH } from './deal-paths';
import { originRuleKind } from './origin-kinds';
import { OriginRecordForm, useDealIdSearch } from './origin-record-form';
import { NewRuleVersion, OriginRuleHistory } from './origin-rule-history';
import { ValidityFields } from './origin-validity';

function OriginRuleForm({
  rule,
  dealId,
  readOnly,
}: {
  rule?: OriginRule;
  dealId?: number;
  readOnly: boolean;
}) {
  return (
    <OriginRecordForm
      schema={originRuleInputSchema}
      defaultValues={{
        deal_id: rule?.deal_id ?? dealId,
        code: rule?.code ?? '',
        description: rule?.description ?? '',
        valid_from: rule?.valid_from ?? null,
        valid_until: rule?.valid_until ?? null,
      }}
      recordId={rule?.id}
      label={rule ? `Regra ${rule.code}` : 'Nova regra de origem'}
      readOnly={readOnly}
      listPath={RULES_PATH}
      saved={DEAL_TEXTS.rule}
      create={useCreateOriginRule()}
      update={useUpdateOriginRule()}
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <FormField name="deal_id" label="Acordo">
            <DealSelect allowClear={false} />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField
            name="code"
            label="Código"
            help="Único no acordo em cada período de vigência (ex.: TO, ST, CR, RE)."
          >
            <Input maxLength={20} autoComplete="off" />
          </FormField>
        </Col>
      </Row>
      <FormField name="description" label="Descrição">
        <Input.TextArea rows={5} maxLength={2000} showCount />
      </FormField>
      <ValidityFields />
    </OriginRecordForm>
  );
}

/** /regras-origem/$id ('novo' creates; `?deal_id=` preselects the deal). Admin and analista only (route table). */
export function OriginRuleEditPage() {
  const dealId = useDealIdSearch();
  return (
    <RecordEditPage
      kind={originRuleKind}
      renderNew={() => <OriginRuleForm key={NEW_RECORD} dealId={dealId} readOnly={false} />}
      renderRecord={(rule, readOnly) => (
        <>
          <OriginRuleForm key={rule.id} rule={rule} readOnly={readOnly} />
          {readOnly || rule.valid_until ? null : <NewRuleVersion key={`version-${rule.id}`} rule={rule} />}
          <OriginRuleHistory key={`history-${rule.id}`} rule={rule} />
        </>
      )}
    />
  );
}
