import { UndoOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_FIELD_GROUPS,
  CERTIFICATE_FIELDS,
  type CertificateFieldDefinition,
  type CertificateFieldGroup,
  type CertificateLayout,
  type CertificateModel,
  type CertificateModelInput,
  certificateLayoutSchema,
  certificateModelInputSchema,
  DEFAULT_CERTIFICATE_LAYOUT,
  defaultFieldLabel,
  FIELD_RULES,
  type FieldRule,
  nomenclatureMessages,
  ORIENTATIONS,
  PAPER_SIZES,
} from '@origem/contract/schemas/nomenclature';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Input, Row, Segmented, Select, Switch, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { fetchAll } from '../../api/paging';
import { decimalText, ptBrDecimal } from '../../ui/decimal-field';
import { DecimalInput } from '../../ui/decimal-input';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, type ApiForm as ApiFormHandle, FormActions, FormField, useApiForm } from '../../ui/form';
import { RemoteSelect } from '../../ui/remote-select';
import { useSaveCertificateModel } from './api/save-certificate-model';
import { MODELS_PATH, RULE_TONES, RuleCounts } from './certificate-models-page';

type Language = { id: number; code: string; name: string };
const LANGUAGES_PATH = '/v1/language/all';

/** The same cache entry as the Idioma select: the form learns the chosen language's code for default labels. */
function useLanguages() {
  return useQuery({
    queryKey: ['options', LANGUAGES_PATH],
    queryFn: () => fetchAll<Language>(LANGUAGES_PATH),
    staleTime: 5 * 60_000,
  });
}

/** The layout's numbers and the decimals each takes: typed pt-BR ('8,5' pt), sent as numbers. */
const LAYOUT_NUMBERS = { margin_mm: 0, font_size: 1, items_per_page: 0 } as const;
type LayoutNumber = keyof typeof LAYOUT_NUMBERS;
const layoutFields = certificateLayoutSchema.shape;

const certificateModelFormSchema = certificateModelInputSchema.safeExtend({
  layout: certificateLayoutSchema.extend({
    margin_mm: ptBrDecimal(layoutFields.margin_mm, LAYOUT_NUMBERS.margin_mm),
    font_size: ptBrDecimal(layoutFields.font_size, LAYOUT_NUMBERS.font_size),
    items_per_page: ptBrDecimal(layoutFields.items_per_page, LAYOUT_NUMBERS.items_per_page),
  }),
});

type FormValues = Omit<CertificateModelInput, 'layout'> & {
  layout: Omit<CertificateLayout, LayoutNumber> & Record<LayoutNumber, string>;
};
type ModelForm = ApiFormHandle<FormValues, CertificateModelInput>;

/** The stored layout as the form shows it: its numbers as pt-BR text (a key the model lacks stays absent). */
function layoutText(layout: CertificateLayout): FormValues['layout'] {
  const text = { ...layout } as unknown as Record<string, unknown>;
  for (const [key, places] of Object.entries(LAYOUT_NUMBERS)) {
    const value = layout[key as LayoutNumber];
    if (value !== undefined) text[key] = decimalText(value, places);
  }
  return text as FormValues['layout'];
}

/** The stored model, or a blank one (every field optional, Portuguese labels) for a deal that has none. */
export function modelDefaults(model: CertificateModel | null, dealLabel: string): FormValues {
  if (model) {
    return {
      name: model.name,
      language_id: model.language_id,
      fields: model.fields,
      layout: layoutText(model.layout),
    };
  }
  return {
    name: `${dealLabel} — Certificado de origem`,
    language_id: null,
    fields: Object.fromEntries(
      CERTIFICATE_FIELDS.map((f) => [f.key, { rule: 'O', label: defaultFieldLabel(f, 'pt') }]),
    ),
    layout: layoutText(DEFAULT_CERTIFICATE_LAYOUT),
  };
}

const GROUPS = Object.entries(CERTIFICATE_FIELD_GROUPS).map(([key, label]) => ({
  key: key as CertificateFieldGroup,
  label,
  fields: CERTIFICATE_FIELDS.filter((f) => f.group === key),
}));

const RULE_OPTIONS = (Object.keys(FIELD_RULES) as FieldRule[]).map((rule) => ({
  value: rule,
  label: <span title={FIELD_RULES[rule]}>{rule}</span>,
}));

const FIELD_CELL = { padding: '8px 12px', verticalAlign: 'top' } as const;

/** The name of a field, with the ALADI elements it maps to. */
function FieldName({ field }: { field: CertificateFieldDefinition }) {
  return (
    <th
      scope="row"
      style={{ textAlign: 'left', fontWeight: 'normal', padding: '8px 12px 8px 0', verticalAlign: 'top' }}
    >
      <div>{field.labels.pt}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
        {field.aladi.join(' / ')}
      </Typography.Text>
    </th>
  );
}

