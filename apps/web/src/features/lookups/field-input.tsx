import type { LookupDefinition, LookupField } from '@origem/contract/schemas/lookups';
import { Input, type InputProps, type InputRef, Switch } from 'antd';
import type { ReactElement, Ref } from 'react';
import { FormField } from '../../ui/form';

type UpperCaseInputProps = Omit<InputProps, 'onChange'> & {
  onChange?: (value: string) => void;
  ref?: Ref<InputRef>;
};

/** A code stored in capitals (ISO currencies, countries, UF): what is typed shows up upper-case at once. */
function UpperCaseInput({ onChange, ...props }: UpperCaseInputProps) {
  return <Input {...props} onChange={(event) => onChange?.(event.target.value.toUpperCase())} />;
}

/**
 * The control of one field of a definition: text and codes → Input limited to the field's length (codes
 * upper-cased as typed when stored so), booleans → Switch. FormField injects value, onChange and the ARIA links.
 */
export function fieldControl(field: LookupField, options: { autoFocus?: boolean } = {}): ReactElement {
  if (field.kind === 'boolean')
    return <Switch checkedChildren="Sim" unCheckedChildren="Não" autoFocus={options.autoFocus} />;
  const common: Omit<InputProps, 'onChange'> = {
    maxLength: field.max ?? 255,
    autoComplete: 'off',
    autoFocus: options.autoFocus,
  };
  if (field.kind === 'code') {
    const code = { ...common, spellCheck: false, style: { maxWidth: 200 } };
    return field.upper ? <UpperCaseInput {...code} /> : <Input {...code} />;
  }
  return <Input {...common} />;
}

/** One labelled form item per field of the definition, in the definition's order. */
export function LookupFields({ def }: { def: LookupDefinition }) {
  return (
    <>
      {def.fields.map((field, index) => (
        <FormField
          key={field.name}
          name={field.name}
          label={field.label}
          valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
        >
          {fieldControl(field, { autoFocus: index === 0 })}
        </FormField>
      ))}
    </>
  );
}
