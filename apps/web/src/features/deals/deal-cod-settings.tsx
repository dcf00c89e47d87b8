import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COD_FORMS, COD_VERSIONS, codFormLabels } from '@origem/contract/schemas/cod-settings';
import { Button, Col, Row, Select, Switch, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DateInput } from '../../ui/date-input';
import { FormField } from '../../ui/form';
import { type DealFormValues, EMPTY_COD_VERSION } from './deal-form-values';

const FORM_OPTIONS = COD_FORMS.map((form) => ({ value: form, label: codFormLabels[form] }));
const VERSION_OPTIONS = COD_VERSIONS.map((version) => ({ value: version, label: `COD ${version}` }));

/** NCM prefixes as typed (8708.29 → 870829) shown back with the dots of their length. */
const ncmPrefixText = (code: string) =>
  code.length <= 4 ? code : [code.slice(0, 4), code.slice(4, 6), code.slice(6, 8)].filter(Boolean).join('.');

/**
 * The deal's COD settings (issue 36): whether it exchanges digital certificates, the ALADI form of its goods (and, for
 * the automotive split of ACE 02 and 14, the form of the goods on its automotive list), and the COD versions its
 * partners read, each from a day. A COD declares the version in force on the day it is written: when a partner moves
 * to a new version, add it with the day it starts.
 */
export function DealCodSettings({
  registerField,
  readOnly = false,
}: {
  /** The form's field registry: a message on the list itself ("informe ao menos uma versão") lands here. */
  registerField: (name: string) => () => void;
  readOnly?: boolean;
}) {
  const { control } = useFormContext<DealFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'cod_versions', keyName: 'key' });
  const acceptsDigital = useWatch({ control, name: 'accepts_digital' });
  useEffect(() => registerField('cod_versions'), [registerField]);
  const { errors } = useFormState({ control, name: 'cod_versions' });
  const listError = errors.cod_versions?.message ?? errors.cod_versions?.root?.message;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormField
            name="accepts_digital"
            label="Certificado digital (COD)"
            valuePropName="checked"
            help="Troca certificados de origem digitais com os parceiros; sem isso, só papel."
          >
            <Switch />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField name="cod_form" label="Formulário COD" help="O formulário ALADI dos bens do acordo.">
            <Select options={FORM_OPTIONS} allowClear placeholder="Nenhum (só bens automotivos)" />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField
            name="cod_automotive_form"
            label="Formulário dos bens automotivos"
            help="Anexo 3 da ALADI (ACE 02 e 14): os itens da lista automotiva usam este formulário."
          >
            <Select options={FORM_OPTIONS} allowClear placeholder="Sem divisão automotiva" />
          </FormField>
        </Col>
        <Col xs={24}>
          <FormField
            name="cod_automotive_ncm"
            label="Lista automotiva (NCM)"
            help="Capítulos, posições ou códigos NCM que tornam um item automotivo (ex.: 87, 8407.3, 8708.29)."
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ', ';']}
              open={false}
              suffixIcon={null}
              placeholder="Digite um código e tecle Enter"
              labelRender={({ value }) => ncmPrefixText(String(value))}
            />
          </FormField>
        </Col>
      </Row>
      <Typography.Text strong>Versões do COD</Typography.Text>
      <Typography.Paragraph type="secondary">
        Cada COD declara a versão em vigor no dia em que é gerado. Quando o parceiro passa a ler outra versão,
        adicione-a com a data a partir da qual vale; as anteriores ficam para os certificados já assinados.
      </Typography.Paragraph>
      {listError ? (
        <Typography.Paragraph type="danger" role="alert">
          {listError}
        </Typography.Paragraph>
      ) : fields.length === 0 ? (
        <Typography.Paragraph type={acceptsDigital ? 'warning' : 'secondary'}>
          Nenhuma versão informada.
        </Typography.Paragraph>
      ) : null}
      {fields.map((field, index) => (
        <Row key={field.key} gutter={16} align="bottom">
          <Col xs={24} sm={10} md={6}>
            <FormField name={`cod_versions.${index}.version`} label={`Versão ${index + 1}`}>
              <Select options={VERSION_OPTIONS} />
            </FormField>
          </Col>
          <Col xs={20} sm={10} md={6}>
            <FormField
              name={`cod_versions.${index}.valid_from`}
              label={`Em vigor desde (versão ${index + 1})`}
            >
              <DateInput />
            </FormField>
          </Col>
          {readOnly ? null : (
            <Col xs={4} sm={4} md={2}>
              <Tooltip title="Remover">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Remover a versão ${index + 1}`}
                  onClick={() => remove(index)}
                  style={{ marginBottom: 24 }}
                />
              </Tooltip>
            </Col>
          )}
        </Row>
      ))}
      {readOnly ? null : (
        <Button
          type="dashed"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => append({ ...EMPTY_COD_VERSION })}
        >
          Adicionar versão
        </Button>
      )}
    </>
  );
}