/** A field as read by someone who may not change the model: its rule and printed label as text. */
function ReadOnlyFieldRow({ form, field }: { form: ModelForm; field: CertificateFieldDefinition }) {
  const rule = useWatch({
    control: form.control,
    name: `fields.${field.key}.rule`,
  }) as unknown as FieldRule;
  const label = useWatch({
    control: form.control,
    name: `fields.${field.key}.label`,
  }) as unknown as string;
  return (
    <tr>
      <FieldName field={field} />
      <td style={FIELD_CELL}>
        <Tag color={RULE_TONES[rule]}>
          {rule} — {FIELD_RULES[rule]}
        </Tag>
      </td>
      <td style={{ ...FIELD_CELL, paddingInlineEnd: 0 }}>
        {rule === 'NA' ? <Typography.Text type="secondary">Não impresso</Typography.Text> : label}
      </td>
    </tr>
  );
}

/** One field of the catalogue: its M / O / NA choice and its printed label, errors under each. */
function FieldRow({ form, field }: { form: ModelForm; field: CertificateFieldDefinition }) {
  const ruleName = `fields.${field.key}.rule` as const;
  const labelName = `fields.${field.key}.label` as const;
  const rule = useController({ control: form.control, name: ruleName });
  const label = useController({ control: form.control, name: labelName });
  const { registerField } = form.meta;
  useEffect(() => registerField(ruleName), [registerField, ruleName]);
  useEffect(() => registerField(labelName), [registerField, labelName]);
  const ruleError = rule.fieldState.error?.message;
  const labelError = label.fieldState.error?.message;
  const labelId = `${form.meta.idPrefix}-${field.key}-label`;
  const current = rule.field.value as FieldRule;
  return (
    <tr>
      <FieldName field={field} />
      <td style={{ padding: '8px 12px', verticalAlign: 'top', whiteSpace: 'nowrap' }}>
        <Segmented<FieldRule>
          name={`regra-${field.key}`}
          aria-label={`Regra de ${field.labels.pt}`}
          options={RULE_OPTIONS}
          value={current}
          onChange={(value) => rule.field.onChange(value)}
        />
        <div>
          <Typography.Text
            type={current === 'NA' ? 'secondary' : undefined}
            style={{ fontSize: 12, color: current === 'M' ? '#cf1322' : undefined }}
          >
            {FIELD_RULES[current] ?? ''}
          </Typography.Text>
        </div>
        {ruleError ? <Typography.Text type="danger">{ruleError}</Typography.Text> : null}
      </td>
      <td style={{ padding: '8px 0 8px 12px', verticalAlign: 'top' }}>
        <Input
          id={labelId}
          ref={label.field.ref}
          aria-label={`Rótulo impresso de ${field.labels.pt}`}
          aria-invalid={labelError ? true : undefined}
          aria-describedby={labelError ? `${labelId}-erro` : undefined}
          maxLength={120}
          placeholder={current === 'NA' ? 'Não impresso' : undefined}
          status={labelError ? 'error' : undefined}
          value={(label.field.value as string) ?? ''}
          onChange={(event) => label.field.onChange(event.target.value)}
          onBlur={label.field.onBlur}
        />
        {labelError ? (
          <Typography.Text type="danger" id={`${labelId}-erro`}>
            {labelError}
          </Typography.Text>
        ) : null}
      </td>
    </tr>
  );
}

function LiveCounts({ form }: { form: ModelForm }) {
  const fields = useWatch({ control: form.control, name: 'fields' }) as FormValues['fields'] | undefined;
  const counts = { M: 0, O: 0, NA: 0 };
  for (const entry of Object.values(fields ?? {})) if (entry?.rule in counts) counts[entry.rule] += 1;
  return <RuleCounts counts={counts} />;
}

export type CertificateModelFormProps = {
  dealId: number;
  model: CertificateModel | null;
  /** The deal's abbreviation (for a new model's name). */
  dealLabel: string;
  readOnly: boolean;
};

