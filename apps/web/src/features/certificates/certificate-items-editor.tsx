import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Certificate } from '@origem/contract/schemas/certificates';
import type { CitableDeclaration } from '@origem/contract/schemas/declarations';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Alert, Button, Card, Col, Flex, Input, Row, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { confirmRowRemoval } from '../../ui/confirm-dialog';
import { DecimalInput } from '../../ui/decimal-input';
import { FormField } from '../../ui/form';
import { formatNcm } from '../../ui/format';
import type { SelectOption } from '../../ui/remote-select';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { citableDeclarationSource, codedOption, declarationLabel, OPTION_PATHS } from './api/options';
import { type CertificateFormValues, emptyItem } from './certificate-form-values';

const third = { xs: 24, md: 8 };

/** What the item's NCM description field says under it: whether the reference table covers the NCM. */
function ncmDescriptionHelp(item: Certificate['items'][number] | undefined): {
  required: boolean;
  help: string;
} {
  if (!item)
    return {
      required: false,
      help: 'Em branco, sai a descrição de referência da tabela NCM; sem ela, o envio para análise pede este texto.',
    };
  if (item.reference_description)
    return { required: false, help: `Em branco, sai a de referência: "${item.reference_description}".` };
  return {
    required: true,
    help: `Obrigatória para enviar: a tabela de referências não tem descrição para o NCM ${formatNcm(item.ncm)}.`,
  };
}
const quarter = { xs: 24, sm: 12, md: 6 };

/**
 * The items of the form: each cites one of the exporter's citable declarations of the certificate's deal, found
 * by a type-ahead over GET /v1/declaration/certificate/{exporterId}, with its quantity, weights and FOB value.
 */
export function CertificateItemsEditor({
  exporterId,
  dealId,
  stored,
  picksExporter = true,
}: {
  exporterId: number | null;
  dealId: number | null;
  /** The stored certificate's items: the chosen declarations' labels without asking the server again. */
  stored?: Certificate['items'];
  /** False on an exporter's own form: the exporter is never a choice to ask for. */
  picksExporter?: boolean;
}) {
  const { control, getValues, setValue, trigger } = useFormContext<CertificateFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const storedBy = useMemo(
    () => new Map((stored ?? []).map((item) => [item.declaration_id, item])),
    [stored],
  );
  const dropped = useDeclarationsOfAnotherDeal(dealId, getValues, setValue, trigger);
  const removeItem = async (index: number) => {
    const confirmed = await confirmRowRemoval(
      `o item ${index + 1}`,
      'A declaração citada, as quantidades e os valores deste item saem do certificado ao salvar.',
    );
    if (confirmed) remove(index);
  };
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
          title={
            picksExporter
              ? 'Escolha o exportador e o acordo para buscar as declarações que os itens podem citar.'
              : 'Escolha o acordo para buscar as declarações que os itens podem citar.'
          }
        />
      ) : null}
      {dropped.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={`O acordo mudou: ${dropped.length > 1 ? `os itens ${dropped.join(', ')} citavam declarações` : `o item ${dropped[0]} citava uma declaração`} do acordo anterior. Escolha declarações do novo acordo.`}
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
              onClick={() => void removeItem(index)}
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
                  <Input
                    disabled
                    placeholder={picksExporter ? 'Escolha o exportador e o acordo' : 'Escolha o acordo'}
                  />
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
            <Col span={24}>
              <ItemNcmDescription index={index} storedBy={storedBy} />
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

/** The NCM description that prints for the item, saved with the form; required when the reference table has none. */
function ItemNcmDescription({
  index,
  storedBy,
}: {
  index: number;
  storedBy: Map<number, Certificate['items'][number]>;
}) {
  const { watch } = useFormContext<CertificateFormValues>();
  const declarationId = watch(`items.${index}.declaration_id`);
  const { required, help } = ncmDescriptionHelp(
    typeof declarationId === 'number' ? storedBy.get(declarationId) : undefined,
  );
  return (
    <FormField
      name={`items.${index}.ncm_description`}
      label="Descrição do NCM impressa no certificado"
      required={required}
      help={help}
    >
      <Input.TextArea rows={2} maxLength={2000} />
    </FormField>
  );
}

/**
 * A declaration is cited under one deal: when the deal changes, the items citing one of the previous deal lose it
 * at once (flagged next to the field and listed in a warning), not at save time. Answers the items' numbers.
 */
function useDeclarationsOfAnotherDeal(
  dealId: number | null,
  getValues: ReturnType<typeof useFormContext<CertificateFormValues>>['getValues'],
  setValue: ReturnType<typeof useFormContext<CertificateFormValues>>['setValue'],
  trigger: ReturnType<typeof useFormContext<CertificateFormValues>>['trigger'],
): number[] {
  const shown = useRef(dealId);
  const [dropped, setDropped] = useState<number[]>([]);
  useEffect(() => {
    if (shown.current === dealId) return;
    const previous = shown.current;
    shown.current = dealId;
    if (previous === null) return;
    const cleared: number[] = [];
    (getValues('items') ?? []).forEach((item, index) => {
      if (typeof item.declaration_id !== 'number') return;
      setValue(`items.${index}.declaration_id`, undefined as unknown as number, { shouldDirty: true });
      cleared.push(index + 1);
    });
    setDropped(cleared);
    for (const number of cleared) void trigger(`items.${number - 1}.declaration_id`);
  }, [dealId, getValues, setValue, trigger]);
  return dropped;
}
