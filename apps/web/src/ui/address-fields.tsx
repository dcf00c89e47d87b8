import { UF_CODES } from '@origem/contract/schemas/entities';
import { Col, Input, Row, Select } from 'antd';
import { FormField } from './form';
import { MaskedInput } from './masked-input';

const UF_OPTIONS = UF_CODES.map((uf) => ({ value: uf, label: uf }));

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
      <Col xs={24} md={14}>
        <FormField name="address" label="Endereço">
          <Input maxLength={255} autoComplete="off" />
        </FormField>
      </Col>
      <Col xs={24} md={4}>
        <FormField name="number" label="Número">
          <Input maxLength={20} autoComplete="off" />
        </FormField>
      </Col>
      <Col xs={24} md={8}>
        <FormField name="complement" label="Complemento">
          <Input maxLength={120} autoComplete="off" />
        </FormField>
      </Col>
      <Col xs={24} md={6}>
        <FormField name="neighborhood" label="Bairro">
          <Input maxLength={120} autoComplete="off" />
        </FormField>
      </Col>
      <Col xs={24} md={6}>
        <FormField name="city" label="Cidade">
          <Input maxLength={120} autoComplete="off" />
        </FormField>
      </Col>
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
