import { Col, type ColProps, Input, Row } from 'antd';
import type { ReactElement } from 'react';
import { FormField } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { RemoteSelect } from '../../ui/remote-select';
import { type EntityOption, entityOption } from './entity-option';
import { LogoField } from './logo-field';

/** One field of an entity form, as its kind describes it; `R` is the record being edited. */
export type EntityField<R> = {
  name: string;
  label: string;
  help?: string;
  /** Its cell in the form's grid; none for a field on a line of its own. */
  col?: ColProps;
  /** The input, given the record being edited (none when creating). */
  input: (record: R | undefined) => ReactElement;
  /** Left out when false (the association's user: a new association has no users to choose from). */
  shown?: (record: R | undefined) => boolean;
};

export const half: ColProps = { xs: 24, md: 12 };
export const third: ColProps = { xs: 24, md: 8 };

export function EntityFormField<R>({ field, record }: { field: EntityField<R>; record?: R }) {
  return (
    <FormField name={field.name} label={field.label} help={field.help}>
      {field.input(record)}
    </FormField>
  );
}

/** Fields in a grid row, each in its cell; fields without a cell stand one under the other, outside a grid. */
export function EntityFieldGrid<R>({ fields, record }: { fields: EntityField<R>[]; record?: R }) {
  const shown = fields.filter((field) => field.shown?.(record) ?? true);
  if (shown.every((field) => !field.col)) {
    return shown.map((field) => <EntityFormField key={field.name} field={field} record={record} />);
  }
  return (
    <Row gutter={16}>
      {shown.map((field) => (
        <Col key={field.name} {...field.col}>
          <EntityFormField field={field} record={record} />
        </Col>
      ))}
    </Row>
  );
}

/** The fields every entity has; the kinds place them in their own grids. */
export const nameField = (col: ColProps): EntityField<unknown> => ({
  name: 'name',
  label: 'Nome',
  col,
  input: (record) => <Input maxLength={255} autoComplete="off" autoFocus={!record} />,
});

export const abbreviationField = (col: ColProps): EntityField<unknown> => ({
  name: 'abbreviation',
  label: 'Sigla',
  col,
  input: () => <Input maxLength={30} autoComplete="off" />,
});

export const cnpjField: EntityField<unknown> = {
  name: 'cnpj',
  label: 'CNPJ',
  col: half,
  input: () => <MaskedInput mask="cnpj" />,
};

export const emailField: EntityField<unknown> = {
  name: 'email',
  label: 'E-mail',
  col: half,
  input: () => <Input type="email" maxLength={255} autoComplete="off" />,
};

export const phoneField = (name: 'phone' | 'fax', label: string, col: ColProps): EntityField<unknown> => ({
  name,
  label,
  col,
  input: () => <MaskedInput mask="phone" />,
});

/** A link to another record (the association's federation, the federation's confederation, a country). */
export const optionField = (
  name: string,
  label: string,
  path: string,
  toOption = entityOption,
): EntityField<unknown> => ({
  name,
  label,
  col: half,
  input: () => <RemoteSelect<EntityOption> path={path} toOption={toOption} />,
});

/** The logo that travels with the record's save (federations, associations); its label is also its alt text. */
export const logoField = (
  label: string,
  help: string,
): EntityField<{ name: string; logo: { url: string } | null }> => ({
  name: 'logo',
  label,
  help,
  input: (record) => (
    <LogoField currentSrc={record?.logo?.url ?? null} alt={record ? `Logo da ${record.name}` : label} />
  ),
});
