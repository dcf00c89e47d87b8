import { Col, type ColProps, Input } from 'antd';
import { FormField } from './form';
import { MaskedInput } from './masked-input';

/** The e-mail and the (Brazilian, masked) phone of a person or company, each in a `col` cell of the form's grid. */
export function ContactFields({ col }: { col: ColProps }) {
  return (
    <>
      <Col {...col}>
        <FormField name="email" label="E-mail">
          <Input type="email" maxLength={255} autoComplete="off" />
        </FormField>
      </Col>
      <Col {...col}>
        <FormField name="phone" label="Telefone">
          <MaskedInput mask="phone" />
        </FormField>
      </Col>
    </>
  );
}
