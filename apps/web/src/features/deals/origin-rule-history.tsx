import { DEAL_TEXTS, type OriginRule, originRuleVersionInputSchema } from '@origem/contract/schemas/deals';
import { Link, useNavigate } from '@tanstack/react-router';
import { Card, Col, Input, Row, Space, Table, Tag, Typography } from 'antd';
import { DateInput } from '../../ui/date-input';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { useNewRuleVersion, useRuleHistory } from './api/rule-versions';
import { RULES_PATH } from './deal-paths';
import { validityText } from './origin-validity';

/** The read-only consultation of a certificate (the certificates feature's screen). */
const certificateScreen = (id: number) => `/certificado-consulta/${id}`;

/**
 * A rule's history (issue 36): every version of its code in the deal, oldest first, and the certificates whose items
 * cited each — a certificate cites the version in force on its invoice date.
 */
export function OriginRuleHistory({ rule }: { rule: OriginRule }) {
  const history = useRuleHistory(rule.id);
  type Version = NonNullable<typeof history.data>['data'][number];
  return (
    <Card title="Histórico da regra" style={{ maxWidth: 880, marginTop: 16 }}>
      <Table<Version>
        aria-label={`Versões da regra ${rule.code}`}
        rowKey="id"
        size="small"
        loading={history.isPending}
        pagination={false}
        dataSource={history.data?.data ?? []}
        columns={[
          {
            title: 'Vigência',
            key: 'validity',
            width: 190,
            render: (_, v) => (
              <Space direction="vertical" size={0}>
                <span>{validityText(v)}</span>
                {v.id === rule.id ? <Tag color="blue">esta versão</Tag> : null}
              </Space>
            ),
          },
          { title: 'Descrição', dataIndex: 'description', key: 'description' },
          {
            title: 'Certificados que a citaram',
            key: 'certificates',
            width: 240,
            render: (_, v) =>
              v.certificates_count === 0 ? (
                <Typography.Text type="secondary">Nenhum</Typography.Text>
              ) : (
                <Space direction="vertical" size={0}>
                  <Typography.Text>
                    {v.certificates_count === 1 ? '1 certificado' : `${v.certificates_count} certificados`}
                  </Typography.Text>
                  {v.certificates.map((c) => (
                    <Link key={c.id} to={certificateScreen(c.id)}>
                      {c.certificate_number ?? `Pedido nº ${c.id}`} — {c.status_label}
                    </Link>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * "Nova vigência": the rule changes from a day on. The current version ends the day before and a new one, with the
 * same code and the new description, starts that day; certificates invoiced before it keep citing the old one.
 */
export function NewRuleVersion({ rule }: { rule: OriginRule }) {
  const navigate = useNavigate();
  const create = useNewRuleVersion(rule.id);
  const form = useApiForm({
    schema: originRuleVersionInputSchema,
    defaultValues: { valid_from: '', description: rule.description },
    onSubmit: async (values) => {
      const created = await create.mutateAsync(values);
      void notifySuccess(DEAL_TEXTS.rule.versioned);
      await navigate({ to: `${RULES_PATH}/${created.id}` });
    },
  });
  return (
    <Card title="Nova vigência" style={{ maxWidth: 880, marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        Quando a regra muda (um novo regime de origem), registre a nova redação com a data a partir da qual
        vale: esta versão termina na véspera e continua no histórico, com os certificados que a citaram.
      </Typography.Paragraph>
      <ApiForm form={form} label={`Nova vigência da regra ${rule.code}`}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <FormField name="valid_from" label="Em vigor a partir de">
              <DateInput />
            </FormField>
          </Col>
          <Col xs={24} md={16}>
            <FormField name="description" label="Nova descrição">
              <Input.TextArea rows={3} maxLength={2000} showCount />
            </FormField>
          </Col>
        </Row>
        <FormActions submitLabel="Registrar nova vigência" />
      </ApiForm>
    </Card>
  );
}
