import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Certificate } from '@origem/contract/schemas/certificates';
import type { CitableDeclaration } from '@origem/contract/schemas/declarations';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Alert, Button, Card, Col, Flex, Input, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { DecimalInput } from '../../ui/decimal-input';
import { FormField } from '../../ui/form';
import type { SelectOption } from '../../ui/remote-select';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { citableDeclarationSource, codedOption, declarationLabel, OPTION_PATHS } from './api/options';
import { type CertificateFormValues, emptyItem } from './certificate-form-values';

const third = { xs: 24, md: 8 };
const quarter = { xs: 24, sm: 12, md: 6 };

/**
 * The items of the form: each cites one of the exporter's citable declarations of the certificate's deal, found
 * by a type-ahead over GET /v1/declaration/certificate/{exporterId}, with its quantity, weights and FOB value.
 */
export function CertificateItemsEditor({
  exporterId,
  dealId,
  stored,
}: {
  exporterId: number | null;
  dealId: number | null;
  /** The stored certificate's items: the chosen declarations' labels without asking the server again. */
  stored?: Certificate['items'];
}) {
  const { control } = useFormContext<CertificateFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const source = useMemo(
    () => (exporterId ? citableDeclarationSource(exporterId, dealId) : null),
    [exporterId, dealId],
  );
  const known = useMemo(() => {
    const map = new Map<number, SelectOption>();
    for (const item of stored ?? []) {
      map.set(item.declaration_id, {
        value: item.declaration_id,
        label: declarationLabel({
          id: item.declaration_id,
          product_name: item.declaration.product_name,
          ncm: item.ncm,
        }),
      });
    }
    return map;
  }, [stored]);
  const ready = source !== null && dealId !== null;

  return (
    <Flex vertical gap={12}>
      {!ready ? (
        <Alert
          type="info"
          showIcon
          title="Escolha o exportador e o acordo para buscar as declarações que os itens podem citar."
        />
      ) : null}
      {fields.length === 0 ? (
        <Typography.Text type="secondary">
          Nenhum item ainda. Cada item cita uma declaração de origem aprovada do mesmo acordo.
        </Typography.Text>
      ) : null}
      {fields.map((field, index) => (
        <Card
          key={field.id}
          size="small"
          type="inner"
          role="group"
          aria-label={`Item ${index + 1}`}
          title={`Item ${index + 1}`}
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Remover o item ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remover
            </Button>
          }
        >
          <Row gutter={16}>
            <Col span={24}>
              <FormField name={`items.${index}.declaration_id`} label="Declaração de origem" required>
                {source ? (
                  <ItemDeclarationSelect source={source} known={known} disabled={!ready} />
                ) : (
                  <Input disabled placeholder="Escolha o exportador e o acordo" />
                )}
              </FormField>
            </Col>
            <Col span={24}>
              <FormField
                name={`items.${index}.description`}
                label="Descrição da mercadoria"
                help="Em branco, vale o nome do produto na declaração."
              >
                <Input.TextArea rows={2} maxLength={1000} />
              </FormField>
            </Col>
            <Col {...quarter}>
              <FormField name={`items.${index}.quantity`} label="Quantidade" required>
                <DecimalInput places={DECIMAL_PLACES.quantity} />
              </FormField>
            </Col>
            <Col {...quarter}>
              <FormField name={`items.${index}.measurement_unit_id`} label="Unidade">
                <RemoteSelect path={OPTION_PATHS.measurementUnit} toOption={codedOption} />
              </FormField>
            </Col>
            <Col {...quarter}>
              <FormField name={`items.${index}.gross_weight`} label="Peso bruto (kg)">
                <DecimalInput places={DECIMAL_PLACES.quantity} unit="kg" />
              </FormField>
            </Col>
            <Col {...quarter}>
              <FormField name={`items.${index}.net_weight`} label="Peso líquido (kg)">
                <DecimalInput places={DECIMAL_PLACES.quantity} unit="kg" />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name={`items.${index}.fob_value_usd`} label="Valor FOB (US$)" required>
                <DecimalInput places={DECIMAL_PLACES.money} currency="US$" />
              </FormField>
            </Col>
          </Row>
        </Card>
      ))}
      <div>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => append(emptyItem())}>
          Adicionar item
        </Button>
      </div>
    </Flex>
  );
}

function ItemDeclarationSelect({
  source,
  known,
  ...props
}: {
  source: ReturnType<typeof citableDeclarationSource>;
  known: Map<number, SelectOption>;
  disabled?: boolean;
  value?: number;
}) {
  const selected = typeof props.value === 'number' ? (known.get(props.value) ?? null) : null;
  return (
    <TypeAheadSelect<CitableDeclaration>
      {...source}
      {...props}
      selected={selected}
      placeholder="Digite o nome do produto para buscar"
      popupMatchSelectWidth={false}
    />
  );
}
