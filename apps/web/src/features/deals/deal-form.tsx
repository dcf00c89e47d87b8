import { DEAL_TEXTS, type DealDetail } from '@origem/contract/schemas/deals';
import { CLASSIFICATION_TYPE_KEYS, CLASSIFICATION_TYPES } from '@origem/contract/schemas/nomenclature';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { useNavigate } from '@tanstack/react-router';
import { Card, Col, ConfigProvider, Input, Row, Select, Switch, Typography } from 'antd';
import { useRef } from 'react';
import { isApiError } from '../../api/api-error';
import { DecimalInput } from '../../ui/decimal-input';
import { notifySuccess, toast } from '../../ui/feedback';
import { ApiForm, FormField, StickyFormActions, useApiForm } from '../../ui/form';
import { useCreateDeal } from './api/create-deal';
import { useSaveDealNorms } from './api/save-deal-norms';
import { useUpdateDeal } from './api/update-deal';
import { DealCodSettings } from './deal-cod-settings';
import { dealFormDefaults, dealFormSchema, normsChanged, splitDealForm } from './deal-form-values';
import { DealNormsEditor } from './deal-norms-editor';
import { CountriesSelect } from './deal-options';
import { DEALS_PATH } from './deal-paths';

const CLASSIFICATION_OPTIONS = CLASSIFICATION_TYPE_KEYS.map((value) => ({
  value,
  label: CLASSIFICATION_TYPES[value].label,
}));

export type DealFormProps = {
  /** The stored deal; none when creating. */
  deal?: DealDetail;
  /** Without reference_data.manage the screen only shows the deal. */
  readOnly?: boolean;
};

/**
 * A deal's data, partner countries and origin norms on one screen with one "Salvar": the deal goes to
 * POST/PUT /v1/deal, then the norms (when they changed) to POST /v1/deal/origin_norms.
 */
export function DealForm({ deal, readOnly = false }: DealFormProps) {
  const navigate = useNavigate();
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const saveNorms = useSaveDealNorms();
  // Once the deal exists (also after a create whose norms were refused), saving again updates it.
  const savedId = useRef<number | null>(deal?.id ?? null);

  const form = useApiForm({
    schema: dealFormSchema,
    defaultValues: dealFormDefaults(deal),
    onSubmit: async (values) => {
      const { deal: input, norms } = splitDealForm(values);
      const existing = savedId.current;
      const saved =
        existing === null
          ? await create.mutateAsync(input)
          : await update.mutateAsync({ id: existing, input });
      savedId.current = saved.id;
      if (normsChanged(saved.norms, norms)) {
        try {
          await saveNorms.mutateAsync({ deal_id: saved.id, norms });
        } catch (error) {
          // 422 lands on the rows, 409 (a norm in use) is shown by the client: say what was kept.
          if (isApiError(error)) {
            toast.warning(
              'Os dados do acordo foram salvos, mas as normas de origem não. Corrija-as e salve de novo.',
            );
          }
          throw error;
        }
      }
      void notifySuccess(existing === null ? DEAL_TEXTS.deal.created : DEAL_TEXTS.deal.updated);
      await navigate({ to: DEALS_PATH });
    },
  });

  const backToList = () => void navigate({ to: DEALS_PATH });

  return (
    <ApiForm form={form} label={deal ? `Acordo ${deal.abbreviation}` : 'Novo acordo'}>
      <ConfigProvider componentDisabled={readOnly}>
        <Card title="Dados do acordo" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <FormField name="abbreviation" label="Sigla" help="Ex.: ACE-18, MERCOSUL-ISRAEL.">
                <Input maxLength={30} autoFocus={!deal && !readOnly} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField
                name="aladi_acronym"
                label="Sigla ALADI"
                help="3 caracteres, usada no CertificateID e no COD (ex.: A18)."
              >
                <Input maxLength={3} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField name="classification_type" label="Classificação">
                <Select options={CLASSIFICATION_OPTIONS} placeholder="Selecione" />
              </FormField>
            </Col>
            <Col xs={24}>
              <FormField name="name" label="Nome">
                <Input maxLength={255} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField
                name="form"
                label="Formulário"
                help='Formulário do certificado (ex.: "Formulário MERCOSUL").'
              >
                <Input maxLength={60} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField name="country_ids" label="Países parceiros">
                <CountriesSelect />
              </FormField>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <FormField name="declaration_validity_days" label="Validade da declaração (dias)">
                <DecimalInput places={DECIMAL_PLACES.integer} unit="dias" />
              </FormField>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <FormField name="certificate_validity_months" label="Validade do certificado (meses)">
                <DecimalInput places={DECIMAL_PLACES.integer} unit="meses" />
              </FormField>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <FormField
                name="non_originating_ceiling_percent"
                label="Teto de conteúdo não originário (%)"
                help="Verificação de origem das declarações: o valor CIF dos materiais não originários sobre o FOB."
              >
                <DecimalInput places={DECIMAL_PLACES.percent} unit="%" />
              </FormField>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <FormField
                name="active"
                label="Ativo"
                valuePropName="checked"
                help="Acordos inativos não recebem novos certificados."
              >
                <Switch />
              </FormField>
            </Col>
          </Row>
        </Card>
        <Card
          title="Certificado de origem digital (COD)"
          extra={
            <Typography.Text type="secondary">
              Formulário ALADI e versões trocadas com os parceiros
            </Typography.Text>
          }
          style={{ marginBottom: 16 }}
        >
          <DealCodSettings registerField={form.meta.registerField} readOnly={readOnly} />
        </Card>
        <Card
          title="Normas de origem"
          extra={
            <Typography.Text type="secondary">Base legal impressa nos itens dos certificados</Typography.Text>
          }
          style={{ marginBottom: 16 }}
        >
          <DealNormsEditor registerField={form.meta.registerField} readOnly={readOnly} />
        </Card>
      </ConfigProvider>
      {/* Sticky: 'Salvar' stays in reach below a long list of norms. */}
      {readOnly ? null : <StickyFormActions onCancel={backToList} />}
    </ApiForm>
  );
}