/** Name, language, every field's rule (M / O / NA) and printed label, and the PDF layout, saved in one PUT. */
export function CertificateModelForm({ dealId, model, dealLabel, readOnly }: CertificateModelFormProps) {
  const navigate = useNavigate();
  const save = useSaveCertificateModel(dealId);
  const languages = useLanguages();
  const form = useApiForm({
    schema: certificateModelFormSchema,
    defaultValues: modelDefaults(model, dealLabel),
    warnOnLeave: !readOnly,
    onSubmit: async (values) => {
      await save.mutateAsync(values as CertificateModelInput);
      void notifySuccess(nomenclatureMessages.certificateModel.saved);
      await navigate({ to: MODELS_PATH });
    },
  }) as unknown as ModelForm;

  const languageId = useWatch({ control: form.control, name: 'language_id' }) as number | null | undefined;
  const languageCode = languages.data?.find((l) => l.id === languageId)?.code ?? 'pt';
  const resetLabels = () => {
    for (const f of CERTIFICATE_FIELDS) {
      form.setValue(`fields.${f.key}.label`, defaultFieldLabel(f, languageCode), {
        shouldDirty: true,
      });
    }
  };

  return (
    <ApiForm form={form} label={model ? `Modelo ${model.name}` : 'Novo modelo de certificado'}>
      <Card title="Dados do modelo" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <FormField name="name" label="Nome">
              <Input maxLength={120} disabled={readOnly} />
            </FormField>
          </Col>
          <Col xs={24} lg={10}>
            <FormField name="language_id" label="Idioma" help="Idioma em que o certificado é emitido.">
              <RemoteSelect<Language>
                path={LANGUAGES_PATH}
                toOption={(l) => ({ value: l.id, label: l.name })}
                disabled={readOnly}
                placeholder="Selecione"
              />
            </FormField>
          </Col>
        </Row>
      </Card>

      <Card title="Campos do certificado" style={{ marginBottom: 16 }} extra={<LiveCounts form={form} />}>
        <Typography.Paragraph type="secondary">
          Para cada campo, a classificação da ALADI no formulário do acordo —{' '}
          <Typography.Text strong>M</Typography.Text> obrigatório, <Typography.Text strong>O</Typography.Text>{' '}
          opcional, <Typography.Text strong>NA</Typography.Text> não se aplica (não é impresso) — e o rótulo
          impresso no certificado.
        </Typography.Paragraph>
        {readOnly ? null : (
          <Button icon={<UndoOutlined aria-hidden />} onClick={resetLabels} style={{ marginBottom: 16 }}>
            Usar os rótulos padrão do idioma
          </Button>
        )}
        {GROUPS.map((group) => (
          <section key={group.key} aria-labelledby={`grupo-${group.key}`} style={{ marginBottom: 16 }}>
            <Typography.Title level={2} id={`grupo-${group.key}`} style={{ fontSize: 16, marginBottom: 4 }}>
              {group.label}
            </Typography.Title>
            <table
              style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}
              aria-labelledby={`grupo-${group.key}`}
            >
              {/* Fixed widths: the ten group tables line their columns up. */}
              <colgroup>
                <col style={{ width: '38%' }} />
                <col style={{ width: 190 }} />
                <col />
              </colgroup>
              <thead>
                <tr style={{ borderBottom: '1px solid #f0f0f0' }}>
                  <th scope="col" style={{ textAlign: 'left', padding: '4px 12px 4px 0', fontWeight: 600 }}>
                    Campo
                  </th>
                  <th scope="col" style={{ textAlign: 'left', padding: '4px 12px', fontWeight: 600 }}>
                    Regra
                  </th>
                  <th scope="col" style={{ textAlign: 'left', padding: '4px 0 4px 12px', fontWeight: 600 }}>
                    Rótulo impresso
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.fields.map((field) =>
                  readOnly ? (
                    <ReadOnlyFieldRow key={field.key} form={form} field={field} />
                  ) : (
                    <FieldRow key={field.key} form={form} field={field} />
                  ),
                )}
              </tbody>
            </table>
          </section>
        ))}
      </Card>

      <Card title="Layout do PDF" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <FormField name="layout.paper_size" label="Papel" required>
              <Select
                disabled={readOnly}
                options={Object.entries(PAPER_SIZES).map(([value, label]) => ({ value, label }))}
              />
            </FormField>
          </Col>
          <Col xs={24} md={8}>
            <FormField name="layout.orientation" label="Orientação" required>
              <Select
                disabled={readOnly}
                options={Object.entries(ORIENTATIONS).map(([value, label]) => ({ value, label }))}
              />
            </FormField>
          </Col>
          <Col xs={24} md={8}>
            <FormField name="layout.margin_mm" label="Margens (mm)" required help="De 5 a 30 mm.">
              <DecimalInput places={LAYOUT_NUMBERS.margin_mm} unit="mm" disabled={readOnly} />
            </FormField>
          </Col>
          <Col xs={24} md={8}>
            <FormField name="layout.font_size" label="Tamanho da fonte (pt)" required help="De 6 a 14 pt.">
              <DecimalInput places={LAYOUT_NUMBERS.font_size} unit="pt" disabled={readOnly} />
            </FormField>
          </Col>
          <Col xs={24} md={8}>
            <FormField name="layout.items_per_page" label="Itens por página" required help="De 1 a 50.">
              <DecimalInput places={LAYOUT_NUMBERS.items_per_page} disabled={readOnly} />
            </FormField>
          </Col>
          <Col xs={12} md={4}>
            <FormField name="layout.show_logo" label="Logotipo" valuePropName="checked" required={false}>
              <Switch disabled={readOnly} />
            </FormField>
          </Col>
          <Col xs={12} md={4}>
            <FormField name="layout.show_qr_code" label="QR code" valuePropName="checked" required={false}>
              <Switch disabled={readOnly} />
            </FormField>
          </Col>
        </Row>
      </Card>

      {readOnly ? null : <FormActions onCancel={() => void navigate({ to: MODELS_PATH })} />}
    </ApiForm>
  );
}
