import { UF_CODES } from '@origem/contract/schemas/entities';
import { Col, Input, Row, Select } from 'antd';
import { FormField } from './form';
import { MaskedInput } from './masked-input';

const UF_OPTIONS = UF_CODES.map((uf) => ({ value: uf, label: uf }));

/** One free-text part of the address in its column of the grid. */
function AddressText({
  name,
  label,
  md,
  maxLength,
}: {
  name: string;
  label: string;
  md: number;
  maxLength: number;
}) {
  return (
    <Col xs={24} md={md}>
      <FormField name={name} label={label}>
        <Input maxLength={maxLength} autoComplete="off" />
      </FormField>
    </Col>
  );
}

/**
 * CEP, street, number, complement, neighbourhood, city and UF: the same block on every form with an address.
 * `foreign`: a free postcode and state/province instead of the masked CEP and the UF select.
 */
export function AddressFields({ foreign = false }: { foreign?: boolean }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        {foreign ? (
          <FormField name="postcode" label="Código postal">
            <Input maxLength={20} autoComplete="off" />
          </FormField>
        ) : (
          <FormField name="postcode" label="CEP">
            <MaskedInput mask="cep" />
          </FormField>
        )}
      </Col>
      <AddressText name="address" label="Endereço" md={14} maxLength={255} />
      <AddressText name="number" label="Número" md={4} maxLength={20} />
      <AddressText name="complement" label="Complemento" md={8} maxLength={120} />
      <AddressText name="neighborhood" label="Bairro" md={6} maxLength={120} />
      <AddressText name="city" label="Cidade" md={6} maxLength={120} />
      <Col xs={24} md={4}>
        {foreign ? (
          <FormField name="state" label="Estado / província">
            <Input maxLength={60} autoComplete="off" />
          </FormField>
        ) : (
          <FormField name="state" label="UF">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="UF"
              options={UF_OPTIONS}
            />
          </FormField>
        )}
      </Col>
    </Row>
  );
}

/** The values of these fields in a form. */
export type AddressFieldValues = {
  postcode: string;
  address: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string | undefined;
};

/** A stored address (or none, for a blank form) as the fields' starting values: '' for a missing text. */
export function addressFieldDefaults(
  stored?: { [K in keyof AddressFieldValues]?: string | null },
): AddressFieldValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    postcode: text(stored?.postcode),
    address: text(stored?.address),
    number: text(stored?.number),
    complement: text(stored?.complement),
    neighborhood: text(stored?.neighborhood),
    city: text(stored?.city),
    state: stored?.state ?? undefined,
  };
}
