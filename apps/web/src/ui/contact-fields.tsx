import { Col, type ColProps, Input } from 'antd';
import { FormField } from './form';
import { MaskedInput } from './masked-input';

/**
 * The e-mail and the phone of a person or company, each in a `col` cell of the form's grid. A Brazilian phone is
 * masked; a foreign one (a company abroad) is free text.
 */
export function ContactFields({ col, brazilian = true }: { col: ColProps; brazilian?: boolean }) {
  return (
    <>
      <Col {...col}>
        <FormField name="email" label="E-mail">
          <Input type="email" maxLength={255} autoComplete="off" />
        </FormField>
      </Col>
      <Col {...col}>
        <FormField name="phone" label="Telefone">
          {brazilian ? <MaskedInput mask="phone" /> : <Input maxLength={30} autoComplete="off" />}
        </FormField>
      </Col>
    </>
  );
}
